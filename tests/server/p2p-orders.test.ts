import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { offer } from '../../src/contract/p2p-offers';
import { order, orderListItem } from '../../src/contract/p2p-orders';
import { walletBalance } from '../../src/contract/wallet-operations';
import type { Database } from '../../src/server/db/database';
import { assets } from '../../src/server/db/schema/catalogue';
import { ledgerAccounts } from '../../src/server/db/schema/ledger';
import { p2pOffers } from '../../src/server/db/schema/p2p-offers';
import { p2pOrders } from '../../src/server/db/schema/p2p-orders';
import { userSettings } from '../../src/server/db/schema/users';
import { inTransaction } from '../../src/server/ledger/ledger';
import { releaseEscrow, returnEscrow } from '../../src/server/modules/p2p-orders/escrow';
import { applyTransition } from '../../src/server/modules/p2p-orders/transitions';
import { issueToken } from '../../src/server/modules/security/tokens';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { creditUser, ledgerViolations, userBalance } from './helpers/ledger';
import {
  buyOfferBody,
  offerList,
  passportVerified,
  savedMethodId,
  sellOfferBody,
  settablePriceFeed,
  usdt,
} from './helpers/p2p-offers';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// POST /p2p/orders/{offerId}, the order reads and the escrow's money (docs/p2p.md "Orders:
// creation, escrow and reads"). Every figure below is worked out by hand: USDT has 18 decimals,
// the market fee is 1 %, the offers' fixed price is 80 RUB.

const created = z.object({ order });
const orderList = z.object({ orders: z.array(orderListItem), cursor: z.nullable(z.string()) });
const statistic = z.object({
  active: z.int(),
  completed: z.int(),
  canceled: z.int(),
  disputed: z.int(),
  action_required: z.int(),
});

const newHash = () => randomBytes(48).toString('base64url');

interface Person {
  readonly userId: number;
  readonly send: Call;
}

let server: TestServer;
let now = new Date('2026-11-24T12:00:00Z');
const db = (): Database => server.database.db;

beforeAll(async () => {
  server = await createTestServer({
    featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
    priceFeed: settablePriceFeed({ 'USDT/RUB': '81' }).feed,
    now,
    // These tests place many orders as one person in a minute; the limit has its own test below.
    rateLimits: { p2p_order_create: {} },
  });
});
afterAll(() => server.close());

function setNow(next: Date): void {
  now = next;
  server.setNow(next);
}

async function person(on: TestServer = server): Promise<Person> {
  const { userId, token } = await signInTestUser(on.database, { now });
  return { userId, send: caller(on, token) };
}

interface SellOffer {
  readonly maker: Person;
  readonly methodId: number;
  readonly offerId: number;
}

/** A passport-verified maker with 150 USDT and an online sell offer of 100 USDT at 80 RUB, 1000–5000 RUB an order. */
async function sellOffer(overrides: Record<string, unknown> = {}, on: TestServer = server): Promise<SellOffer> {
  const maker = await person(on);
  await passportVerified(on.database.db, maker.userId);
  await creditUser(on.database.db, { userId: maker.userId, asset: 'USDT', amount: usdt(150) });
  const methodId = await savedMethodId(maker.send);
  const body = sellOfferBody([methodId], {
    price_type: 'fixed',
    price: '80',
    price_floating_ratio: null,
    ...overrides,
  });
  const offerId = ok(await maker.send('POST', '/p2p/offers', body), offer).id;
  expect((await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: true })).statusCode).toBe(200);
  return { maker, methodId, offerId };
}

function takeBody(methodId: number, overrides: Record<string, unknown> = {}) {
  return {
    identifier: 'sbp',
    child_identifier: 'sberbank_sbp',
    payment_method_id: methodId,
    amount: '2000',
    amount_type: 'fiat',
    price: '80',
    unique_hash: newHash(),
    token: null,
    ...overrides,
  };
}

async function offerRow(id: number) {
  const [row] = await db().select().from(p2pOffers).where(eq(p2pOffers.id, id));
  if (row === undefined) throw new Error(`offer ${id} is gone`);
  return row;
}

/**
 * The escrow columns add up (docs/p2p.md): a seller's held balance is their active sell offers'
 * `reserved` plus their running orders' `escrow` (these tests hold nothing else).
 */
