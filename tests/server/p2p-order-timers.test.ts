import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { order, releaseHash } from '../../src/contract/p2p-orders';
import { openPostgres } from '../../src/server/db/client';
import type { Database } from '../../src/server/db/database';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { p2pOrderHistory, p2pOrders } from '../../src/server/db/schema/p2p-orders';
import { inTransaction } from '../../src/server/ledger/ledger';
import { runDueOrderTimers } from '../../src/server/modules/p2p-orders/timers';
import { startOrderTimersWorker } from '../../src/server/modules/p2p-orders/timers-worker';
import { applyTransition, type TransitionEvent } from '../../src/server/modules/p2p-orders/transitions';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { ledgerViolations } from './helpers/ledger';
import { lifecycleMarket, type SellOrder } from './helpers/p2p-order-lifecycle';
import { caller, expectError, ok } from './helpers/security';
import { createTestServer } from './helpers/test-server';

const minute = 60_000;

describe('order timers', () => {
  const market = lifecycleMarket();

  async function move(placed: SellOrder, ...events: Array<['buyer' | 'seller', TransitionEvent]>) {
    for (const [by, event] of events) {
      const userId = by === 'buyer' ? placed.buyer.userId : placed.seller.userId;
      await inTransaction(market.db(), (tx) =>
        applyTransition(tx, { orderId: placed.orderId, actor: { kind: 'user', userId }, event, now: market.now() }),
      );
    }
  }

  const confirmed = async (placed: SellOrder) =>
    move(
      placed,
      ['seller', { type: 'accept' }],
      ['buyer', { type: 'mark_paid' }],
      ['seller', { type: 'confirm_receipt' }],
    );

  async function historyOf(orderId: number) {
    return market
      .db()
      .select({ to: p2pOrderHistory.toStatus, actor: p2pOrderHistory.actor, detail: p2pOrderHistory.detail })
      .from(p2pOrderHistory)
      .where(eq(p2pOrderHistory.orderId, orderId))
      .orderBy(p2pOrderHistory.id);
  }

  /** A second server instance's own connection to the same database (PostgreSQL), or the same handle (PGlite). */
  async function secondInstance(): Promise<{ db: Database; close: () => Promise<void> }> {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl === undefined || adminUrl === '') return { db: market.db(), close: async () => {} };
    // Orders exist by now, so this answers one row.
    const [current] = await market.db().select({ name: sql<string>`current_database()` }).from(p2pOrders).limit(1);
    const url = new URL(adminUrl);
    url.pathname = `/${current?.name ?? ''}`;
    const handle = openPostgres(url.toString());
    return { db: handle.db, close: () => handle.close() };
  }

  it('runs each due timer exactly once when two instances pass over them at the same time', async () => {
    const settling = [await market.sellOrder(), await market.sellOrder(), await market.sellOrder()];
    const expiring = [await market.sellOrder(), await market.sellOrder(), await market.sellOrder()];
    for (const placed of settling) await confirmed(placed);
    for (const placed of expiring) await move(placed, ['seller', { type: 'accept' }]);
    market.advance(15 * minute + 1000);
    const other = await secondInstance();
    try {
      const [first, second] = await Promise.all([
        runDueOrderTimers(market.db(), market.now()),
        runDueOrderTimers(other.db, market.now()),
      ]);
      const ran = [...first, ...second].map((step) => step.orderId);
      for (const placed of [...settling, ...expiring]) {
        expect(ran.filter((id) => id === placed.orderId)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
    for (const placed of settling) {
      expect((await historyOf(placed.orderId)).filter((entry) => entry.to === 'completed')).toEqual([
        { to: 'completed', actor: 'system', detail: null },
      ]);
      const [row] = await market.db().select().from(p2pOrders).where(eq(p2pOrders.id, placed.orderId));
      const releases = await market
        .db()
        .select()
        .from(ledgerJournals)
        .where(and(eq(ledgerJournals.operationId, row?.escrowOperationId ?? ''), eq(ledgerJournals.step, 'transfer')));
      expect(releases).toHaveLength(1);
    }
    for (const placed of expiring) {
      expect((await historyOf(placed.orderId)).filter((entry) => entry.to === 'canceled')).toEqual([
        { to: 'canceled', actor: 'timer', detail: 'buyer_timeout' },
      ]);
    }
    expect(await ledgerViolations(market.db())).toEqual([]);
    // A later pass finds nothing left of them.
    const again = await runDueOrderTimers(market.db(), market.now());
    expect(
      again.filter((step) => [...settling, ...expiring].some((placed) => placed.orderId === step.orderId)),
    ).toEqual([]);
  });

  it('never cancels a pending order, however long the seller waits', async () => {
    const placed = await market.sellOrder();
    await move(placed, ['seller', { type: 'accept' }], ['buyer', { type: 'mark_paid' }]);
    market.advance(15 * minute + 1000);
    await market.runTimers();
    market.advance(6 * 86_400_000);
    await market.runTimers();
    const view = ok(await placed.buyer.send('GET', `/p2p/orders/${placed.orderId}`), order);
    expect({ status: view.status, actions: view.actions, timer: view.timer }).toEqual({
      status: 'pending',
      actions: ['unmark_paid', 'open_dispute'],
      timer: null,
    });
  });

  it('restarts the payment window when the buyer takes back "I have paid"', async () => {
    const placed = await market.sellOrder();
    await move(placed, ['seller', { type: 'accept' }], ['buyer', { type: 'mark_paid' }]);
    market.advance(10 * minute);
    await move(placed, ['buyer', { type: 'unmark_paid' }]);
    const view = ok(await placed.buyer.send('GET', `/p2p/orders/${placed.orderId}`), order);
    expect(view.timer).toEqual({
      kind: 'payment',
      due_at: new Date(market.now().getTime() + 15 * minute).toISOString(),
    });
    market.advance(14 * minute);
    await market.runTimers();
    expect((await historyOf(placed.orderId)).at(-1)).toEqual({ to: 'accepted', actor: 'buyer', detail: 'unmark_paid' });
    market.advance(minute + 1000);
    await market.runTimers();
    expect((await historyOf(placed.orderId)).at(-1)).toEqual({
      to: 'canceled',
      actor: 'timer',
      detail: 'buyer_timeout',
    });
  });

  it('runs after a restart the timers a stopped server left behind', async () => {
    const placed = await market.sellOrder();
    const database = market.server().database;
    await market.server().app.close();
    const restarted = await createTestServer({
      database,
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      p2pAutoAccept: false,
      now: new Date(market.now().getTime() + 5 * minute + 1000),
    });
    try {
      const steps = await runDueOrderTimers(database.db, new Date(market.now().getTime() + 5 * minute + 1000));
      expect(steps.filter((step) => step.orderId === placed.orderId)).toEqual([
        { orderId: placed.orderId, kind: 'acceptance' },
      ]);
      const view = ok(await caller(restarted, placed.buyer.token)('GET', `/p2p/orders/${placed.orderId}`), order);
      expect(view.cancel).toMatchObject({ cause: 'maker_timeout', reason: null });
    } finally {
      await restarted.app.close();
    }
  });
});

describe('the order timers worker', () => {
  const market = lifecycleMarket();

  it('settles a confirmed order within seconds, as main.ts starts it, and stops cleanly', async () => {
    const placed = await market.sellOrder();
    const now = market.now();
    for (const [userId, type] of [
      [placed.seller.userId, 'accept'],
      [placed.buyer.userId, 'mark_paid'],
      [placed.seller.userId, 'confirm_receipt'],
    ] as const) {
      await inTransaction(market.db(), (tx) =>
        applyTransition(tx, { orderId: placed.orderId, actor: { kind: 'user', userId }, event: { type }, now }),
      );
    }
    const worker = startOrderTimersWorker({ db: market.db(), now: market.now });
    try {
      await expect
        .poll(
          async () => (await market.db().select().from(p2pOrders).where(eq(p2pOrders.id, placed.orderId)))[0]?.status,
          {
            timeout: 5000,
            interval: 100,
          },
        )
        .toBe('completed');
    } finally {
      await worker.stop();
    }
  });
});

describe('order transitions by the parties', () => {
  const market = lifecycleMarket();

  it('answers a user who is not on the order as if it did not exist, and changes nothing', async () => {
    const placed = await market.sellOrder();
    const stranger = await market.party();
    for (const path of ['accept', 'decline', 'paid', 'unpaid']) {
      expectError(await stranger.send('POST', `/p2p/orders/${placed.orderId}/${path}`), 404, 'order_not_found');
    }
    expectError(
      await stranger.send('POST', `/p2p/orders/${placed.orderId}/cancel`, { reason: 'other' }),
      404,
      'order_not_found',
    );
    expect(ok(await placed.buyer.send('GET', `/p2p/orders/${placed.orderId}`), order).status).toBe('processed');
  });

  it('releases only with the seller passcode token for this very order', async () => {
    const placed = await market.sellOrder();
    const other = await market.sellOrder();
    await inTransaction(market.db(), async (tx) => {
      for (const [userId, type] of [
        [placed.seller.userId, 'accept'],
        [placed.buyer.userId, 'mark_paid'],
      ] as const) {
        await applyTransition(tx, {
          orderId: placed.orderId,
          actor: { kind: 'user', userId },
          event: { type },
          now: market.now(),
        });
      }
    });
    const url = `/p2p/orders/${placed.orderId}/confirm`;
    const nearMisses = [
      await market.releaseToken(placed.seller, placed.orderId, releaseHash(other.orderId)),
      await market.releaseToken(placed.seller, placed.orderId, `${releaseHash(placed.orderId)}0`),
      await market.releaseToken(placed.buyer, placed.orderId),
      await market.releaseToken(other.seller, placed.orderId),
    ];
    for (const token of nearMisses) expectError(await placed.seller.send('POST', url, { token }), 403, 'invalid_token');
    const before = await market.money(placed);
    expect(ok(await placed.buyer.send('GET', `/p2p/orders/${placed.orderId}`), order).status).toBe('pending');

    const token = await market.releaseToken(placed.seller, placed.orderId);
    expect(ok(await placed.seller.send('POST', url, { token }), order).status).toBe('confirmed');
    // The same token again: spent.
    expectError(await placed.seller.send('POST', url, { token }), 403, 'invalid_token');
    expect(await market.money(placed)).toEqual(before);
  });

  it('refuses a buyer 4th cancel within 24 hours until the first is a day old', async () => {
    const buyer = await market.party();
    const cancelOne = async () => {
      const placed = await market.sellOrder();
      // The order is the buyer's: moved over to them as its taker.
      await market.db().update(p2pOrders).set({ takerId: buyer.userId }).where(eq(p2pOrders.id, placed.orderId));
      return buyer.send('POST', `/p2p/orders/${placed.orderId}/cancel`, { reason: 'changed_mind' });
    };
    const firstAt = market.now();
    for (let index = 0; index < 3; index += 1) {
      expect((await cancelOne()).statusCode).toBe(200);
      market.advance(minute);
    }
    const refused = expectError(await cancelOne(), 409, 'cancel_limit');
    expect(refused).toEqual({ until: new Date(firstAt.getTime() + 86_400_000).toISOString() });
    market.advance(86_400_000 - 3 * minute + 1000);
    expect((await cancelOne()).statusCode).toBe(200);
  });
});
