import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChainAddressFlags, seededAddressFlags } from '../../src/server/integrations/chain/address-flags';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { checkAddress } from '../../src/server/integrations/chain/check';
import { flagAddress } from '../../src/server/modules/chain-simulator/flags';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedChainAddressFlags(database.handle.db);
});

afterAll(async () => {
  await database.destroy();
});

function seeded(flag: string, network: string) {
  const entry = seededAddressFlags.find((candidate) => candidate.flag === flag && candidate.network === network);
  if (entry === undefined) throw new Error(`No seeded ${flag} address on ${network}`);
  return entry;
}

describe('checkAddress', () => {
  it('answers valid with the canonical address for a plain wallet address', async () => {
    const address = generateDepositAddress('ETH');
    expect(
      await checkAddress(database.handle.db, { network: 'ETH', asset: 'ETH', address: address.toLowerCase() }),
    ).toEqual({ result: 'valid', address });
  });

  it('answers invalid for an address that is not one of the network', async () => {
    const answer = await checkAddress(database.handle.db, {
      network: 'BTC',
      asset: 'BTC',
      address: generateDepositAddress('LTC'),
    });
    expect(answer).toEqual({ result: 'invalid' });
  });

  it('answers contract for a seeded token contract, whatever form the address is pasted in', async () => {
    const usdt = seeded('contract', 'ETH');
    expect(
      await checkAddress(database.handle.db, { network: 'ETH', asset: 'USDT', address: usdt.address.toLowerCase() }),
    ).toEqual({ result: 'contract' });
    expect(
      await checkAddress(database.handle.db, {
        network: 'TON',
        asset: 'TON',
        address: 'kQD0GKBM8ZbryVk2aESmzfU6b9b_8era_IkvBSELujFZPsyy',
      }),
    ).toEqual({ result: 'contract' });
  });

  it('answers blocked for a seeded sanctioned-style address', async () => {
    const blocked = seeded('blocked', 'BTC');
    expect(await checkAddress(database.handle.db, { network: 'BTC', asset: 'BTC', address: blocked.address })).toEqual({
      result: 'blocked',
    });
  });

  it('answers invalid_smart_contract for the seeded TON system contract', async () => {
    const elector = seeded('invalid_smart_contract', 'TON');
    expect(await checkAddress(database.handle.db, { network: 'TON', asset: 'TON', address: elector.address })).toEqual({
      result: 'invalid_smart_contract',
    });
  });

  it('applies a flag only on its own network', async () => {
    const blocked = seeded('blocked', 'ETH');
    const flaggedOnEthOnly = seededAddressFlags.filter((entry) => entry.address === seeded('contract', 'ETH').address);
    expect(flaggedOnEthOnly.map((entry) => entry.network)).toEqual(['ETH']);
    expect(
      await checkAddress(database.handle.db, {
        network: 'BSC',
        asset: 'BNB',
        address: seeded('contract', 'ETH').address,
      }),
    ).toEqual({ result: 'valid', address: seeded('contract', 'ETH').address });
    expect(await checkAddress(database.handle.db, { network: 'ETH', asset: 'ETH', address: blocked.address })).toEqual({
      result: 'blocked',
    });
  });

  it('answers a flag set through the simulator, and a later flag replaces it', async () => {
    const address = generateDepositAddress('TRX');
    await flagAddress(database.handle.db, { network: 'TRX', address, flag: 'blocked' });
    expect(await checkAddress(database.handle.db, { network: 'TRX', asset: 'TRX', address })).toEqual({
      result: 'blocked',
    });
    await flagAddress(database.handle.db, { network: 'TRX', address, flag: 'contract' });
    expect(await checkAddress(database.handle.db, { network: 'TRX', asset: 'USDT', address })).toEqual({
      result: 'contract',
    });
  });

  it('answers failed, without throwing, when the check cannot reach its data', async () => {
    // The flag table disappears inside a transaction that is then rolled back: a real failure of
    // the lookup, leaving the database as it was.
    let answer: unknown;
    const rolledBack = database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`alter table chain_address_flags rename to chain_address_flags_unreachable`);
      answer = await checkAddress(tx, { network: 'TON', asset: 'TON', address: generateDepositAddress('TON') });
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow();
    expect(answer).toEqual({ result: 'failed' });
    expect(
      await checkAddress(database.handle.db, {
        network: 'BTC',
        asset: 'BTC',
        address: seeded('blocked', 'BTC').address,
      }),
    ).toEqual({
      result: 'blocked',
    });
  });
});

describe('seedChainAddressFlags', () => {
  it('is idempotent and keeps a flag changed by hand', async () => {
    const contract = seeded('contract', 'BSC');
    await flagAddress(database.handle.db, { network: 'BSC', address: contract.address, flag: 'blocked' });
    expect(await seedChainAddressFlags(database.handle.db)).toBe(0);
    expect(
      await checkAddress(database.handle.db, { network: 'BSC', asset: 'USDT', address: contract.address }),
    ).toEqual({ result: 'blocked' });
  });
});