async function heldByColumns(userId: number): Promise<bigint> {
  const offers = await db().select().from(p2pOffers).where(eq(p2pOffers.userId, userId));
  const orders = await db().select().from(p2pOrders);
  const escrows = orders
    .filter((row) => (row.offerType === 'sell' ? row.makerId : row.takerId) === userId)
    .reduce((sum, row) => sum + BigInt(row.escrow), 0n);
  return offers.reduce((sum, row) => sum + BigInt(row.reserved), 0n) + escrows;
}

async function feesBalance(): Promise<bigint> {
  const [row] = await db()
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, 'fees'), eq(ledgerAccounts.assetCode, 'USDT')));
  return BigInt(row?.balance ?? '0');
}

describe('taking a sell offer', () => {
  it('creates an accepted order whose escrow of amount + fee comes out of the offer reservation', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();

    const answer = await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId));

    const taken = ok(answer, created).order;
    expect(taken).toMatchObject({
      offer_id: offerId,
      offer_type: 'sell',
      asset: 'USDT',
      fiat: 'RUB',
      status: 'accepted',
      side: 'buyer',
      is_maker: false,
      price: '80',
      amount: '25000000000000000000',
      fiat_amount: '2000',
      fee: '250000000000000000',
      time_limit: 15,
      actions: ['cancel', 'mark_paid'],
      timer: { kind: 'payment', due_at: '2026-11-24T12:15:00.000Z' },
      cancel: null,
      locked_until: null,
    });
    expect(taken.history.map((entry) => [entry.from, entry.to, entry.actor])).toEqual([
      [null, 'processed', 'buyer'],
      ['processed', 'accepted', 'system'],
    ]);
    // The buyer of an accepted order sees where to pay, in full.
    expect(taken.payment_method).toEqual({
      identifier: 'sbp',
      locale: 'SBP (Faster Payments System)',
      child_identifier: 'sberbank_sbp',
      child_locale: 'Sberbank',
      name: null,
      data: '•••• 4567',
      details: [
        { key: 'phone', kind: 'phone', value: '+79001234567' },
        { key: 'holder_name', kind: 'holder_name', value: 'Anna Petrova' },
      ],
    });
    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('75000000000000000000');
    expect(offerNow.reserved).toBe('75750000000000000000');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({
      available: usdt(49),
      held: usdt(101),
    });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('shows the seller the order with the method masked, and the buyer figures the same', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;

    const seen = ok(await maker.send('GET', `/p2p/orders/${id}`), order);

    expect(seen).toMatchObject({ id, side: 'seller', is_maker: true, status: 'accepted', actions: [] });
    expect(seen.payment_method.details).toBeNull();
    expect(seen.payment_method.data).toBe('•••• 4567');
  });

  it('takes a crypto amount as typed and works out its fiat', async () => {
    const { methodId, offerId } = await sellOffer();
    const buyer = await person();

    const body = takeBody(methodId, { amount: '12500000000000000000', amount_type: 'crypto' });
    const taken = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, body), created).order;

    expect(taken.amount).toBe('12500000000000000000');
    expect(taken.fiat_amount).toBe('1000');
    expect(taken.fee).toBe('125000000000000000');
  });

  it('charges the offer exactly the fee it reserved, over orders whose own fees round', async () => {
    // 100 USDT + 1 unit: the reservation's fee is 1 USDT + 1 unit (0.01 of a unit, rounded up).
    const { maker, methodId, offerId } = await sellOffer({ volume: (usdt(100) + 1n).toString() });
    const buyer = await person();
    // 25 USDT + 50 units: 1 % of it is 0.25 USDT + 0.5 unit.
    const body = () => takeBody(methodId, { amount: (usdt(25) + 50n).toString(), amount_type: 'crypto' });

    const first = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, body()), created).order;
    const second = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, body()), created).order;

    // The half unit rounds up on one order and down on the other: 1 USDT + 1 unit left for the rest.
    expect([first.fee, second.fee]).toEqual(['250000000000000001', '250000000000000000']);
    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('49999999999999999901');
    expect(offerNow.reserved).toBe('50499999999999999901');
    expect((await userBalance(db(), maker.userId, 'USDT')).held).toBe(usdt(101) + 2n);
    expect(await heldByColumns(maker.userId)).toBe(usdt(101) + 2n);
  });
});

