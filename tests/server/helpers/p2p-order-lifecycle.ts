import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import * as z from 'zod/mini';
import { offer } from '../../../src/contract/p2p-offers';
import { order, releaseHash } from '../../../src/contract/p2p-orders';
import type { Database } from '../../../src/server/db/database';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../../src/server/db/schema/ledger';
import { p2pOffers } from '../../../src/server/db/schema/p2p-offers';
import { p2pOrders } from '../../../src/server/db/schema/p2p-orders';
import { p2pTradeDays } from '../../../src/server/db/schema/p2p-profile';
import { createSession } from '../../../src/server/modules/auth/sessions';
import { runDueOrderTimers, type TimerStep } from '../../../src/server/modules/p2p-orders/timers';
import { issueToken } from '../../../src/server/modules/security/tokens';
import { p2pFeatureFlags } from '../../../src/server/modules/settings/feature-flags';
import { upsertUser } from '../../../src/server/modules/users/service';
import { creditUser, userBalance } from './ledger';
import { passportVerified, savedMethodId, sbpOrderBody, sellOfferBody, settablePriceFeed, usdt } from './p2p-offers';
import { type Call, caller, ok, resultAnswer } from './security';
import { createTestServer, signInTestUser, type TestServer } from './test-server';

/** The operator's Telegram id in these tests (OPERATOR_IDS). */
export const supportId = 990_000_002;

export interface Party {
  readonly userId: number;
  readonly token: string;
  readonly send: Call;
}

/** A `processed` order of 4000 RUB (50 USDT, the maker's fee 0.5 USDT) on a seller's sell offer. */
export interface SellOrder {
  readonly orderId: number;
  readonly offerId: number;
  readonly seller: Party;
  readonly buyer: Party;
}

/** What the order's money looks like: the order row, its offer and both parties' USDT. */
export interface MoneySnapshot {
  readonly escrow: bigint;
  readonly offerRemaining: bigint;
  readonly offerReserved: bigint;
  readonly seller: { readonly available: bigint; readonly held: bigint };
  readonly buyer: { readonly available: bigint; readonly held: bigint };
  /** What the order's own journals paid into the fees account. */
  readonly fees: bigint;
}

export interface LifecycleMarket {
  readonly server: () => TestServer;
  readonly db: () => Database;
  readonly now: () => Date;
  /** Moves the server's clock (and the timers worker's) forward. */
  readonly advance: (ms: number) => void;
  readonly support: () => Party;
  readonly party: () => Promise<Party>;
  /**
   * A seller with 110 USDT and an online sell offer of 100 USDT at a fixed 80 RUB (time limit
   * 15 min; 101 USDT reserved), and a buyer who took 4000 RUB of it: `processed`.
   */
  readonly sellOrder: () => Promise<SellOrder>;
  /** One pass of the timers worker at the server's time. */
  readonly runTimers: () => Promise<TimerStep[]>;
  /** A passcode token of the seller for releasing this order (as the passcode check issues it). */
  readonly releaseToken: (seller: Party, orderId: number, hash?: string) => Promise<string>;
  readonly money: (placed: SellOrder) => Promise<MoneySnapshot>;
  /** The user's trade days summed: completed orders and the cancels they caused. */
  readonly outcomes: (userId: number) => Promise<{ completed: number; cancelled: number; volumeUsdCents: bigint }>;
}

/** Within a describe block: a server with the P2P market on, new orders kept `processed`, one operator. */
export function lifecycleMarket(): LifecycleMarket {
  let server: TestServer | undefined;
  let support: Party | undefined;
  let clock = new Date('2026-11-24T10:00:00Z');
  const prices = settablePriceFeed({ 'USDT/RUB': '81' });

  beforeAll(async () => {
    server = await createTestServer({
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: prices.feed,
      operatorIds: [supportId],
      p2pAutoAccept: false,
      now: clock,
    });
    await upsertUser(server.database.db, { id: supportId, firstName: 'Sam', username: 'support_sam' });
    const { token } = await createSession(server.database.db, supportId, { lifetimeMs: 3650 * 86_400_000 });
    support = { userId: supportId, token, send: caller(server, token) };
  });
  afterAll(() => server?.close());

  const started = (): TestServer => {
    if (server === undefined) throw new Error('the lifecycle market is used before its tests start');
    return server;
  };
  const db = () => started().database.db;

  async function party(): Promise<Party> {
    const { userId, token } = await signInTestUser(started().database, { now: clock, lifetimeMs: 3650 * 86_400_000 });
    return { userId, token, send: caller(started(), token) };
  }

  async function sellOrder(): Promise<SellOrder> {
    const seller = await party();
    await passportVerified(db(), seller.userId);
    await creditUser(db(), { userId: seller.userId, asset: 'USDT', amount: usdt(110) });
    const methodId = await savedMethodId(seller.send);
    const body = sellOfferBody([methodId], { price_type: 'fixed', price: '80', price_floating_ratio: null });
    const created = ok(await seller.send('POST', '/p2p/offers', body), offer);
    ok(await seller.send('PUT', `/p2p/offers/${created.id}/active`, { active: true }), resultAnswer);
    const buyer = await party();
    const placed = ok(
      await buyer.send('POST', `/p2p/orders/${created.id}`, sbpOrderBody(methodId, '4000')),
      z.object({ order }),
    );
    return { orderId: placed.order.id, offerId: created.id, seller, buyer };
  }

  async function money(placed: SellOrder): Promise<MoneySnapshot> {
    const [row] = await db().select().from(p2pOrders).where(eq(p2pOrders.id, placed.orderId));
    const [offerRow] = await db().select().from(p2pOffers).where(eq(p2pOffers.id, placed.offerId));
    if (row === undefined || offerRow === undefined) throw new Error(`order ${placed.orderId} is gone`);
    const [fees] = await db()
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerJournals.operationId, row.escrowOperationId), eq(ledgerAccounts.kind, 'fees')));
    return {
      escrow: BigInt(row.escrow),
      offerRemaining: BigInt(offerRow.remainingVolume),
      offerReserved: BigInt(offerRow.reserved),
      seller: await userBalance(db(), placed.seller.userId, 'USDT'),
      buyer: await userBalance(db(), placed.buyer.userId, 'USDT'),
      fees: BigInt(fees?.total ?? '0'),
    };
  }

  async function outcomes(userId: number) {
    const rows = await db().select().from(p2pTradeDays).where(eq(p2pTradeDays.userId, userId));
    return {
      completed: rows.reduce((sum, row) => sum + row.completedOrders, 0),
      cancelled: rows.reduce((sum, row) => sum + row.cancelledOrders, 0),
      volumeUsdCents: rows.reduce((sum, row) => sum + row.volumeUsdCents, 0n),
    };
  }

  return {
    server: started,
    db,
    now: () => clock,
    advance: (ms) => {
      clock = new Date(clock.getTime() + ms);
      started().setNow(clock);
    },
    support: () => {
      if (support === undefined) throw new Error('support is used before the tests start');
      return support;
    },
    party,
    sellOrder,
    runTimers: () => runDueOrderTimers(db(), clock),
    releaseToken: (seller, orderId, hash = releaseHash(orderId)) =>
      issueToken(
        db(),
        { userId: seller.userId, kind: 'confirmation', transactionType: 'p2p', operationHash: hash },
        clock,
      ),
    money,
    outcomes,
  };
}
