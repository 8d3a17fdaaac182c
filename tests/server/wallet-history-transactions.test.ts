import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletTransactionType } from '../../src/contract/wallet-operations';
import {
  type WalletTransaction,
  walletTransactionDetail,
  walletTransactionPage,
} from '../../src/contract/wallet-operations';
import { credit, hold, inTransaction, release, transfer } from '../../src/server/ledger/ledger';
import { seedDeposit, seedWithdrawal } from './helpers/ledger';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function signedIn(): Promise<{ readonly userId: number; readonly call: Call }> {
  const { userId, token } = await signInTestUser(server.database);
  return { userId, call: caller(server, token) };
}

/** An operation inside the wallet: a credit of the given type (compensation, campaign reward, …). */
async function walletCredit(
  userId: number,
  asset: string,
  amount: bigint,
  type: WalletTransactionType = 'compensation',
) {
  const operationId = randomUUID();
  await inTransaction(server.database.db, (tx) => credit(tx, { operationId, type, userId, asset, amount }));
  return operationId;
}

async function listAll(call: Call, query: string, count: number): Promise<WalletTransaction[]> {
  const items: WalletTransaction[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('count', String(count));
    if (cursor !== null) params.set('cursor', cursor);
    const page = ok(await call('GET', `/wallet/transactions?${params}`), walletTransactionPage);
    expect(page.items.length).toBeLessThanOrEqual(count);
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor !== null);
  return items;
}