describe('one order per unique_hash', () => {
  it('answers 50 simultaneous repeats with the same single order', async () => {
    const { methodId, offerId } = await sellOffer();
    const buyer = await person();
    const body = takeBody(methodId);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => buyer.send('POST', `/p2p/orders/${offerId}`, body)),
    );

    const ids = new Set(answers.map((answer) => ok(answer, created).order.id));
    expect(ids.size).toBe(1);
    const rows = await db().select().from(p2pOrders).where(eq(p2pOrders.offerId, offerId));
    expect(rows).toHaveLength(1);
    expect((await offerRow(offerId)).remainingVolume).toBe('75000000000000000000');
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('lets 10 simultaneous orders with their own hashes make only the 4 the offer takes', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '1000' })),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 409, 409, 409, 409, 409, 409,
    ]);
    expect((await offerRow(offerId)).remainingVolume).toBe('50000000000000000000');
    expect(await heldByColumns(maker.userId)).toBe(usdt(101));
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('refuses the same hash with another amount with 409 hash_reused', async () => {
    const { methodId, offerId } = await sellOffer();
    const buyer = await person();
    const body = takeBody(methodId);
    ok(await buyer.send('POST', `/p2p/orders/${offerId}`, body), created);

    const again = await buyer.send('POST', `/p2p/orders/${offerId}`, { ...body, amount: '3000' });

    expectError(again, 409, 'hash_reused');
    expect((await offerRow(offerId)).remainingVolume).toBe('75000000000000000000');
  });
});

describe('refusals of a new order', () => {
  it('answers price_changed with the price now when the taker saw another', async () => {
    const { methodId, offerId } = await sellOffer();
    const buyer = await person();

    const answer = await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { price: '79.5' }));

    expect(expectError(answer, 409, 'price_changed')).toEqual({ price: '80' });
  });

  it('refuses the maker their own offer', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    expectError(await maker.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), 409, 'own_offer');
  });

  it('refuses an offer whose maker is in quiet hours, and one whose maker is blocked', async () => {
    const quiet = await sellOffer();
    const blocked = await sellOffer();
    const buyer = await person();
    // The server's clock reads 12:00 UTC; the makers have no time zone, so the window is in UTC.
    const asleep = await quiet.maker.send('PATCH', '/p2p/profile', { quiet_hours: { from: '11:00', to: '13:00' } });
    expect(asleep.statusCode).toBe(200);
    await db().update(userSettings).set({ complianceLock: true }).where(eq(userSettings.userId, blocked.maker.userId));

    expectError(
      await buyer.send('POST', `/p2p/orders/${quiet.offerId}`, takeBody(quiet.methodId)),
      409,
      'offer_quiet_hours',
    );
    expectError(
      await buyer.send('POST', `/p2p/orders/${blocked.offerId}`, takeBody(blocked.methodId)),
      409,
      'offer_offline',
    );
  });

  it('refuses an offline offer and a missing one', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: false });
    const buyer = await person();

    expectError(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), 409, 'offer_offline');
    expectError(await buyer.send('POST', '/p2p/orders/2000000000', takeBody(methodId)), 404, 'offer_not_found');
  });

  it('names the minimum and the maximum in fiat', async () => {
    const { methodId, offerId } = await sellOffer();
    const buyer = await person();

    const small = await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '999.99' }));
    const large = await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '5000.01' }));

    expect(expectError(small, 422, 'amount_too_small')).toEqual({ min: '1000' });
    expect(expectError(large, 422, 'amount_too_large')).toEqual({ max: '5000' });
  });

  it('bounds an order by what is left of the volume', async () => {
    // 20 USDT left at 80 RUB is worth 1600 RUB.
    const { methodId, offerId } = await sellOffer({ volume: usdt(20).toString() });
    const buyer = await person();

    const answer = await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '1600.01' }));

    expect(expectError(answer, 422, 'amount_too_large')).toEqual({ max: '1600' });
  });

  it('says which restriction failed and the taker figure', async () => {
    const restrictions = {
      telegram_premium_required: false,
      completed_trades_percent: null,
      trades_count_min: 5,
      trades_volume_usd_min: null,
      account_age_days_min: null,
    };
    const { methodId, offerId } = await sellOffer({ restrictions });
    const buyer = await person();

    const answer = await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId));

    expect(expectError(answer, 403, 'restriction_failed')).toEqual({
      restriction: 'trades_count_min',
      required: 5,
      actual: 0,
    });
  });

  it('refuses a method the offer does not list', async () => {
    const { methodId, offerId } = await sellOffer();
    const other = await sellOffer();
    const buyer = await person();

    expectError(
      await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(other.methodId)),
      422,
      'payment_method_invalid',
    );
    expectError(
      await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { child_identifier: 'tinkoff_sbp' })),
      422,
      'payment_method_invalid',
    );
  });

  it('refuses a fifth open order on an offer with offer_busy and lists the offer no more', async () => {
    const { methodId, offerId } = await sellOffer();
    const buyer = await person();
    for (let taken = 0; taken < 4; taken += 1) {
      ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '1000' })), created);
    }

    const fifth = await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '1000' }));

    expectError(fifth, 409, 'offer_busy');
    expect((await offerRow(offerId)).remainingVolume).toBe('50000000000000000000');
    // An offer at its cap leaves the lists (it still opens by its link).
    const listed = ok(await buyer.send('GET', '/p2p/offers?type=sell&asset=USDT&fiat=RUB&count=100'), offerList);
    expect(listed.offers.map((item) => item.id)).not.toContain(offerId);
  });

  it('keeps an offer with running orders from being deleted', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created);
    await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: false });

    expectError(await maker.send('DELETE', `/p2p/offers/${offerId}`), 409, 'has_open_orders');
  });
});

