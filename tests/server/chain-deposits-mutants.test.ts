import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorBody } from '../../src/contract/errors';
import { assetNetworks, assets } from '../../src/server/db/schema/catalogue';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { userSettings } from '../../src/server/db/schema/users';
import { chainAddressFlags, chainDeposits, depositAddresses } from '../../src/server/db/schema/wallet';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { randomTxid } from '../../src/server/integrations/chain/txids';
import { simulateDeposit } from '../../src/server/modules/chain-simulator/deposits';
import { addDepositAddress, createdWithdrawal, withdrawalRow } from './helpers/chain';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// The deposit side of the chain simulator where mutation testing (docs/testing.md) found no test:
// the words of its refusals, addresses owned on two networks, what a credited deposit records,
// and the /local/chain routes' request parts, failure reasons and flag notes.

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ telegram: { localMode: true } });
});

afterAll(() => server.close());

const db = () => server.database.db;

async function refusalOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('The deposit was not refused');
    },
    (thrown: unknown) => thrown,
  );
}

describe('simulateDeposit refusals say what was wrong', () => {
  it('names the network of an invalid address, or says it fits none when no network was named', async () => {
    const btcAddress = generateDepositAddress('BTC');

    expect(await refusalOf(simulateDeposit(db(), { network: 'LTC', address: btcAddress, amount: '1' }))).toMatchObject({
      code: 'invalid_address',
      message: 'This is not a valid LTC test-network address',
    });
    expect(await refusalOf(simulateDeposit(db(), { address: 'nonsense', amount: '1' }))).toMatchObject({
      code: 'invalid_address',
      message: 'This is not a valid address of any supported test network',
    });
  });

  it('asks for the network of an EVM address that is not ours, naming ETH and BSC', async () => {
    const error = await refusalOf(simulateDeposit(db(), { address: generateDepositAddress('ETH'), amount: '1' }));

    expect(error).toMatchObject({
      code: 'network_required',
      message: 'This address is valid on several networks (ETH, BSC) and is not a deposit address; name the network',
      data: { networks: ['ETH', 'BSC'] },
    });
  });

  it('asks for the network of an address that is our deposit address on two networks', async () => {
    const { userId } = await signInTestUser(server.database);
    const address = generateDepositAddress('ETH');
    await db()
      .insert(depositAddresses)
      .values([
        { userId, network: 'ETH', address, isMain: false },
        { userId, network: 'BSC', address, isMain: false },
      ]);
    const txid = randomTxid('ETH');

    const error = await refusalOf(simulateDeposit(db(), { address, amount: '1', txid }));

    expect(error).toMatchObject({ code: 'network_required' });
    expect(await db().select().from(chainDeposits).where(eq(chainDeposits.txid, txid))).toEqual([]);
  });

  it('says why an amount is refused: too many decimals, or not above zero', async () => {
    const address = generateDepositAddress('BTC');

    expect(await refusalOf(simulateDeposit(db(), { address, amount: '0.000000001' }))).toMatchObject({
      code: 'invalid_amount',
      message: 'BTC has 8 decimals; 0.000000001 has more',
    });
    expect(await refusalOf(simulateDeposit(db(), { address, amount: '0' }))).toMatchObject({
      code: 'invalid_amount',
      message: 'The amount must be more than zero',
    });
  });

  it('refuses, recording nothing, a disabled asset and a network with deposits off, each named', async () => {
    const { userId } = await signInTestUser(server.database);
    const address = await addDepositAddress(db(), userId, 'LTC');
    const ltcOnLtc = and(eq(assetNetworks.assetCode, 'LTC'), eq(assetNetworks.network, 'LTC'));
    const txid = randomTxid('LTC');
    try {
      await db().update(assets).set({ isEnabled: false }).where(eq(assets.code, 'LTC'));
      expect(await refusalOf(simulateDeposit(db(), { address, amount: '1', txid }))).toMatchObject({
        code: 'deposit_forbidden',
        message: 'The deposit was refused and nothing was recorded: the asset is disabled',
      });
      await db().update(assets).set({ isEnabled: true }).where(eq(assets.code, 'LTC'));
      await db().update(assetNetworks).set({ canDeposit: false }).where(ltcOnLtc);
      expect(await refusalOf(simulateDeposit(db(), { address, amount: '1', txid }))).toMatchObject({
        code: 'deposit_forbidden',
        message: 'The deposit was refused and nothing was recorded: deposits on this network are turned off',
      });
    } finally {
      await db().update(assets).set({ isEnabled: true }).where(eq(assets.code, 'LTC'));
      await db().update(assetNetworks).set({ canDeposit: true }).where(ltcOnLtc);
    }
    expect(await db().select().from(chainDeposits).where(eq(chainDeposits.txid, txid))).toEqual([]);
  });

  it('names a locked user and a user who may not deposit', async () => {
    const locked = await signInTestUser(server.database);
    await db().update(userSettings).set({ complianceLock: true }).where(eq(userSettings.userId, locked.userId));
    const barred = await signInTestUser(server.database);
    await db()
      .update(userSettings)
      .set({ permissions: { can_deposit: false } })
      .where(eq(userSettings.userId, barred.userId));

    const lockedAddress = await addDepositAddress(db(), locked.userId, 'TON');
    const barredAddress = await addDepositAddress(db(), barred.userId, 'TON');

    expect(await refusalOf(simulateDeposit(db(), { address: lockedAddress, amount: '1' }))).toMatchObject({
      message: 'The deposit was refused and nothing was recorded: the user is locked or banned',
    });
    expect(await refusalOf(simulateDeposit(db(), { address: barredAddress, amount: '1' }))).toMatchObject({
      message: 'The deposit was refused and nothing was recorded: the user may not deposit (can_deposit is off)',
    });
  });
});