describe('GET /api/v1/wallet/transactions', () => {
  it('answers 401 unauthorized without a session', async () => {
    expectError(await server.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions' }), 401, 'unauthorized');
  });

  it('is empty for a new user', async () => {
    const { call } = await signedIn();

    expect(ok(await call('GET', '/wallet/transactions'), walletTransactionPage)).toEqual({ items: [], cursor: null });
  });

  it('shows each operation once, newest first, as its effect on the user', async () => {
    const { userId, call } = await signedIn();
    const { userId: friend, call: friendCall } = await signedIn();
    const deposit = await seedDeposit(server.database.db, { userId, asset: 'USDT', network: 'TRX', amount: 50_000n });
    const settled = await seedWithdrawal(server.database.db, {
      userId,
      asset: 'USDT',
      network: 'TRX',
      address: 'TXexampleAddress',
      amount: 10_000n,
      fee: 1_000n,
      status: 'completed',
      txid: 'ab'.repeat(32),
    });
    const pending = await seedWithdrawal(server.database.db, {
      userId,
      asset: 'USDT',
      network: 'ETH',
      address: '0xexample',
      amount: 5_000n,
      fee: 1_500n,
      status: 'created',
    });
    const compensation = await walletCredit(userId, 'TON', 7n);
    const gift = randomUUID();
    await inTransaction(server.database.db, (tx) =>
      transfer(tx, {
        operationId: gift,
        type: 'transfer',
        fromUserId: userId,
        from: 'available',
        toUserId: friend,
        asset: 'USDT',
        amount: 300n,
      }),
    );

    const page = ok(await call('GET', '/wallet/transactions'), walletTransactionPage);

    expect(page.cursor).toBeNull();
    expect(page.items.map(({ date: _date, ...item }) => item)).toEqual([
      { id: gift, type: 'transfer', asset: 'USDT', amount: '-300', fee: '0', status: 'completed', network: null },
      {
        id: compensation,
        type: 'compensation',
        asset: 'TON',
        amount: '7',
        fee: '0',
        status: 'completed',
        network: null,
      },
      {
        id: pending,
        type: 'withdrawal',
        asset: 'USDT',
        amount: '-5000',
        fee: '1500',
        status: 'created',
        network: 'ETH',
      },
      {
        id: settled,
        type: 'withdrawal',
        asset: 'USDT',
        amount: '-10000',
        fee: '1000',
        status: 'completed',
        network: 'TRX',
      },
      {
        id: deposit.id,
        type: 'deposit',
        asset: 'USDT',
        amount: '50000',
        fee: '0',
        status: 'completed',
        network: 'TRX',
      },
    ]);
    const dates = page.items.map((item) => Date.parse(item.date));
    expect(dates).toEqual([...dates].sort((left, right) => right - left));
    const friendPage = ok(await friendCall('GET', '/wallet/transactions'), walletTransactionPage);
    expect(friendPage.items).toMatchObject([{ id: gift, type: 'transfer', amount: '300' }]);
  });

  it('pages through the whole history with the cursor, without repeats or gaps', async () => {
    const { userId, call } = await signedIn();
    const created: string[] = [];
    for (let index = 1; index <= 45; index += 1) created.push(await walletCredit(userId, 'TON', BigInt(index)));

    const firstPage = ok(await call('GET', '/wallet/transactions'), walletTransactionPage);
    const paged = await listAll(call, '', 7);

    expect(firstPage.items).toHaveLength(40);
    expect(firstPage.cursor).not.toBeNull();
    expect(paged.map((item) => item.id)).toEqual([...created].reverse());
    expect(paged.slice(0, 40)).toEqual(firstPage.items);
  });

  it('continues after the cursor when newer operations arrive between pages', async () => {
    const { userId, call } = await signedIn();
    const created: string[] = [];
    for (let index = 1; index <= 6; index += 1) created.push(await walletCredit(userId, 'BTC', BigInt(index)));

    const first = ok(await call('GET', '/wallet/transactions?count=3'), walletTransactionPage);
    await walletCredit(userId, 'BTC', 100n);
    const second = ok(
      await call('GET', `/wallet/transactions?count=3&cursor=${first.cursor ?? ''}`),
      walletTransactionPage,
    );

    expect([...first.items, ...second.items].map((item) => item.id)).toEqual([...created].reverse());
    expect(second.cursor).toBeNull();
  });

  it('pages through operations that began at the same instant, ordered by their id', async () => {
    const { userId, call } = await signedIn();
    const operationIds = Array.from({ length: 5 }, () => randomUUID());
    // One transaction: every journal gets the same time, so only the id tells them apart.
    await inTransaction(server.database.db, async (tx) => {
      for (const operationId of operationIds) {
        await credit(tx, { operationId, type: 'compensation', userId, asset: 'TRX', amount: 1n });
      }
    });

    const paged = await listAll(call, '', 2);

    expect(paged.map((item) => item.id)).toEqual([...operationIds].sort().reverse());
    expect(new Set(paged.map((item) => item.date)).size).toBe(1);
  });

  it('pages through an operation in two assets among others of the same instant, by id and then asset', async () => {
    const { userId, call } = await signedIn();
    const [twoAssets, first, second] = [randomUUID(), randomUUID(), randomUUID()];
    await inTransaction(server.database.db, async (tx) => {
      for (const operationId of [first, second]) {
        await credit(tx, { operationId, type: 'compensation', userId, asset: 'TON', amount: 1n });
      }
      await credit(tx, { operationId: twoAssets, type: 'compensation', userId, asset: 'BTC', amount: 2n });
      await credit(tx, { operationId: twoAssets, type: 'compensation', userId, asset: 'TON', amount: 3n });
    });

    const paged = await listAll(call, '', 1);

    const expected = [
      { id: twoAssets, asset: 'TON', amount: '3' },
      { id: twoAssets, asset: 'BTC', amount: '2' },
      { id: first, asset: 'TON', amount: '1' },
      { id: second, asset: 'TON', amount: '1' },
    ].sort((left, right) => (left.id === right.id ? 0 : left.id < right.id ? 1 : -1));
    expect(paged.map(({ id, asset, amount }) => ({ id, asset, amount }))).toEqual(expected);
    expect(await listAll(call, 'asset=BTC', 1)).toMatchObject([{ id: twoAssets, asset: 'BTC', amount: '2' }]);
  });

  it('shows only the asked asset, paging within it', async () => {
    const { userId, call } = await signedIn();
    const tonOperations: string[] = [];
    for (let index = 1; index <= 5; index += 1) {
      tonOperations.push(await walletCredit(userId, 'TON', BigInt(index)));
      await walletCredit(userId, 'ETH', BigInt(index));
    }

    const ton = await listAll(call, 'asset=TON', 2);

    expect(ton.map((item) => item.id)).toEqual([...tonOperations].reverse());
    expect(new Set(ton.map((item) => item.asset))).toEqual(new Set(['TON']));
    expect(ok(await call('GET', '/wallet/transactions?asset=BNB'), walletTransactionPage).items).toEqual([]);
  });

  it('leaves out a market reservation, held and then released, paging over it, and shows a market payment', async () => {
    const { userId, call } = await signedIn();
    const first = await walletCredit(userId, 'TON', 10n);
    const reservation = randomUUID();
    const reserve = { operationId: reservation, type: 'p2p', userId, asset: 'TON', amount: 4n } as const;
    await inTransaction(server.database.db, (tx) => hold(tx, reserve));
    const second = await walletCredit(userId, 'TON', 1n);
    await inTransaction(server.database.db, (tx) => release(tx, reserve));
    const payment = await walletCredit(userId, 'TON', 2n, 'p2p');

    const items = await listAll(call, '', 1);

    expect(items.map((item) => item.id)).toEqual([payment, second, first]);
    expect(ok(await call('GET', '/wallet/transactions?asset=TON'), walletTransactionPage).items).toHaveLength(3);
  });

  it('refuses a cursor it did not hand out', async () => {
    const { call } = await signedIn();

    for (const cursor of ['not-a-cursor', Buffer.from('2026-01-01|x|TON').toString('base64url')]) {
      const data = expectError(await call('GET', `/wallet/transactions?cursor=${cursor}`), 400, 'validation_failed');
      expect(data).toMatchObject({ location: 'query', issues: [{ path: ['cursor'] }] });
    }
  });
});

describe('GET /api/v1/wallet/transactions/:kind/:id', () => {
  it('answers 401 unauthorized without a session', async () => {
    expectError(
      await server.app.inject({ method: 'GET', url: `/api/v1/wallet/transactions/deposit/${randomUUID()}` }),
      401,
      'unauthorized',
    );
  });

  it('shows a deposit with its address, transaction and explorer links', async () => {
    const { userId, call } = await signedIn();
    const deposit = await seedDeposit(server.database.db, { userId, asset: 'TON', network: 'TON', amount: 9n });
    const [listed] = ok(await call('GET', '/wallet/transactions'), walletTransactionPage).items;

    const detail = ok(await call('GET', `/wallet/transactions/deposit/${deposit.id}`), walletTransactionDetail);

    expect(detail).toEqual({
      ...listed,
      address: deposit.address,
      txid: deposit.txid,
      explorer_transaction_url: `https://testnet.tonviewer.com/transaction/${deposit.txid}`,
      explorer_address_url: `https://testnet.tonviewer.com/${deposit.address}`,
      updated_at: detail.updated_at,
    });
    expect(Date.parse(detail.updated_at)).toBeGreaterThanOrEqual(Date.parse(detail.date));
  });

  it('shows a withdrawal with its own status, and no transaction link before it has a txid', async () => {
    const { userId, call } = await signedIn();
    await seedDeposit(server.database.db, { userId, asset: 'BTC', network: 'BTC', amount: 100_000n });
    const id = await seedWithdrawal(server.database.db, {
      userId,
      asset: 'BTC',
      network: 'BTC',
      address: 'tb1qrecipient',
      amount: 20_000n,
      fee: 1_000n,
      status: 'created',
    });

    const detail = ok(await call('GET', `/wallet/transactions/withdrawal/${id}`), walletTransactionDetail);

    expect(detail).toMatchObject({
      id,
      type: 'withdrawal',
      amount: '-20000',
      fee: '1000',
      status: 'created',
      network: 'BTC',
      address: 'tb1qrecipient',
      txid: null,
      explorer_transaction_url: null,
      explorer_address_url: 'https://mempool.space/testnet4/address/tb1qrecipient',
    });
  });

  it('looks up a campaign reward through its own kind', async () => {
    const { userId, call } = await signedIn();
    const id = await walletCredit(userId, 'USDT', 1_000n, 'campaign_reward');

    const detail = ok(await call('GET', `/wallet/transactions/campaign_reward/${id}`), walletTransactionDetail);

    expect(detail).toMatchObject({ id, type: 'campaign_reward', amount: '1000', address: null, txid: null });
  });

  it('does not find another user operation, a kind that does not show its type, or an unknown id', async () => {
    const { userId, call } = await signedIn();
    const { userId: stranger } = await signedIn();
    const own = await seedDeposit(server.database.db, { userId, asset: 'TON', network: 'TON', amount: 5n });
    const theirs = await seedDeposit(server.database.db, {
      userId: stranger,
      asset: 'TON',
      network: 'TON',
      amount: 5n,
    });

    expectError(await call('GET', `/wallet/transactions/deposit/${theirs.id}`), 404, 'not_found');
    expectError(await call('GET', `/wallet/transactions/withdrawal/${own.id}`), 404, 'not_found');
    expectError(await call('GET', `/wallet/transactions/campaign_reward/${own.id}`), 404, 'not_found');
    expectError(await call('GET', `/wallet/transactions/deposit/${randomUUID()}`), 404, 'not_found');
    expectError(await call('GET', '/wallet/transactions/deposit/not-an-id'), 404, 'not_found');
    ok(await call('GET', `/wallet/transactions/deposit/${own.id}`), walletTransactionDetail);
  });
});