interface BuyOffer {
  readonly maker: Person;
  readonly offerId: number;
}

/** A maker buying 50 USDT at 80 RUB by SBP to Sberbank, online. */
async function buyOffer(): Promise<BuyOffer> {
  const maker = await person();
  const offerId = ok(await maker.send('POST', '/p2p/offers', buyOfferBody()), offer).id;
  expect((await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: true })).statusCode).toBe(200);
  return { maker, offerId };
}

/** A taker who will sell: 30 USDT on the balance and a saved SBP → Sberbank method. */
async function seller(): Promise<Person & { readonly methodId: number }> {
  const taker = await person();
  await creditUser(db(), { userId: taker.userId, asset: 'USDT', amount: usdt(30) });
  return { ...taker, methodId: await savedMethodId(taker.send) };
}

const p2pToken = (userId: number, hash: string) =>
  issueToken(db(), { userId, kind: 'confirmation', transactionType: 'p2p', operationHash: hash }, now);

describe('taking a buy offer (the taker sells)', () => {
  it('holds the amount from the taker with their passcode token; the maker pays the fee out of what they receive', async () => {
    const { maker, offerId } = await buyOffer();
    const taker = await seller();
    const body = takeBody(taker.methodId);

    const taken = ok(
      await taker.send('POST', `/p2p/orders/${offerId}`, {
        ...body,
        token: await p2pToken(taker.userId, body.unique_hash),
      }),
      created,
    ).order;

    expect(taken).toMatchObject({
      side: 'seller',
      is_maker: false,
      amount: '25000000000000000000',
      fee: '250000000000000000',
    });
    expect(await userBalance(db(), taker.userId, 'USDT')).toEqual({ available: usdt(5), held: usdt(25) });
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: 0n, held: 0n });
    expect((await offerRow(offerId)).remainingVolume).toBe('25000000000000000000');
  });

  it('lets a taker whose balance covers one of two simultaneous sales make only that one', async () => {
    const first = await buyOffer();
    const second = await buyOffer();
    const taker = await seller();
    const bodies = [takeBody(taker.methodId), takeBody(taker.methodId)];
    const tokens = await Promise.all(bodies.map((body) => p2pToken(taker.userId, body.unique_hash)));

    const answers = await Promise.all(
      [first.offerId, second.offerId].map((offerId, index) =>
        taker.send('POST', `/p2p/orders/${offerId}`, { ...bodies[index], token: tokens[index] }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await userBalance(db(), taker.userId, 'USDT')).toEqual({ available: usdt(5), held: usdt(25) });
  });

  it('takes the taker own method of an entry the offer lists, and no one else method', async () => {
    const { maker, offerId } = await buyOffer();
    const taker = await seller();
    const makersMethod = await savedMethodId(maker.send);
    const cardMethod = await savedMethodId(taker.send, {
      fiat: 'RUB',
      identifier: 'sberbank',
      child_identifier: null,
      name: null,
      details: { card_number: '4276 3800 1234 5679', holder_name: 'Ivan Petrov' },
    });
    const refused = async (methodId: number, entry: Record<string, unknown>) => {
      const body = takeBody(methodId, entry);
      const token = await p2pToken(taker.userId, body.unique_hash);
      expectError(
        await taker.send('POST', `/p2p/orders/${offerId}`, { ...body, token }),
        422,
        'payment_method_invalid',
      );
    };

    await refused(makersMethod, {});
    await refused(cardMethod, { identifier: 'sberbank', child_identifier: null });
    expect(await userBalance(db(), taker.userId, 'USDT')).toEqual({ available: usdt(30), held: 0n });
  });

  it('refuses without a token bound to the hash, and when the balance does not cover the amount', async () => {
    const { offerId } = await buyOffer();
    const taker = await seller();
    const body = takeBody(taker.methodId);
    const wrongHash = await p2pToken(taker.userId, newHash());

    expectError(await taker.send('POST', `/p2p/orders/${offerId}`, body), 403, 'invalid_token');
    expectError(
      await taker.send('POST', `/p2p/orders/${offerId}`, { ...body, token: wrongHash }),
      403,
      'invalid_token',
    );
    const big = takeBody(taker.methodId, { amount: '2480' });
    expectError(
      await taker.send('POST', `/p2p/orders/${offerId}`, {
        ...big,
        token: await p2pToken(taker.userId, big.unique_hash),
      }),
      409,
      'insufficient_funds',
    );
    expect(await userBalance(db(), taker.userId, 'USDT')).toEqual({ available: usdt(30), held: 0n });
  });
});