describe('a credited deposit', () => {
  it("records its deposit address and credits the owner with a ledger journal of type 'deposit'", async () => {
    const { userId } = await signInTestUser(server.database);
    const address = await addDepositAddress(db(), userId, 'TRX');
    const [owned] = await db().select().from(depositAddresses).where(eq(depositAddresses.address, address));

    const deposit = await simulateDeposit(db(), { address, amount: '25' });

    const [row] = await db().select().from(chainDeposits).where(eq(chainDeposits.id, deposit.id));
    expect(row).toMatchObject({ depositAddressId: owned?.id, userId, status: 'credited' });
    const journals = await db()
      .select({ type: ledgerJournals.type, step: ledgerJournals.step })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.operationId, deposit.id));
    expect(journals).toEqual([{ type: 'deposit', step: 'credit' }]);
  });
});

describe('the /local/chain routes', () => {
  const post = (url: string, payload?: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }) });
  const failedPart = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    return z.parse(apiErrorBody, response.json()).data;
  };

  async function newWithdrawal(): Promise<string> {
    const { userId } = await signInTestUser(server.database);
    return createdWithdrawal(db(), {
      userId,
      asset: 'BTC',
      network: 'BTC',
      amount: 50_000n,
      fee: 1000n,
      startingBalance: 100_000n,
    });
  }

  it('name the request part a validation failure is in', async () => {
    const id = await newWithdrawal();

    expect(failedPart(await post('/local/chain/deposit', { address: 'x', amount: '-1' }))).toMatchObject({
      location: 'body',
    });
    expect(failedPart(await post('/local/chain/withdrawal/not-a-uuid/fail', {}))).toMatchObject({
      location: 'params',
    });
    expect(failedPart(await post(`/local/chain/withdrawal/${id}/fail`, { reason: '' }))).toMatchObject({
      location: 'body',
    });
    expect(failedPart(await post('/local/chain/flag', { network: 'LTC', address: 'x', flag: 'nope' }))).toMatchObject({
      location: 'body',
    });
  });

  it('store the reason a failure is given, and the default reason for one sent with no body', async () => {
    const withReason = await newWithdrawal();
    const withoutBody = await newWithdrawal();

    expect((await post(`/local/chain/withdrawal/${withReason}/fail`, { reason: 'Node out of gas' })).statusCode).toBe(
      200,
    );
    expect((await post(`/local/chain/withdrawal/${withoutBody}/fail`)).statusCode).toBe(200);

    expect((await withdrawalRow(db(), withReason)).failureReason).toBe('Node out of gas');
    expect((await withdrawalRow(db(), withoutBody)).failureReason).toBe('Failed on the test network (simulator)');
  });

  it('store a flag with its note, or a note saying it came from the simulator', async () => {
    const withNote = generateDepositAddress('LTC');
    const withoutNote = generateDepositAddress('LTC');

    await post('/local/chain/flag', { network: 'LTC', address: withNote, flag: 'blocked', note: 'Mixer' });
    await post('/local/chain/flag', { network: 'LTC', address: withoutNote, flag: 'blocked' });

    const notes = async (address: string) =>
      (
        await db()
          .select({ note: chainAddressFlags.note })
          .from(chainAddressFlags)
          .where(and(eq(chainAddressFlags.network, 'LTC'), eq(chainAddressFlags.address, address)))
      ).map((row) => row.note);
    expect(await notes(withNote)).toEqual(['Mixer']);
    expect(await notes(withoutNote)).toEqual(['Flagged through the chain simulator']);
  });
});
