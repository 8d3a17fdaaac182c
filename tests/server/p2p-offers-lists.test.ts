import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { offer } from '../../src/contract/p2p-offers';
import { p2pOffers } from '../../src/server/db/schema/p2p-offers';
import { p2pProfiles, p2pTradeDays } from '../../src/server/db/schema/p2p-profile';
import { userSettings } from '../../src/server/db/schema/users';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { creditUser } from './helpers/ledger';
import {
  buyOfferBody,
  offerList,
  passportVerified,
  savedMethodId,
  sellOfferBody,
  settablePriceFeed,
  usdt,
} from './helpers/p2p-offers';
import { type Call, caller, expectError, ok, resultAnswer } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const pricesAnswer = z.object({
  items: z.array(z.object({ identifier: z.string(), locale: z.string(), price: z.string(), offers: z.int() })),
});

describe('P2P offer lists', () => {
  let server: TestServer;
  const prices = settablePriceFeed({ 'USDT/RUB': '81' });
  const now = new Date('2026-11-24T12:00:00Z');
  const tbankCard = {
    fiat: 'RUB',
    identifier: 'tbank',
    child_identifier: null,
    name: null,
    details: { card_number: '4111 1111 1111 1111', holder_name: 'Anna Petrova' },
  };
  /** Offer ids by maker letter. */
  const ids = new Map<string, number>();
  let viewer: { userId: number; send: Call };

  const db = () => server.database.db;
  const idOf = (letter: string) => ids.get(letter) ?? 0;

  async function person() {
    const { userId, token } = await signInTestUser(server.database, { now });
    return { userId, send: caller(server, token) };
  }

  /** A verified maker with 150 USDT whose offer goes online at once. */
  async function onlineOffer(
    letter: string,
    body: (methodId: number) => Record<string, unknown>,
    trades?: [number, number],
  ) {
    const maker = await person();
    await passportVerified(db(), maker.userId);
    await creditUser(db(), { userId: maker.userId, asset: 'USDT', amount: usdt(150) });
    const methodId = await savedMethodId(maker.send, letter === 'A' ? tbankCard : undefined);
    const created = ok(await maker.send('POST', '/p2p/offers', body(methodId)), offer);
    ok(await maker.send('PUT', `/p2p/offers/${created.id}/active`, { active: true }), resultAnswer);
    if (trades !== undefined) {
      await db().insert(p2pTradeDays).values({
        userId: maker.userId,
        day: '2026-11-20',
        completedOrders: trades[0],
        cancelledOrders: trades[1],
        volumeUsdCents: 0n,
      });
    }
    ids.set(letter, created.id);
    return maker;
  }

  const fixed =
    (price: string, overrides: Record<string, unknown> = {}) =>
    (methodId: number) =>
      sellOfferBody([methodId], { price_type: 'fixed', price, price_floating_ratio: null, ...overrides });

  beforeAll(async () => {
    server = await createTestServer({
      now,
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: prices.feed,
    });
    viewer = await person();
    await onlineOffer('A', fixed('85', { limits: { min: '1000', max: '9000' } }));
    await onlineOffer('B', (methodId) => sellOfferBody([methodId], { price_floating_ratio: '100' }));
    await onlineOffer('C', fixed('81'), [9, 1]);
    const d = await onlineOffer('D', fixed('81'), [10, 0]);
    await onlineOffer('E', fixed('81'), [5, 0]);
    await onlineOffer('F', fixed('81'));
    const blocked = await onlineOffer('G', fixed('70'));
    await db().update(userSettings).set({ complianceBan: true }).where(eq(userSettings.userId, blocked.userId));
    const softBanned = await onlineOffer('G2', fixed('70'));
    await db()
      .update(userSettings)
      .set({ softBanUntil: new Date('2026-11-24T12:00:01Z') })
      .where(eq(userSettings.userId, softBanned.userId));
    // A soft ban that ended a second ago hides nothing.
    const banEnded = await onlineOffer('J', fixed('84'));
    await db()
      .update(userSettings)
      .set({ softBanUntil: new Date('2026-11-24T11:59:59Z') })
      .where(eq(userSettings.userId, banEnded.userId));
    await onlineOffer('H', fixed('70'));
    // What orders will leave: 1 USDT, less than the 1000 RUB minimum at 70 RUB.
    await db()
      .update(p2pOffers)
      .set({ remainingVolume: usdt(1).toString() })
      .where(eq(p2pOffers.id, idOf('H')));
    const offline = await onlineOffer('I', fixed('70'));
    ok(await offline.send('PUT', `/p2p/offers/${idOf('I')}/active`, { active: false }), resultAnswer);
    await db().update(p2pProfiles).set({ isVerifiedMerchant: true }).where(eq(p2pProfiles.userId, d.userId));
    // The viewer's own offer is on "My offers", not in the list.
    await passportVerified(db(), viewer.userId);
    await creditUser(db(), { userId: viewer.userId, asset: 'USDT', amount: usdt(150) });
    const own = ok(await viewer.send('POST', '/p2p/offers', fixed('66')(await savedMethodId(viewer.send))), offer);
    ok(await viewer.send('PUT', `/p2p/offers/${own.id}/active`, { active: true }), resultAnswer);
    await onlineOffer('X', () => buyOfferBody({ price: '80' }));
    await onlineOffer('Y', () => buyOfferBody({ price: '79' }));
  }, 120_000);
  afterAll(() => server.close());

  async function list(query: string) {
    return ok(await viewer.send('GET', `/p2p/offers?${query}`), offerList);
  }

  function lettersOf(offers: readonly { id: number }[]): string[] {
    const byId = new Map([...ids].map(([letter, id]) => [id, letter]));
    return offers.map((item) => byId.get(item.id) ?? `own ${item.id}`);
  }

  it('shows sell offers cheapest first, then by completion rate, orders and age, hiding blocked, unfillable, offline and own offers', async () => {
    const page = await list('type=sell&asset=USDT&fiat=RUB');

    expect(lettersOf(page.offers)).toEqual(['D', 'E', 'C', 'B', 'F', 'J', 'A']);
    expect(page.offers.map((item) => item.price)).toEqual(['81', '81', '81', '81', '81', '84', '85']);
    expect(page.offers.slice(0, 3).map((item) => [item.user.orders, item.user.orders_percent])).toEqual([
      [10, 100],
      [5, 100],
      [9, 90],
    ]);
    expect(page.cursor).toBeNull();
  });

  it('pages by cursor without repeating or skipping', async () => {
    const first = await list('type=sell&asset=USDT&fiat=RUB&count=4');
    const second = await list(`type=sell&asset=USDT&fiat=RUB&count=4&cursor=${first.cursor ?? ''}`);

    expect(lettersOf(first.offers)).toEqual(['D', 'E', 'C', 'B']);
    expect(lettersOf(second.offers)).toEqual(['F', 'J', 'A']);
    expect(second.cursor).toBeNull();
  });

  it('refuses a cursor it did not hand out with 400', async () => {
    expectError(
      await viewer.send('GET', '/p2p/offers?type=sell&asset=USDT&fiat=RUB&cursor=WzEsMiwzXQ'),
      400,
      'validation_failed',
    );
  });

  it('shows buy offers highest price first', async () => {
    expect(lettersOf((await list('type=buy&asset=USDT&fiat=RUB')).offers)).toEqual(['X', 'Y']);
  });

  it('filters by payment method, a group’s bank counting for its group', async () => {
    expect(lettersOf((await list('type=sell&asset=USDT&fiat=RUB&payment_methods=tbank')).offers)).toEqual(['A']);
    expect(lettersOf((await list('type=sell&asset=USDT&fiat=RUB&payment_methods=sbp')).offers)).toEqual([
      'D',
      'E',
      'C',
      'B',
      'F',
      'J',
    ]);
    expect(
      lettersOf(
        (await list('type=sell&asset=USDT&fiat=RUB&payment_methods=sberbank_sbp&payment_methods=tbank')).offers,
      ),
    ).toEqual(['D', 'E', 'C', 'B', 'F', 'J', 'A']);
  });

  it('filters by an amount the limits allow and by verified merchants', async () => {
    expect(lettersOf((await list('type=sell&asset=USDT&fiat=RUB&amount=6000')).offers)).toEqual(['A']);
    // A's 100 USDT at 85 RUB cover 8500 RUB, though its maximum is 9000.
    expect(lettersOf((await list('type=sell&asset=USDT&fiat=RUB&amount=8500')).offers)).toEqual(['A']);
    expect(lettersOf((await list('type=sell&asset=USDT&fiat=RUB&amount=8500.01')).offers)).toEqual([]);
    expect(lettersOf((await list('type=sell&asset=USDT&fiat=RUB&amount=1000')).offers)).toEqual([
      'D',
      'E',
      'C',
      'B',
      'F',
      'J',
      'A',
    ]);
    expect(lettersOf((await list('type=sell&asset=USDT&fiat=RUB&amount=999.99')).offers)).toEqual([]);
    expect(lettersOf((await list('type=sell&asset=USDT&fiat=RUB&verified_only=true')).offers)).toEqual(['D']);
  });

  it('follows the reference price: at 86 RUB the floating offer at 100 % costs 86 and sorts after the fixed 85', async () => {
    prices.set('USDT/RUB', '86');
    try {
      const page = await list('type=sell&asset=USDT&fiat=RUB');
      expect(lettersOf(page.offers)).toEqual(['D', 'E', 'C', 'F', 'J', 'A', 'B']);
      expect(page.offers.at(-1)?.price).toBe('86');
    } finally {
      prices.set('USDT/RUB', '81');
    }
  });

  it('answers the best price per payment method of the offers a list shows', async () => {
    const answer = ok(
      await viewer.send('GET', '/p2p/offers/prices-by-payment-method?type=sell&asset=USDT&fiat=RUB'),
      pricesAnswer,
    );

    expect(answer.items).toEqual([
      { identifier: 'sbp', locale: 'SBP (Faster Payments System)', price: '81', offers: 6 },
      { identifier: 'tbank', locale: 'T-Bank', price: '85', offers: 1 },
    ]);
  });

  it('answers the highest price per method for buy offers', async () => {
    const answer = ok(
      await viewer.send('GET', '/p2p/offers/prices-by-payment-method?type=buy&asset=USDT&fiat=RUB'),
      pricesAnswer,
    );

    expect(answer.items).toEqual([
      { identifier: 'sbp', locale: 'SBP (Faster Payments System)', price: '80', offers: 2 },
    ]);
  });

  it('still opens a hidden offer by its id', async () => {
    const hidden = ok(await viewer.send('GET', `/p2p/offers/${idOf('G')}`), offer);

    expect(hidden).toMatchObject({ id: idOf('G'), status: 'active', is_mine: false });
  });

  it('shows the viewer’s own matching saved methods on a buy offer as taker_accepts', async () => {
    const seen = ok(await viewer.send('GET', `/p2p/offers/${idOf('X')}`), offer);

    expect(
      seen.payment.taker_accepts.map((method) => [method.identifier, method.child_identifier, method.data]),
    ).toEqual([['sbp', 'sberbank_sbp', '•••• 4567']]);
  });
});