async function settle(orderId: number, buyerId: number, sellerId: number): Promise<void> {
  await inTransaction(db(), async (tx) => {
    await applyTransition(tx, { orderId, actor: { kind: 'user', userId: buyerId }, event: { type: 'mark_paid' }, now });
    await applyTransition(tx, {
      orderId,
      actor: { kind: 'user', userId: sellerId },
      event: { type: 'confirm_receipt' },
      now,
    });
    await applyTransition(tx, { orderId, actor: { kind: 'system' }, event: { type: 'settle' }, now });
  });
}

describe('the escrow when an order ends', () => {
  it('releases amount to the buyer and the fee to the fees account, once', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    await passportVerified(db(), buyer.userId);
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;
    const feesBefore = await feesBalance();

    await settle(id, buyer.userId, maker.userId);

    expect(await userBalance(db(), buyer.userId, 'USDT')).toEqual({ available: usdt(25), held: 0n });
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(49), held: usdt('75.75') });
    expect(await heldByColumns(maker.userId)).toBe(usdt('75.75'));
    expect((await feesBalance()) - feesBefore).toBe(usdt('0.25'));
    const [completed] = await db().select().from(p2pOrders).where(eq(p2pOrders.id, id));
    if (completed === undefined) throw new Error('the order is gone');
    expect(await inTransaction(db(), (tx) => releaseEscrow(tx, completed, now))).toEqual({});
    expect(await userBalance(db(), buyer.userId, 'USDT')).toEqual({ available: usdt(25), held: 0n });
    const seen = ok(await buyer.send('GET', `/p2p/orders/${id}`), order);
    expect(seen).toMatchObject({ status: 'completed', locked_until: null });
    expect(seen.payment_method.details).toBeNull();
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('returns a canceled order to the online offer reservation', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;

    await inTransaction(db(), (tx) =>
      applyTransition(tx, {
        orderId: id,
        actor: { kind: 'user', userId: buyer.userId },
        event: { type: 'cancel', reason: 'changed_mind' },
        now,
      }),
    );

    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('100000000000000000000');
    expect(offerNow.reserved).toBe('101000000000000000000');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(49), held: usdt(101) });
    expect(await heldByColumns(maker.userId)).toBe(usdt(101));
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('returns a canceled order to the seller when the offer went offline', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;
    await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: false });

    await inTransaction(db(), (tx) =>
      applyTransition(tx, {
        orderId: id,
        actor: { kind: 'user', userId: buyer.userId },
        event: { type: 'cancel', reason: 'cannot_pay' },
        now,
      }),
    );

    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(150), held: 0n });
    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('100000000000000000000');
    expect(offerNow.reserved).toBe('0');
  });
});

