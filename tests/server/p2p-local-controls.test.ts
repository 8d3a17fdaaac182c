import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { offer } from '../../src/contract/p2p-offers';
import { order } from '../../src/contract/p2p-orders';
import { p2pOrders } from '../../src/server/db/schema/p2p-orders';
import { runDueOrderTimers } from '../../src/server/modules/p2p-orders/timers';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { creditUser } from './helpers/ledger';
import {
  passportVerified,
  savedMethodId,
  sbpOrderBody,
  sellOfferBody,
  settablePriceFeed,
  usdt,
} from './helpers/p2p-offers';
import { type Call, caller, ok, resultAnswer } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// docs/p2p.md "Local controls for end-to-end runs": local mode only, an order's running timer
// brought due now (the worker then runs it), and the fees account read.

const now = new Date('2026-11-24T10:00:00Z');
const flags = { public: p2pFeatureFlags, tester: [], testerIds: new Set<number>() };

function localServer(localMode: boolean) {
  return createTestServer({
    telegram: { localMode },
    featureFlags: flags,
    priceFeed: settablePriceFeed({ 'USDT/RUB': '81' }).feed,
    now,
  });
}

async function party(server: TestServer): Promise<{ userId: number; send: Call }> {
  const { userId, token } = await signInTestUser(server.database, { now, lifetimeMs: 86_400_000 });
  return { userId, send: caller(server, token) };
}

/** An accepted order of 4000 RUB (50 USDT) on a fixed 80 RUB sell offer: its payment window runs. */
async function acceptedOrder(server: TestServer): Promise<number> {
  const seller = await party(server);
  await passportVerified(server.database.db, seller.userId);
  await creditUser(server.database.db, { userId: seller.userId, asset: 'USDT', amount: usdt(110) });
  const methodId = await savedMethodId(seller.send);
  const body = sellOfferBody([methodId], { price_type: 'fixed', price: '80', price_floating_ratio: null });
  const created = ok(await seller.send('POST', '/p2p/offers', body), offer);
  ok(await seller.send('PUT', `/p2p/offers/${created.id}/active`, { active: true }), resultAnswer);
  const buyer = await party(server);
  const placed = ok(
    await buyer.send('POST', `/p2p/orders/${created.id}`, sbpOrderBody(methodId, '4000')),
    z.object({ order }),
  );
  expect(placed.order.status).toBe('accepted');
  return placed.order.id;
}

describe('the market’s local controls in local mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await localServer(true);
  });
  afterAll(() => server.close());

  it('brings an order’s payment window due now, and the timers worker then cancels it for the buyer’s timeout', async () => {
    const orderId = await acceptedOrder(server);
    expect(await runDueOrderTimers(server.database.db, now)).toEqual([]);

    const due = await server.app.inject({ method: 'POST', url: `/local/p2p/orders/${orderId}/timer-due` });

    expect(due.statusCode).toBe(200);
    expect(due.json()).toEqual({ order_id: orderId, kind: 'payment', due_at: '2026-11-24T10:00:00.000Z' });
    expect(await runDueOrderTimers(server.database.db, now)).toEqual([{ orderId, kind: 'payment' }]);
    const [row] = await server.database.db
      .select({ status: p2pOrders.status, cause: p2pOrders.cancelCause })
      .from(p2pOrders)
      .where(eq(p2pOrders.id, orderId));
    expect(row).toEqual({ status: 'canceled', cause: 'buyer_timeout' });
  });

  it('answers 404 for an order with no running timer', async () => {
    const orderId = await acceptedOrder(server);
    await server.app.inject({ method: 'POST', url: `/local/p2p/orders/${orderId}/timer-due` });
    await runDueOrderTimers(server.database.db, now);

    const again = await server.app.inject({ method: 'POST', url: `/local/p2p/orders/${orderId}/timer-due` });

    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'not_found' });
  });

  it('reads the fees account of an asset, 0 before any fee', async () => {
    const fees = await server.app.inject({ method: 'GET', url: '/local/p2p/fees/USDT' });

    expect(fees.statusCode).toBe(200);
    expect(fees.json()).toEqual({ asset: 'USDT', balance: '0' });
  });
});

describe('the market’s local controls outside local mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await localServer(false);
  });
  afterAll(() => server.close());

  it('do not exist', async () => {
    const due = await server.app.inject({ method: 'POST', url: '/local/p2p/orders/1/timer-due' });
    const fees = await server.app.inject({ method: 'GET', url: '/local/p2p/fees/USDT' });

    expect(due.statusCode).toBe(404);
    expect(fees.statusCode).toBe(404);
  });
});
