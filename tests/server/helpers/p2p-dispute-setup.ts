import { afterAll, beforeAll } from 'vitest';
import * as z from 'zod/mini';
import { offer } from '../../../src/contract/p2p-offers';
import { type DisputeFile, disputeFile, order } from '../../../src/contract/p2p-orders';
import type { Database } from '../../../src/server/db/database';
import { inTransaction } from '../../../src/server/ledger/ledger';
import { createSession } from '../../../src/server/modules/auth/sessions';
import { applyTransition } from '../../../src/server/modules/p2p-orders/transitions';
import { p2pFeatureFlags } from '../../../src/server/modules/settings/feature-flags';
import { upsertUser } from '../../../src/server/modules/users/service';
import { creditUser } from './ledger';
import { multipartPost, sampleFiles } from './multipart';
import { passportVerified, savedMethodId, sbpOrderBody, sellOfferBody, settablePriceFeed, usdt } from './p2p-offers';
import { type Call, caller, type FakeBotApi, fakeBotApi, ok, resultAnswer } from './security';
import { createTestServer, signInTestUser, type TestServer } from './test-server';

/** The operator's Telegram id in these tests (OPERATOR_IDS). */
export const supportId = 990_000_001;

export interface Person {
  readonly userId: number;
  readonly token: string;
  readonly send: Call;
}

/** A `pending` order: the buyer has marked it paid; the seller (the maker of a sell offer) checks. */
export interface PendingOrder {
  readonly orderId: number;
  readonly offerId: number;
  readonly seller: Person;
  readonly buyer: Person;
}

export interface DisputeServer {
  readonly server: () => TestServer;
  readonly db: () => Database;
  readonly bot: FakeBotApi;
  /** Sets the server's clock (it starts at the real time). */
  readonly setNow: (now: Date) => void;
  readonly person: () => Promise<Person>;
  readonly support: () => Person;
  /**
   * A seller with 100 USDT and a sell offer of 100 USDT at a fixed 80 RUB (time limit 15 min),
   * online; a buyer who took 2000 RUB of it (25 USDT, the maker's fee 0.25 USDT) and marked it paid.
   */
  readonly pendingOrder: () => Promise<PendingOrder>;
  /** Uploads a PNG for the person's statement on the order; answers the file. */
  readonly upload: (who: Person, orderId: number) => Promise<DisputeFile>;
}

/**
 * Within a describe block: a server with the P2P market on, one operator, and a fake bot; in
 * local mode (the stand-in pages) when asked.
 */
export function disputeServer(options: { readonly localMode?: boolean } = {}): DisputeServer {
  let server: TestServer | undefined;
  let now = new Date();
  let support: Person | undefined;
  const bot = fakeBotApi();
  const prices = settablePriceFeed({ 'USDT/RUB': '81' });

  beforeAll(async () => {
    server = await createTestServer({
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: prices.feed,
      operatorIds: [supportId],
      security: { botApi: bot },
      now,
      ...(options.localMode === true ? { telegram: { localMode: true } } : {}),
    });
    await upsertUser(server.database.db, { id: supportId, firstName: 'Sam', username: 'support_sam' });
    const { token } = await createSession(server.database.db, supportId, {});
    support = { userId: supportId, token, send: caller(server, token) };
  });
  afterAll(() => server?.close());

  const started = (): TestServer => {
    if (server === undefined) throw new Error('the dispute server is used before its tests start');
    return server;
  };
  const db = () => started().database.db;

  async function person(): Promise<Person> {
    const { userId, token } = await signInTestUser(started().database, { lifetimeMs: 365 * 86_400_000 });
    return { userId, token, send: caller(started(), token) };
  }

  async function pendingOrder(): Promise<PendingOrder> {
    const seller = await person();
    await passportVerified(db(), seller.userId);
    await creditUser(db(), { userId: seller.userId, asset: 'USDT', amount: usdt(100) });
    const methodId = await savedMethodId(seller.send);
    const body = sellOfferBody([methodId], {
      price_type: 'fixed',
      price: '80',
      price_floating_ratio: null,
      volume: usdt(99).toString(),
    });
    const created = ok(await seller.send('POST', '/p2p/offers', body), offer);
    ok(await seller.send('PUT', `/p2p/offers/${created.id}/active`, { active: true }), resultAnswer);
    const buyer = await person();
    const placed = ok(
      await buyer.send('POST', `/p2p/orders/${created.id}`, sbpOrderBody(methodId, '2000')),
      z.object({ order }),
    );
    // The lifecycle before the dispute is the lifecycle module's: moved by its own function.
    await inTransaction(db(), (tx) =>
      applyTransition(tx, {
        orderId: placed.order.id,
        actor: { kind: 'user', userId: buyer.userId },
        event: { type: 'mark_paid' },
        now,
      }),
    );
    return { orderId: placed.order.id, offerId: created.id, seller, buyer };
  }

  async function upload(who: Person, orderId: number): Promise<DisputeFile> {
    const response = await started().app.inject(
      multipartPost(`/api/v1/p2p/orders/${orderId}/dispute/files`, who.token, [
        { name: 'file', filename: 'receipt.png', contentType: 'image/png', content: sampleFiles.png },
      ]),
    );
    return ok(response, disputeFile);
  }

  return {
    server: started,
    db,
    bot,
    setNow: (next) => {
      now = next;
      started().setNow(next);
    },
    person,
    support: () => {
      if (support === undefined) throw new Error('support is used before the tests start');
      return support;
    },
    pendingOrder,
    upload,
  };
}