/** Sets the market fee of USDT in the catalogue, as an operator changing it would. */
async function setUsdtMarketFee(percent: string): Promise<void> {
  await db().update(assets).set({ marketFeePercent: percent }).where(eq(assets.code, 'USDT'));
}

async function cancelAs(orderId: number, userId: number): Promise<void> {
  await inTransaction(db(), (tx) =>
    applyTransition(tx, {
      orderId,
      actor: { kind: 'user', userId },
      event: { type: 'cancel', reason: 'changed_mind' },
      now,
    }),
  );
}

describe('the escrow when the fee rate changed since the offer went online', () => {
  afterEach(() => setUsdtMarketFee('1'));

  it('tops the reservation up from the maker balance to the new rate when the rate rose to 2 %', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    await setUsdtMarketFee('2');

    const taken = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order;

    expect(taken.fee).toBe('500000000000000000');
    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('75000000000000000000');
    expect(offerNow.reserved).toBe('76500000000000000000');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(48), held: usdt(102) });
    expect(await heldByColumns(maker.userId)).toBe(usdt(102));
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('gives the maker back what the reservation no longer needs when the rate fell to 0.5 %', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    await setUsdtMarketFee('0.5');

    const taken = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order;

    expect(taken.fee).toBe('125000000000000000');
    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('75000000000000000000');
    expect(offerNow.reserved).toBe('75375000000000000000');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt('49.5'), held: usdt('100.5') });
    expect(await heldByColumns(maker.userId)).toBe(usdt('100.5'));
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('refuses the order with insufficient_funds when the maker cannot cover a rate risen to 60 %', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    await setUsdtMarketFee('60');

    expectError(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), 409, 'insufficient_funds');

    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('100000000000000000000');
    expect(offerNow.reserved).toBe('101000000000000000000');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(49), held: usdt(101) });
  });

  it('returns a canceled order into the reservation at the new rate of 2 %, topped up from the maker', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;
    await setUsdtMarketFee('2');

    await cancelAs(id, buyer.userId);

    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('100000000000000000000');
    expect(offerNow.reserved).toBe('102000000000000000000');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(48), held: usdt(102) });
    expect(await heldByColumns(maker.userId)).toBe(usdt(102));
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('returns a canceled order to the seller when the maker cannot cover a rate risen to 60 %', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;
    await setUsdtMarketFee('60');

    await cancelAs(id, buyer.userId);

    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('75000000000000000000');
    expect(offerNow.reserved).toBe('75750000000000000000');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt('74.25'), held: usdt('75.75') });
    expect(await heldByColumns(maker.userId)).toBe(usdt('75.75'));
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe('the offer volume when an order ends', () => {
  it('lets two orders take the whole offer, leaving nothing reserved', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();

    ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '5000' })), created);
    ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '3000' })), created);

    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('0');
    expect(offerNow.reserved).toBe('0');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(49), held: usdt(101) });
    expect(await heldByColumns(maker.userId)).toBe(usdt(101));
  });

  it('gives an offline offer whose volume was lowered to 80 USDT nothing back beyond its volume', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;
    await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: false });
    ok(await maker.send('PUT', `/p2p/offers/${offerId}/volume`, { volume: usdt(80).toString() }), offer);

    await cancelAs(id, buyer.userId);

    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('80000000000000000000');
    expect(offerNow.reserved).toBe('0');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(150), held: 0n });
  });

  it('returns to the seller, not the full online offer, an order canceled after the volume was lowered to 80 USDT', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;
    await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: false });
    ok(await maker.send('PUT', `/p2p/offers/${offerId}/volume`, { volume: usdt(80).toString() }), offer);
    expect((await maker.send('PUT', `/p2p/offers/${offerId}/active`, { active: true })).statusCode).toBe(200);

    await cancelAs(id, buyer.userId);

    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('80000000000000000000');
    expect(offerNow.reserved).toBe('80800000000000000000');
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt('69.2'), held: usdt('80.8') });
    expect(await heldByColumns(maker.userId)).toBe(usdt('80.8'));
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('gives a canceled sale on a buy offer back to the taker and the volume to the offer, the maker money untouched, once', async () => {
    const { maker, offerId } = await buyOffer();
    await creditUser(db(), { userId: maker.userId, asset: 'USDT', amount: usdt(100) });
    const taker = await seller();
    const body = takeBody(taker.methodId);
    const token = await p2pToken(taker.userId, body.unique_hash);
    const id = ok(await taker.send('POST', `/p2p/orders/${offerId}`, { ...body, token }), created).order.id;

    await cancelAs(id, maker.userId);

    expect(await userBalance(db(), taker.userId, 'USDT')).toEqual({ available: usdt(30), held: 0n });
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(100), held: 0n });
    const offerNow = await offerRow(offerId);
    expect(offerNow.remainingVolume).toBe('50000000000000000000');
    expect(offerNow.reserved).toBe('0');
    const [canceled] = await db().select().from(p2pOrders).where(eq(p2pOrders.id, id));
    if (canceled === undefined) throw new Error('the order is gone');
    expect(await inTransaction(db(), (tx) => returnEscrow(tx, canceled, now))).toEqual({});
    expect(await userBalance(db(), taker.userId, 'USDT')).toEqual({ available: usdt(30), held: 0n });
    expect((await offerRow(offerId)).remainingVolume).toBe('50000000000000000000');
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe('a purchase by an unverified buyer', () => {
  it('stays locked for 24 hours: shown as held and not sellable until then', async () => {
    setNow(new Date('2026-11-24T12:00:00Z'));
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;

    await settle(id, buyer.userId, maker.userId);

    expect(ok(await buyer.send('GET', `/p2p/orders/${id}`), order).locked_until).toBe('2026-11-25T12:00:00.000Z');
    const usdtBalance = () =>
      buyer
        .send('GET', '/wallet/balance')
        .then((answer) => ok(answer, walletBalance).balances.find((b) => b.asset === 'USDT'));
    expect(await usdtBalance()).toMatchObject({ available: '0', held: '25000000000000000000' });
    // Selling it on P2P: a buy offer's order would hold it.
    const { offerId: buyOfferId } = await buyOffer();
    const methodOfBuyer = await savedMethodId(buyer.send);
    const body = takeBody(methodOfBuyer);
    const token = await p2pToken(buyer.userId, body.unique_hash);
    expectError(await buyer.send('POST', `/p2p/orders/${buyOfferId}`, { ...body, token }), 409, 'insufficient_funds');

    setNow(new Date('2026-11-25T12:00:01Z'));
    expect(await usdtBalance()).toMatchObject({ available: '25000000000000000000', held: '0' });
    setNow(new Date('2026-11-24T12:00:00Z'));
  });
});

