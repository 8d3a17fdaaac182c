import { Address as TonAddress } from '@ton/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { userSettings } from '../../src/server/db/schema/users';
import { chainDeposits } from '../../src/server/db/schema/wallet';
import { ApiError } from '../../src/server/http/api-error';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { randomTxid } from '../../src/server/integrations/chain/txids';
import { simulateDeposit } from '../../src/server/modules/chain-simulator/deposits';
import { addDepositAddress } from './helpers/chain';
import { systemBalance, userBalance } from './helpers/ledger';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

let server: TestServer;
let db: Database;

beforeAll(async () => {
  server = await createTestServer();
  db = server.database.db;
});

afterAll(async () => {
  await server.close();
});

async function newUser(): Promise<number> {
  return (await signInTestUser(server.database)).userId;
}

async function depositsWithTxid(txid: string) {
  return db.select().from(chainDeposits).where(eq(chainDeposits.txid, txid));
}

async function expectRefusal(promise: Promise<unknown>, status: number, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ statusCode: status, code });
}

describe('simulateDeposit', () => {
  it('credits the owner of the deposit address in the network’s native coin', async () => {
    const userId = await newUser();
    const address = await addDepositAddress(db, userId, 'TON');
    const externalBefore = await systemBalance(db, 'TON', 'external');

    const deposit = await simulateDeposit(db, { address, amount: '25.5' });

    expect(deposit).toMatchObject({
      network: 'TON',
      asset: 'TON',
      address,
      amount: '25500000000',
      status: 'credited',
      userId,
      alreadyRecorded: false,
    });
    expect(deposit.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 25_500_000_000n, held: 0n });
    expect(await systemBalance(db, 'TON', 'external')).toBe(externalBefore - 25_500_000_000n);
  });

  it('credits a transaction id once, however often the same transfer is reported', async () => {
    const userId = await newUser();
    const address = await addDepositAddress(db, userId, 'ETH');
    const txid = randomTxid('ETH');

    const first = await simulateDeposit(db, { address, amount: '0.5', txid });
    const again = await simulateDeposit(db, {
      network: 'ETH',
      address,
      amount: '0.5',
      txid: txid.toUpperCase().replace('0X', '0x'),
    });
    const concurrent = await Promise.all([
      simulateDeposit(db, { address, amount: '0.5', txid }),
      simulateDeposit(db, { address, amount: '0.5', txid }),
    ]);

    expect(first.alreadyRecorded).toBe(false);
    for (const repeat of [again, ...concurrent]) expect(repeat).toEqual({ ...first, alreadyRecorded: true });
    expect(await depositsWithTxid(txid)).toHaveLength(1);
    expect(await userBalance(db, userId, 'ETH')).toEqual({ available: 500_000_000_000_000_000n, held: 0n });
  });

  it('records a deposit below the network minimum without crediting it', async () => {
    const userId = await newUser();
    const address = await addDepositAddress(db, userId, 'TON');

    // TON's deposit minimum is 0.0005 TON (500000 nanoton).
    const deposit = await simulateDeposit(db, { network: 'TON', address, amount: '0.0004999' });

    expect(deposit).toMatchObject({ status: 'below_minimum', amount: '499900', userId });
    expect(await depositsWithTxid(deposit.txid)).toHaveLength(1);
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 0n, held: 0n });
    const atMinimum = await simulateDeposit(db, { network: 'TON', address, amount: '0.0005' });
    expect(atMinimum.status).toBe('credited');
  });

  it('records a transfer to an address that is not ours as unknown_address, crediting no one', async () => {
    const address = generateDepositAddress('BSC');
    const externalBefore = await systemBalance(db, 'BNB', 'external');

    const deposit = await simulateDeposit(db, { network: 'BSC', address: address.toLowerCase(), amount: '1' });

    expect(deposit).toMatchObject({ network: 'BSC', asset: 'BNB', address, status: 'unknown_address', userId: null });
    expect(await depositsWithTxid(deposit.txid)).toHaveLength(1);
    expect(await systemBalance(db, 'BNB', 'external')).toBe(externalBefore);
  });

  it('credits a token on its network and finds a TON address pasted in another form', async () => {
    const userId = await newUser();
    const tronAddress = await addDepositAddress(db, userId, 'TRX');
    const tonAddress = await addDepositAddress(db, userId, 'TON');
    const bounceable = TonAddress.parse(tonAddress).toString({ testOnly: true, bounceable: true });
    expect(bounceable).not.toBe(tonAddress);

    await simulateDeposit(db, { address: tronAddress, asset: 'USDT', amount: '12.34' });
    const jetton = await simulateDeposit(db, { address: bounceable, asset: 'JET', amount: '3' });

    expect(await userBalance(db, userId, 'USDT')).toEqual({ available: 12_340_000_000_000_000_000n, held: 0n });
    expect(jetton).toMatchObject({ address: tonAddress, status: 'credited', amount: '3000000000' });
  });

  it('refuses, recording nothing, an asset off the network, too many decimals, a bad txid or a bad address', async () => {
    const userId = await newUser();
    const btcAddress = await addDepositAddress(db, userId, 'BTC');
    const txid = randomTxid('BTC');

    await expectRefusal(
      simulateDeposit(db, { address: btcAddress, asset: 'USDT', amount: '1', txid }),
      404,
      'network_not_found',
    );
    await expectRefusal(
      simulateDeposit(db, { address: btcAddress, amount: '0.000000001', txid }),
      422,
      'invalid_amount',
    );
    await expectRefusal(simulateDeposit(db, { address: btcAddress, amount: '0', txid }), 422, 'invalid_amount');
    await expectRefusal(
      simulateDeposit(db, { address: btcAddress, amount: '1', txid: `0x${txid}` }),
      422,
      'invalid_txid',
    );
    await expectRefusal(
      simulateDeposit(db, { network: 'LTC', address: btcAddress, amount: '1' }),
      422,
      'invalid_address',
    );
    await expectRefusal(simulateDeposit(db, { address: 'nonsense', amount: '1' }), 422, 'invalid_address');
    await expectRefusal(
      simulateDeposit(db, { address: generateDepositAddress('ETH'), amount: '1' }),
      422,
      'network_required',
    );
    expect(await depositsWithTxid(txid)).toHaveLength(0);
    expect(await userBalance(db, userId, 'BTC')).toEqual({ available: 0n, held: 0n });
  });

  it('refuses a deposit for a user who may not deposit, recording nothing', async () => {
    const userId = await newUser();
    const address = await addDepositAddress(db, userId, 'LTC');
    await db
      .update(userSettings)
      .set({ permissions: { can_deposit: false } })
      .where(eq(userSettings.userId, userId));
    const txid = randomTxid('LTC');

    await expectRefusal(simulateDeposit(db, { address, amount: '1', txid }), 403, 'deposit_forbidden');
    await db.update(userSettings).set({ permissions: {}, complianceLock: true }).where(eq(userSettings.userId, userId));
    await expectRefusal(simulateDeposit(db, { address, amount: '1', txid }), 403, 'deposit_forbidden');

    expect(await depositsWithTxid(txid)).toHaveLength(0);
    expect(await userBalance(db, userId, 'LTC')).toEqual({ available: 0n, held: 0n });
  });
});
