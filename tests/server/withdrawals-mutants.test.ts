import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { insufficientFundsData, type NetworkId, withdrawal } from '../../src/contract/wallet-operations';
import { assetNetworks } from '../../src/server/db/schema/catalogue';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { withdrawals } from '../../src/server/db/schema/wallet';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { balancesOf } from '../../src/server/ledger/ledger';
import { issueToken } from '../../src/server/modules/security/tokens';
import { seedDeposit } from './helpers/ledger';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// Withdrawal behaviour that mutation testing (docs/testing.md) found no test for: a repeated key
// compared part by part, addresses as written versus as stored, an asset with no upper bound, a
// user who never held the asset, a withdrawal whose network left the catalogue, the ledger type of
// the hold. (The address check's rate limit is in rate-limits.test.ts.)

// USDT and USDC on Ethereum in the default catalogue: 18 decimals, minimum 0.01, no maximum, fee 1.5.
const oneToken = 10n ** 18n;

describe('withdrawals, the cases mutation testing found untested', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  interface Account {
    readonly userId: number;
    readonly call: Call;
  }

  async function newUser(): Promise<Account> {
    const { userId, token } = await signInTestUser(server.database);
    return { userId, call: caller(server, token) };
  }

  async function fund(userId: number, asset: string, network: NetworkId, amount: bigint): Promise<void> {
    await seedDeposit(db(), { userId, asset, network, amount, address: generateDepositAddress(network) });
  }

  async function withdrawalRequest(
    user: Account,
    fields: { readonly asset: string; readonly network: NetworkId; readonly address: string; readonly amount: string },
  ) {
    const idempotencyKey = randomUUID();
    const token = await issueToken(
      db(),
      { userId: user.userId, kind: 'confirmation', transactionType: 'withdraw', operationHash: idempotencyKey },
      new Date(),
    );
    return { ...fields, idempotency_key: idempotencyKey, token };
  }

  describe('repeating an idempotency key', () => {
    it.each([
      ['another asset on the same network', { asset: 'USDC' }],
      ['the same asset on another network', { network: 'BSC' }],
    ])('refuses the same key, address and amount for %s', async (_case, change) => {
      const user = await newUser();
      await fund(user.userId, 'USDT', 'ETH', 10n * oneToken);
      const request = await withdrawalRequest(user, {
        asset: 'USDT',
        network: 'ETH',
        address: generateDepositAddress('ETH'),
        amount: (2n * oneToken).toString(),
      });
      ok(await user.call('POST', '/wallet/withdrawal', request), withdrawal);

      expectError(
        await user.call('POST', '/wallet/withdrawal', { ...request, ...change }),
        409,
        'idempotency_conflict',
      );
    });

    it('stores the address checksummed and answers a repeat written in lower case with the first withdrawal', async () => {
      const user = await newUser();
      await fund(user.userId, 'USDT', 'ETH', 10n * oneToken);
      const checksummed = generateDepositAddress('ETH');
      const request = await withdrawalRequest(user, {
        asset: 'USDT',
        network: 'ETH',
        address: checksummed.toLowerCase(),
        amount: (2n * oneToken).toString(),
      });

      const first = ok(await user.call('POST', '/wallet/withdrawal', request), withdrawal);
      const repeat = ok(await user.call('POST', '/wallet/withdrawal', request), withdrawal);
      const repeatChecksummed = ok(
        await user.call('POST', '/wallet/withdrawal', { ...request, address: checksummed }),
        withdrawal,
      );

      expect(first.address).toBe(checksummed);
      expect(repeat).toEqual(first);
      expect(repeatChecksummed).toEqual(first);
      const stored = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.userId));
      expect(stored.map((row) => row.address)).toEqual([checksummed]);
    });
  });

  it('lets an asset with no upper bound (maximum 0) withdraw 1,000,000 tokens', async () => {
    const user = await newUser();
    await fund(user.userId, 'USDT', 'BSC', 2_000_000n * oneToken);

    const created = ok(
      await user.call(
        'POST',
        '/wallet/withdrawal',
        await withdrawalRequest(user, {
          asset: 'USDT',
          network: 'BSC',
          address: generateDepositAddress('BSC'),
          amount: (1_000_000n * oneToken).toString(),
        }),
      ),
      withdrawal,
    );

    expect(created.amount).toBe('1000000000000000000000000');
  });

  it('refuses a user who never held the asset with insufficient_funds, naming 0 available', async () => {
    const user = await newUser();

    const data = expectError(
      await user.call(
        'POST',
        '/wallet/withdrawal',
        await withdrawalRequest(user, {
          asset: 'BTC',
          network: 'BTC',
          address: generateDepositAddress('BTC'),
          amount: '50000',
        }),
      ),
      422,
      'insufficient_funds',
    );

    expect(z.parse(insufficientFundsData, data)).toEqual({ available: '0', fee: '1000' });
  });

  it("stores the hold as a ledger journal of type 'withdrawal'", async () => {
    const user = await newUser();
    await fund(user.userId, 'BTC', 'BTC', 100_000n);
    const created = ok(
      await user.call(
        'POST',
        '/wallet/withdrawal',
        await withdrawalRequest(user, {
          asset: 'BTC',
          network: 'BTC',
          address: generateDepositAddress('BTC'),
          amount: '50000',
        }),
      ),
      withdrawal,
    );

    const journals = await db()
      .select({ type: ledgerJournals.type, step: ledgerJournals.step })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.operationId, created.id));
    expect(journals).toEqual([{ type: 'withdrawal', step: 'hold' }]);
    expect((await balancesOf(db(), user.userId)).get('BTC')).toEqual({ available: 49_000n, held: 51_000n });
  });

  it('shows no explorer link for a withdrawal whose network has left the catalogue, on reading it and on a repeat', async () => {
    // Removes LTC on LTC from this server's catalogue; no other test here uses it.
    const user = await newUser();
    await fund(user.userId, 'LTC', 'LTC', 10_000_000n);
    const request = await withdrawalRequest(user, {
      asset: 'LTC',
      network: 'LTC',
      address: generateDepositAddress('LTC'),
      amount: '2000000',
    });
    const created = ok(await user.call('POST', '/wallet/withdrawal', request), withdrawal);
    await db().update(withdrawals).set({ txid: 'abc123', status: 'sent' }).where(eq(withdrawals.id, created.id));
    expect(ok(await user.call('GET', `/wallet/withdrawal/${created.id}`), withdrawal).explorer_transaction_url).toBe(
      'https://litecoinspace.org/testnet/tx/abc123',
    );

    await db()
      .delete(assetNetworks)
      .where(and(eq(assetNetworks.assetCode, 'LTC'), eq(assetNetworks.network, 'LTC')));

    const read = ok(await user.call('GET', `/wallet/withdrawal/${created.id}`), withdrawal);
    const repeat = ok(await user.call('POST', '/wallet/withdrawal', request), withdrawal);
    expect(read).toMatchObject({ id: created.id, txid: 'abc123', explorer_transaction_url: null });
    expect(repeat).toMatchObject({ id: created.id, txid: 'abc123', explorer_transaction_url: null });
  });
});