describe('locked purchases under simultaneous sales', () => {
  it('lets only the unlocked part be sold when two sales come at once', async () => {
    const { maker, methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;
    await settle(id, buyer.userId, maker.userId);
    await creditUser(db(), { userId: buyer.userId, asset: 'USDT', amount: usdt(30) });
    // 55 USDT available, 25 of them locked: one sale of 25 fits, two do not.
    const offers = [await buyOffer(), await buyOffer()];
    const ownMethod = await savedMethodId(buyer.send);
    const bodies = offers.map(() => takeBody(ownMethod));
    const tokens = await Promise.all(bodies.map((body) => p2pToken(buyer.userId, body.unique_hash)));

    const answers = await Promise.all(
      offers.map((sale, index) =>
        buyer.send('POST', `/p2p/orders/${sale.offerId}`, { ...bodies[index], token: tokens[index] }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await userBalance(db(), buyer.userId, 'USDT')).toEqual({ available: usdt(30), held: usdt(25) });
  });
});

describe('reading orders', () => {
  it('lets no one but its two parties read an order, list it or count it', async () => {
    const { methodId, offerId } = await sellOffer();
    const buyer = await person();
    const id = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order.id;
    const stranger = await person();

    expectError(await stranger.send('GET', `/p2p/orders/${id}`), 404, 'order_not_found');
    expect(ok(await stranger.send('GET', '/p2p/orders'), orderList).orders).toEqual([]);
    expect(ok(await stranger.send('GET', '/p2p/orders/statistic'), statistic)).toEqual({
      active: 0,
      completed: 0,
      canceled: 0,
      disputed: 0,
      action_required: 0,
    });
  });

  it('lists a party orders newest first by group, a page at a time, and counts what waits for them', async () => {
    const { methodId, offerId } = await sellOffer();
    const buyer = await person();
    const ids: number[] = [];
    for (let taken = 0; taken < 3; taken += 1) {
      ids.push(
        ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId, { amount: '1000' })), created).order
          .id,
      );
    }
    const [first, second, third] = ids;
    await inTransaction(db(), (tx) =>
      applyTransition(tx, {
        orderId: first ?? 0,
        actor: { kind: 'user', userId: buyer.userId },
        event: { type: 'cancel', reason: 'changed_mind' },
        now,
      }),
    );

    const page = ok(await buyer.send('GET', '/p2p/orders?status=active&count=1'), orderList);
    const next = ok(await buyer.send('GET', `/p2p/orders?status=active&count=1&cursor=${page.cursor}`), orderList);
    const canceled = ok(await buyer.send('GET', '/p2p/orders?status=canceled'), orderList);

    expect(page.orders.map((item) => item.id)).toEqual([third]);
    expect(next.orders.map((item) => item.id)).toEqual([second]);
    expect(next.cursor).toBeNull();
    expect(canceled.orders.map((item) => item.id)).toEqual([first]);
    expect(ok(await buyer.send('GET', '/p2p/orders/statistic'), statistic)).toEqual({
      active: 2,
      completed: 0,
      canceled: 1,
      disputed: 0,
      action_required: 2,
    });
    expectError(await buyer.send('GET', '/p2p/orders?cursor=abc'), 400, 'validation_failed');
  });
});

