import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import * as z from 'zod/mini';
import { type ConfirmPasscodeInput, passcodeConfirmMachine } from '../../machines/passcodeConfirm.machine';
import type { TakeFacts } from '../../machines/takeOffer/amountRules';
import {
  type CreateOrderFailure,
  type CreateOrderInput,
  type TakeOfferInput,
  takeOfferMachine,
} from '../../machines/takeOffer.machine';
import { offer } from '../../src/contract/p2p-offers';
import { order } from '../../src/contract/p2p-orders';
import type { Database } from '../../src/server/db/database';
import { p2pOrders } from '../../src/server/db/schema/p2p-orders';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { creditUser, userBalance } from './helpers/ledger';
import {
  buyOfferBody,
  passportVerified,
  savedMethodId,
  sellOfferBody,
  settablePriceFeed,
  usdt,
} from './helpers/p2p-offers';
import { activatePassCode, type Call, caller, fakeBotApi, ok, tokenAnswer } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// The take-offer machine (machines/takeOffer.machine.ts) against the real server: its create call
// is POST /p2p/orders/{offerId} through app.inject and a seller's passcode step asks the real
// POST /security/pass-code/token, so the happy paths and the refusals the server gives
// (amount_too_small after the maker raised the minimum, price_changed after a new price, own offer)
// are the server's, and the order rows are read back. Every figure is worked out by hand: USDT has
// 18 decimals here, offers are at a fixed 80 RUB with limits 1 000–5 000 RUB.

const created = z.object({ order });
const bot = fakeBotApi();
let server: TestServer;
const db = (): Database => server.database.db;

beforeAll(async () => {
  server = await createTestServer({
    featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
    priceFeed: settablePriceFeed({ 'USDT/RUB': '81' }).feed,
    security: { botApi: bot },
  });
});
afterAll(() => server.close());

interface Person {
  readonly userId: number;
  readonly send: Call;
}

async function person(): Promise<Person> {
  const { userId, token } = await signInTestUser(server.database);
  return { userId, send: caller(server, token) };
}

/** A maker with an online offer: sell (100 USDT, their SBP Sberbank method) or buy (50 USDT by SBP Sberbank). */
async function onlineOffer(type: 'sell' | 'buy'): Promise<{ maker: Person; offerId: number; methodId: number }> {
  const maker = await person();
  await passportVerified(db(), maker.userId);
  await creditUser(db(), { userId: maker.userId, asset: 'USDT', amount: usdt(150) });
  const methodId = await savedMethodId(maker.send);
  const body =
    type === 'sell'
      ? sellOfferBody([methodId], { price_type: 'fixed', price: '80', price_floating_ratio: null })
      : buyOfferBody();
  const offerId = ok(await maker.send('POST', '/p2p/offers', body), offer).id;
  expect((await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: true })).statusCode).toBe(200);
  return { maker, offerId, methodId };
}

/** What the take form knows of the offer when it opens: 80 RUB, 1 000–5 000 RUB, 18 decimals. */
function facts(type: 'sell' | 'buy', balance: string | null, remaining: bigint): TakeFacts {
  return {
    type,
    price: '80',
    limits: { min: '1000', max: '5000' },
    remainingVolume: remaining.toString(),
    assetDecimals: 18,
    shownDecimals: 6,
    balance,
  };
}

const passcodeFacts = {
  biometric: { inMessenger: false, version: null, available: false, enabled: false, lastSuggested: null },
  now: Date.parse('2026-11-24T12:00:00Z'),
};

/** A buyer's form on a sell offer with `amount` typed (fiat unless said), the maker's SBP Sberbank method chosen. */
function buyerInput(
  offerId: number,
  methodId: number,
  amount: string,
  type: 'fiat' | 'crypto' = 'fiat',
): TakeOfferInput {
  return {
    offerId,
    facts: facts('sell', null, usdt(100)),
    online: true,
    draft: { amount, type },
    method: { id: methodId, identifier: 'sbp', childIdentifier: 'sberbank_sbp' },
    noticeDue: false,
    hasPasscode: false,
    passcode: passcodeFacts,
  };
}

