/**
 * Property test of order money (P2P.md "Money"; docs/p2p.md "Orders: lifecycle, transitions and
 * timers"): random sequences of orders placed on sell and buy offers, every party action by both
 * sides (allowed or not), support's decisions, offers going offline and online, and time passing
 * with the timers worker running. After every step: the ledger is sound, no money was created or
 * lost, every seller's held balance is exactly what their online sell offers reserve plus what
 * their open orders hold, and no order has paid its buyer twice, or at all unless completed (then
 * exactly the amount, less the fee on a buy offer). Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offer } from '../../src/contract/p2p-offers';
import type { CreateOrderBody, OrderSide } from '../../src/contract/p2p-orders';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../src/server/db/schema/ledger';
import { p2pOffers } from '../../src/server/db/schema/p2p-offers';
import { p2pOrders } from '../../src/server/db/schema/p2p-orders';
import { ApiError } from '../../src/server/http/api-error';
import { storedPriceTable } from '../../src/server/integrations/prices/stored-feed';
import { inTransaction } from '../../src/server/ledger/ledger';
import { setOfferActive } from '../../src/server/modules/p2p-offers/reservation';
import { createOrder } from '../../src/server/modules/p2p-orders/create';
import { buyerOf, sellerOf } from '../../src/server/modules/p2p-orders/parties';
import { applyTransition, type TransitionEvent } from '../../src/server/modules/p2p-orders/transitions';
import { issueToken } from '../../src/server/modules/security/tokens';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { creditUser, ledgerViolations, systemBalance, userBalance } from './helpers/ledger';
import { buyOfferBody, passportVerified, savedMethodId, sellOfferBody, usdt } from './helpers/p2p-offers';
import { lifecycleMarket, type Party } from './helpers/p2p-order-lifecycle';
import { ok, resultAnswer } from './helpers/security';

type PartyEvent = Exclude<
  TransitionEvent['type'],
  'acceptance_expired' | 'payment_expired' | 'confirmation_expired' | 'settle' | 'resolve'
>;

type Step =
  | { kind: 'place'; offer: number; taker: number; fiat: string; autoAccept: boolean }
  | { kind: 'act'; order: number; by: OrderSide; type: PartyEvent; atFault: OrderSide | null }
  | { kind: 'support'; order: number; outcome: 'release' | 'return'; atFault: OrderSide | null }
  | { kind: 'offer'; offer: number; active: boolean }
  | { kind: 'time'; ms: number };

const partyEvents: readonly PartyEvent[] = [
  'accept',
  'decline',
  'cancel',
  'mark_paid',
  'unmark_paid',
  'confirm_receipt',
  'open_dispute',
  'respond_dispute',
];
const side = fc.constantFrom<OrderSide>('buyer', 'seller');
const fault = fc.constantFrom<OrderSide | null>('buyer', 'seller', null);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      offer: fc.nat(2),
      taker: fc.nat(2),
      fiat: fc.constantFrom('1000', '2500', '4000', '5000'),
      autoAccept: fc.boolean(),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('act' as const),
      order: fc.nat(20),
      by: side,
      type: fc.constantFrom(...partyEvents),
      atFault: fault,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('support' as const),
      order: fc.nat(20),
      outcome: fc.constantFrom<'release' | 'return'>('release', 'return'),
      atFault: fault,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('offer' as const), offer: fc.nat(2), active: fc.boolean() }) },
  // A step of the clock: a minute, past the acceptance window, past a payment window, past a dispute's answer window.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      ms: fc.constantFrom(60_000, 6 * 60_000, 16 * 60_000, 13 * 3_600_000),
    }),
  },
);

const openStatuses = ['processed', 'accepted', 'pending', 'confirmed', 'disputed'] as const;

function partyEvent(type: PartyEvent): TransitionEvent {
  switch (type) {
    case 'cancel':
      return { type, reason: 'other' };
    case 'open_dispute':
      return { type, reason: 'other' };
    default:
      return { type };
  }
}

describe('order money under random actions of both sides, support and the clock', () => {
  const market = lifecycleMarket();
  const db = () => market.db();

  interface World {
    readonly sellers: readonly Party[];
    readonly takers: readonly Party[];
    /** Offers: two sell offers (100 USDT each, of two sellers) and one buy offer (50 USDT). */
    readonly offers: readonly { readonly id: number; readonly maker: Party; readonly methodId: number | null }[];
    readonly takerMethods: ReadonlyMap<number, number>;
    readonly credited: bigint;
  }

  async function world(): Promise<World> {
    const sellers: Party[] = [];
    const offers: { id: number; maker: Party; methodId: number | null }[] = [];
    for (let index = 0; index < 2; index += 1) {
      const seller = await market.party();
      await passportVerified(db(), seller.userId);
      await creditUser(db(), { userId: seller.userId, asset: 'USDT', amount: usdt(110) });
      const methodId = await savedMethodId(seller.send);
      const body = sellOfferBody([methodId], { price_type: 'fixed', price: '80', price_floating_ratio: null });
      const created = ok(await seller.send('POST', '/p2p/offers', body), offer);
      ok(await seller.send('PUT', `/p2p/offers/${created.id}/active`, { active: true }), resultAnswer);
      sellers.push(seller);
      offers.push({ id: created.id, maker: seller, methodId });
    }
    const buyMaker = await market.party();
    const buyOffer = ok(await buyMaker.send('POST', '/p2p/offers', buyOfferBody()), offer);
    ok(await buyMaker.send('PUT', `/p2p/offers/${buyOffer.id}/active`, { active: true }), resultAnswer);
    offers.push({ id: buyOffer.id, maker: buyMaker, methodId: null });
    const takers: Party[] = [];
    const takerMethods = new Map<number, number>();
    for (let index = 0; index < 3; index += 1) {
      const taker = await market.party();
      await creditUser(db(), { userId: taker.userId, asset: 'USDT', amount: usdt(60) });
      takerMethods.set(taker.userId, await savedMethodId(taker.send));
      takers.push(taker);
    }
    return { sellers, takers, offers, takerMethods, credited: usdt(2 * 110 + 3 * 60) };
  }

  /** Refusals are part of the game (a 4xx ApiError that changes nothing); anything else fails the run. */
  async function attempt(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    }
  }

  async function place(w: World, s: Extract<Step, { kind: 'place' }>, orders: number[]): Promise<void> {
    const target = w.offers[s.offer];
    const taker = w.takers[s.taker];
    if (target === undefined || taker === undefined) return;
    const isBuyOffer = target.methodId === null;
    const uniqueHash = randomBytes(48).toString('base64url');
    const body: CreateOrderBody = {
      identifier: 'sbp',
      child_identifier: 'sberbank_sbp',
      payment_method_id: target.methodId ?? w.takerMethods.get(taker.userId) ?? 0,
      amount: s.fiat,
      amount_type: 'fiat',
      price: '80',
      unique_hash: uniqueHash,
      token: isBuyOffer
        ? await issueToken(
            db(),
            { userId: taker.userId, kind: 'confirmation', transactionType: 'p2p', operationHash: uniqueHash },
            market.now(),
          )
        : null,
    };
    await attempt(async () => {
      const row = await createOrder(
        db(),
        { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
        {
          takerId: taker.userId,
          offerId: target.id,
          body,
          prices: await storedPriceTable(db()),
          autoAccept: s.autoAccept,
          now: market.now(),
        },
      );
      orders.push(row.id);
    });
  }

  async function act(orders: readonly number[], s: Extract<Step, { kind: 'act' | 'support' }>): Promise<void> {
    // The parties act on open orders and support decides disputes (any order when there is none, which must refuse).
    const wanted = s.kind === 'support' ? (['disputed'] as const) : openStatuses;
    const open =
      orders.length === 0
        ? []
        : (
            await db()
              .select({ id: p2pOrders.id })
              .from(p2pOrders)
              .where(and(inArray(p2pOrders.id, [...orders]), inArray(p2pOrders.status, [...wanted])))
              .orderBy(p2pOrders.id)
          ).map((one) => one.id);
    const candidates = open.length > 0 ? open : orders;
    const orderId = candidates[s.order % Math.max(1, candidates.length)];
    if (orderId === undefined) return;
    const [row] = await db().select().from(p2pOrders).where(eq(p2pOrders.id, orderId));
    if (row === undefined) throw new Error(`order ${orderId} vanished`);
    const now = market.now();
    if (s.kind === 'support') {
      const event: TransitionEvent = { type: 'resolve', outcome: s.outcome, atFault: s.atFault };
      await attempt(() =>
        inTransaction(db(), (tx) => applyTransition(tx, { orderId, actor: { kind: 'support' }, event, now })),
      );
      return;
    }
    const userId = s.by === 'buyer' ? buyerOf(row) : sellerOf(row);
    const event = partyEvent(s.type);
    await attempt(() =>
      inTransaction(db(), (tx) => applyTransition(tx, { orderId, actor: { kind: 'user', userId }, event, now })),
    );
  }

  /** Every invariant of the run's money; empty when sound. */
  async function violations(w: World, orders: readonly number[], feesBefore: bigint): Promise<string[]> {
    const found = [...(await ledgerViolations(db()))];
    const users = [...w.sellers, ...w.takers, ...w.offers.map((one) => one.maker)];
    const userIds = [...new Set(users.map((one) => one.userId))];
    let total = (await systemBalance(db(), 'USDT', 'fees')) - feesBefore;
    const rows =
      orders.length === 0
        ? []
        : await db()
            .select()
            .from(p2pOrders)
            .where(inArray(p2pOrders.id, [...orders]));
    const offerRows = await db().select().from(p2pOffers).where(inArray(p2pOffers.userId, userIds));
    for (const userId of userIds) {
      const balance = await userBalance(db(), userId, 'USDT');
      total += balance.available + balance.held;
      const reserved = offerRows
        .filter((one) => one.userId === userId && one.status === 'active' && one.type === 'sell')
        .reduce((sum, one) => sum + BigInt(one.reserved), 0n);
      const escrow = rows.filter((one) => sellerOf(one) === userId).reduce((sum, one) => sum + BigInt(one.escrow), 0n);
      if (balance.held !== reserved + escrow) {
        found.push(`user ${userId} holds ${balance.held}, but offers reserve ${reserved} and orders hold ${escrow}`);
      }
    }
    if (total !== w.credited) found.push(`the run's USDT adds up to ${total}, not the ${w.credited} credited`);
    for (const row of rows) {
      const releases = await db()
        .select({ id: ledgerJournals.id })
        .from(ledgerJournals)
        .where(and(eq(ledgerJournals.operationId, row.escrowOperationId), eq(ledgerJournals.step, 'transfer')));
      const [paid] = await db()
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
        .from(ledgerEntries)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            eq(ledgerJournals.operationId, row.escrowOperationId),
            eq(ledgerAccounts.userId, buyerOf(row)),
            eq(ledgerAccounts.kind, 'available'),
          ),
        );
      const due = row.offerType === 'sell' ? BigInt(row.amount) : BigInt(row.amount) - BigInt(row.fee);
      const expected = row.status === 'completed' ? due : 0n;
      if (releases.length !== (row.status === 'completed' ? 1 : 0) || BigInt(paid?.total ?? '0') !== expected) {
        found.push(
          `order ${row.id} (${row.status}) released ${releases.length} times, paying its buyer ${paid?.total}`,
        );
      }
    }
    return found;
  }

  it('never creates, loses or double-releases money', async () => {
    let steps = 0;
    const ended = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 40, maxLength: 120 }), async (plan) => {
        const w = await world();
        const feesBefore = await systemBalance(db(), 'USDT', 'fees');
        const orders: number[] = [];
        for (const s of plan) {
          steps += 1;
          if (s.kind === 'place') await place(w, s, orders);
          else if (s.kind === 'act' || s.kind === 'support') await act(orders, s);
          else if (s.kind === 'offer') {
            const target = w.offers[s.offer];
            if (target !== undefined)
              await attempt(() => setOfferActive(db(), target.maker.userId, target.id, s.active, market.now()));
          } else {
            market.advance(s.ms);
            await market.runTimers();
          }
          expect(await violations(w, orders, feesBefore)).toEqual([]);
        }
        // In the end every order settles or is canceled once the clock has run long enough, but pending and disputed ones wait for a person.
        market.advance(24 * 3_600_000);
        await market.runTimers();
        await market.runTimers();
        expect(await violations(w, orders, feesBefore)).toEqual([]);
        const stuck = await db()
          .select({ status: p2pOrders.status, cause: p2pOrders.cancelCause })
          .from(p2pOrders)
          .where(inArray(p2pOrders.id, orders.length === 0 ? [0] : orders));
        for (const one of stuck) ended.add(one.cause === null ? one.status : `canceled by ${one.cause}`);
        expect(stuck.filter((one) => ['processed', 'accepted', 'confirmed'].includes(one.status))).toEqual([]);
      }),
      // A fixed seed keeps CI's runs (and the tripwire below) the same; P2P_PROPERTY_SEED explores others.
      { numRuns: Number(process.env.P2P_PROPERTY_RUNS ?? 30), seed: Number(process.env.P2P_PROPERTY_SEED ?? 13) },
    );
    const runs = Number(process.env.P2P_PROPERTY_RUNS ?? 30);
    expect(steps).toBeGreaterThan(runs * 40);
    // The runs reached the ends that move money, by every way there (a tripwire, not an oracle).
    if (runs >= 20) {
      expect([...ended].sort()).toEqual(
        expect.arrayContaining([
          'completed',
          'canceled by buyer',
          'canceled by buyer_timeout',
          'canceled by maker_timeout',
          'canceled by seller',
          'canceled by support',
        ]),
      );
    }
  }, 600_000);
});
