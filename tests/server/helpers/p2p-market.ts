import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import { p2pFeatureFlags } from '../../../src/server/modules/settings/feature-flags';
import { creditUser } from './ledger';
import { passportVerified, savedMethodId, settablePriceFeed, usdt } from './p2p-offers';
import { type Call, caller } from './security';
import { createTestServer, signInTestUser, type TestServer } from './test-server';

/** A signed-in market user who may make sell offers: passport verified, one saved payment method, USDT on the balance. */
export interface FundedMaker {
  readonly userId: number;
  readonly send: Call;
  readonly methodId: number;
}

export interface P2pMarketServer {
  readonly db: () => Database;
  /** A new maker holding `balance` whole USDT. */
  readonly fundedMaker: (balance: number) => Promise<FundedMaker>;
}

/**
 * Within a describe block: a test server with the P2P market on for everyone and USDT at 81 RUB,
 * started before the block's tests and closed after them.
 */
export function p2pMarketServer(): P2pMarketServer {
  let server: TestServer | undefined;
  const prices = settablePriceFeed({ 'USDT/RUB': '81' });

  beforeAll(async () => {
    server = await createTestServer({
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: prices.feed,
    });
  });
  afterAll(() => server?.close());

  const started = (): TestServer => {
    if (server === undefined) throw new Error('the P2P market server is used before its tests start');
    return server;
  };
  const db = () => started().database.db;

  async function fundedMaker(balance: number): Promise<FundedMaker> {
    const { userId, token } = await signInTestUser(started().database);
    const send = caller(started(), token);
    await passportVerified(db(), userId);
    await creditUser(db(), { userId, asset: 'USDT', amount: usdt(balance) });
    return { userId, send, methodId: await savedMethodId(send) };
  }

  return { db, fundedMaker };
}