/** The machine with its calls going to the real server as `taker`. */
function takeOffer(taker: Person, options: { loseFirstAnswer?: boolean } = {}) {
  let lost = options.loseFirstAnswer === true;
  return takeOfferMachine.provide({
    actors: {
      createOrder: fromPromise<{ id: number }, CreateOrderInput>(async ({ input }) => {
        const response = await taker.send('POST', `/p2p/orders/${input.offerId}`, input.body);
        if (lost) {
          // The order was placed, but its answer never reached the app.
          lost = false;
          throw { status: null, code: null } satisfies CreateOrderFailure;
        }
        if (response.statusCode === 200) return { id: ok(response, created).order.id };
        const body: unknown = response.json();
        const code = Reflect.get(Object(body), 'code');
        throw {
          status: response.statusCode,
          code: typeof code === 'string' ? code : null,
          data: Reflect.get(Object(body), 'data'),
        } satisfies CreateOrderFailure;
      }),
      passcodeConfirm: passcodeConfirmMachine.provide({
        actors: {
          confirmPasscode: fromPromise<string, ConfirmPasscodeInput>(
            async ({ input }) =>
              ok(await taker.send('POST', '/security/pass-code/token', { ...input }), tokenAnswer).token,
          ),
        },
      }),
    },
  });
}

async function ordersOf(takerId: number) {
  return db().select().from(p2pOrders).where(eq(p2pOrders.takerId, takerId));
}

const settledOrRefused = (snapshot: { hasTag(tag: string): boolean; status: string }) =>
  snapshot.status === 'done' || snapshot.hasTag('form') || snapshot.hasTag('failed') || snapshot.hasTag('passcode');