describe('an order the maker must accept (auto-accept off)', () => {
  let manual: TestServer;
  beforeAll(async () => {
    manual = await createTestServer({
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: settablePriceFeed({ 'USDT/RUB': '81' }).feed,
      now,
      p2pAutoAccept: false,
    });
  });
  afterAll(() => manual.close());

  it('waits processed for 5 minutes, the buyer not yet seeing the details, the maker asked to accept', async () => {
    const { maker, methodId, offerId } = await sellOffer({}, manual);
    const buyer = await person(manual);

    const taken = ok(await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId)), created).order;

    expect(taken).toMatchObject({
      status: 'processed',
      actions: ['cancel'],
      timer: { kind: 'acceptance', due_at: '2026-11-24T12:05:00.000Z' },
    });
    expect(taken.payment_method.details).toBeNull();
    expect(taken.history.map((entry) => [entry.from, entry.to, entry.actor])).toEqual([[null, 'processed', 'buyer']]);
    expect(ok(await maker.send('GET', `/p2p/orders/${taken.id}`), order).actions).toEqual(['accept', 'decline']);
    expect(ok(await maker.send('GET', '/p2p/orders/statistic'), statistic)).toMatchObject({
      active: 1,
      action_required: 1,
    });
  });
});

describe('placing orders in a burst', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await createTestServer({
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: settablePriceFeed({ 'USDT/RUB': '81' }).feed,
      now,
    });
  });
  afterAll(() => limited.close());

  it('answers the 31st placing call of a person within 10 minutes with 429, repeats included', async () => {
    const { methodId, offerId } = await sellOffer({}, limited);
    const buyer = await person(limited);
    const body = takeBody(methodId);

    for (let call = 1; call <= 30; call += 1) {
      expect((await buyer.send('POST', `/p2p/orders/${offerId}`, body)).statusCode).toBe(200);
    }
    const refused = await buyer.send('POST', `/p2p/orders/${offerId}`, takeBody(methodId));

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', data: { seconds: 600 } });
    const rows = await limited.database.db.select().from(p2pOrders).where(eq(p2pOrders.offerId, offerId));
    expect(rows).toHaveLength(1);
  });
});