describe('taking an offer against the real server', () => {
  it('a buyer types 25 USDT, confirms, and the order is placed at 2 000 RUB and accepted', async () => {
    const { offerId, methodId } = await onlineOffer('sell');
    const taker = await person();
    const actor = createActor(takeOffer(taker), { input: buyerInput(offerId, methodId, '25', 'crypto') }).start();
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    const end = await waitFor(actor, settledOrRefused);
    expect(end.status).toBe('done');
    const id = end.output?.orderId ?? 0;
    const seen = ok(await taker.send('GET', `/p2p/orders/${id}`), order);
    expect(seen).toMatchObject({
      offer_id: offerId,
      status: 'accepted',
      side: 'buyer',
      is_maker: false,
      price: '80',
      fiat_amount: '2000',
      amount: '25000000000000000000',
    });
  });

  it('a refused amount (the maker raised the minimum) shows the refusal, and the next try with a new hash places one order', async () => {
    const { maker, offerId, methodId } = await onlineOffer('sell');
    const taker = await person();
    const actor = createActor(takeOffer(taker), { input: buyerInput(offerId, methodId, '1200') }).start();
    expect((await maker.send('PUT', `/p2p/offers/${offerId}/limits`, { min: '1500', max: '5000' })).statusCode).toBe(
      200,
    );
    const firstHash = actor.getSnapshot().context.uniqueHash;
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    const refused = await waitFor(actor, settledOrRefused);
    expect(refused.hasTag('form')).toBe(true);
    expect(refused.context.refusal).toEqual({ code: 'amount_too_small', data: { min: '1500' } });
    expect(refused.context.uniqueHash).not.toBe(firstHash);
    expect(await ordersOf(taker.userId)).toEqual([]);
    actor.send({ type: 'amount.change', text: '1600' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    const placed = await waitFor(actor, settledOrRefused);
    expect(placed.status).toBe('done');
    const rows = await ordersOf(taker.userId);
    expect(rows.map((row) => [row.uniqueHash, row.fiatAmount])).toEqual([[refused.context.uniqueHash, '1600.00']]);
  });

  it('price_changed from the server asks again at its price, and the order is placed at it', async () => {
    const { maker, offerId, methodId } = await onlineOffer('sell');
    const taker = await person();
    const actor = createActor(takeOffer(taker), { input: buyerInput(offerId, methodId, '2000') }).start();
    const repriced = await maker.send('PUT', `/p2p/offers/${offerId}/price`, {
      price_type: 'fixed',
      price: '82',
      price_floating_ratio: null,
    });
    expect(repriced.statusCode).toBe(200);
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    const asked = await waitFor(actor, (snapshot) => snapshot.hasTag('sheet') && snapshot.context.priceChanged);
    expect(asked.context.quotedPrice).toBe('82');
    actor.send({ type: 'confirm.accept' });
    const placed = await waitFor(actor, settledOrRefused);
    expect(placed.status).toBe('done');
    const seen = ok(await taker.send('GET', `/p2p/orders/${placed.output?.orderId ?? 0}`), order);
    // 2 000 RUB at 82: 24.390243902439024390 USDT, rounded down to 18 decimals.
    expect(seen).toMatchObject({ price: '82', fiat_amount: '2000', amount: '24390243902439024390' });
  });

  it('the maker taking their own offer is refused with own_offer, and nothing is placed', async () => {
    const { maker, offerId, methodId } = await onlineOffer('sell');
    const actor = createActor(takeOffer(maker), { input: buyerInput(offerId, methodId, '2000') }).start();
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    const refused = await waitFor(actor, settledOrRefused);
    expect(refused.context.refusal).toEqual({ code: 'own_offer', data: undefined });
    expect(await ordersOf(maker.userId)).toEqual([]);
  });

  it('an unverified seller skips the notice, confirms with the passcode, and 25 USDT leave their balance into escrow', async () => {
    const { offerId } = await onlineOffer('buy');
    const taker = await person();
    await activatePassCode(server, taker.send, taker.userId, bot, '2580');
    await creditUser(db(), { userId: taker.userId, asset: 'USDT', amount: usdt(100) });
    const methodId = await savedMethodId(taker.send);
    const actor = createActor(takeOffer(taker), {
      input: {
        offerId,
        facts: facts('buy', usdt(100).toString(), usdt(50)),
        online: true,
        draft: { amount: '2000', type: 'fiat' },
        method: { id: methodId, identifier: 'sbp', childIdentifier: 'sberbank_sbp' },
        noticeDue: true,
        hasPasscode: true,
        passcode: passcodeFacts,
      },
    }).start();
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    expect(actor.getSnapshot().hasTag('notice')).toBe(true);
    actor.send({ type: 'notice.skip' });
    actor.getSnapshot().children.passcode?.send({ type: 'code.paste', text: '2580' });
    const placed = await waitFor(actor, (snapshot) => snapshot.status === 'done' || snapshot.hasTag('form'));
    expect(placed.status).toBe('done');
    const seen = ok(await taker.send('GET', `/p2p/orders/${placed.output?.orderId ?? 0}`), order);
    expect(seen).toMatchObject({ side: 'seller', status: 'accepted', amount: '25000000000000000000' });
    expect(await userBalance(db(), taker.userId, 'USDT')).toEqual({ available: usdt(75), held: usdt(25) });
  });

  it('an answer lost on the way: Try again sends the same hash and token, and the server answers the one order', async () => {
    const { offerId, methodId } = await onlineOffer('sell');
    const taker = await person();
    const actor = createActor(takeOffer(taker, { loseFirstAnswer: true }), {
      input: buyerInput(offerId, methodId, '2000'),
    }).start();
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    expect((await waitFor(actor, settledOrRefused)).hasTag('failed')).toBe(true);
    actor.send({ type: 'retry' });
    const placed = await waitFor(actor, settledOrRefused);
    expect(placed.status).toBe('done');
    const rows = await ordersOf(taker.userId);
    expect(rows.map((row) => row.id)).toEqual([placed.output?.orderId]);
  });
});
