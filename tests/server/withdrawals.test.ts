import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  addressCheckAnswer,
  addressRejectedData,
  amountBoundData,
  insufficientFundsData,
  type NetworkId,
  withdrawal,
} from '../../src/contract/wallet-operations';
import { assetNetworks, assets } from '../../src/server/db/schema/catalogue';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { securityTokens } from '../../src/server/db/schema/security';
import { userSettings } from '../../src/server/db/schema/users';
import { chainAddressFlags, withdrawals } from '../../src/server/db/schema/wallet';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { balancesOf } from '../../src/server/ledger/ledger';
import { issueToken, sha256 } from '../../src/server/modules/security/tokens';
import { seedDeposit } from './helpers/ledger';
import {
  activatePassCode,
  type Call,
  caller,
  expectError,
  type FakeBotApi,
  fakeBotApi,
  ok,
  tokenAnswer,
} from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// BTC on BTC in the default catalogue: minimum 10000, maximum 500000000, fee 1000 satoshi.
const btcMin = 10_000n;
const btcMax = 500_000_000n;
const btcFee = 1_000n;

describe('withdrawals', () => {
  let server: TestServer;
  let bot: FakeBotApi;

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot } });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  /** Funds a user the way a deposit does: a credited chain deposit and its ledger credit. */
  async function fund(userId: number, amount: bigint, asset = 'BTC', network: NetworkId = 'BTC'): Promise<void> {
    await seedDeposit(db(), { userId, asset, network, amount, address: generateDepositAddress(network) });
  }

  function confirmationToken(userId: number, idempotencyKey: string, transactionType = 'withdraw'): Promise<string> {
    return issueToken(
      db(),
      { userId, kind: 'confirmation', transactionType, operationHash: idempotencyKey },
      new Date(),
    );
  }

  async function isSpent(token: string): Promise<boolean> {
    const [row] = await db()
      .select()
      .from(securityTokens)
      .where(eq(securityTokens.tokenHash, sha256(token)));
    return row?.usedAt !== null && row?.usedAt !== undefined;
  }

  /** Everything a withdrawal could change for a user: balances, withdrawals and ledger journals. */
  async function moneyOf(userId: number, asset = 'BTC') {
    const balance = (await balancesOf(db(), userId)).get(asset) ?? { available: 0n, held: 0n };
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.userId, userId));
    const journals = await Promise.all(
      rows.map((row) => db().select().from(ledgerJournals).where(eq(ledgerJournals.operationId, row.id))),
    );
    return { ...balance, withdrawals: rows.length, journals: journals.flat().length };
  }

  interface Account {
    readonly userId: number;
    readonly call: Call;
  }

  async function fundedUser(amount: bigint): Promise<Account> {
    const { userId, token } = await signInTestUser(server.database);
    if (amount > 0n) await fund(userId, amount);
    return { userId, call: caller(server, token) };
  }

  // A type alias, not an interface: the caller's payload is a plain record.
  type WithdrawalBody = {
    readonly asset: string;
    readonly network: string;
    readonly address: string;
    readonly amount: string;
    readonly idempotency_key: string;
    readonly token: string;
  };

  async function requestFor(user: Account, overrides: Partial<WithdrawalBody> = {}): Promise<WithdrawalBody> {
    const idempotencyKey = randomUUID();
    return {
      asset: 'BTC',
      network: 'BTC',
      address: generateDepositAddress('BTC'),
      amount: '50000',
      idempotency_key: idempotencyKey,
      token: await confirmationToken(user.userId, idempotencyKey),
      ...overrides,
    };
  }

  async function setSettings(userId: number, values: Partial<typeof userSettings.$inferInsert>): Promise<void> {
    await db().update(userSettings).set(values).where(eq(userSettings.userId, userId));
  }

  describe('the address check', () => {
    it('answers valid with the canonical address for an enabled asset on its network', async () => {
      const { call } = await fundedUser(0n);
      const address = generateDepositAddress('TRX');

      const answer = ok(
        await call('POST', '/wallet/withdrawal/check-address', { asset: 'USDT', network: 'TRX', address }),
        addressCheckAnswer,
      );

      expect(answer).toEqual({ result: 'valid', address });
    });

    it('answers blocked for an address the chain flags as sanctioned', async () => {
      const { call } = await fundedUser(0n);
      const address = generateDepositAddress('ETH');
      await db().insert(chainAddressFlags).values({ network: 'ETH', address, flag: 'blocked' });

      const answer = ok(
        await call('POST', '/wallet/withdrawal/check-address', { asset: 'ETH', network: 'ETH', address }),
        addressCheckAnswer,
      );

      expect(answer.result).toBe('blocked');
    });

    it('refuses an asset that is unknown, disabled or not on the network with network_not_found', async () => {
      const { call } = await fundedUser(0n);
      const check = (asset: string, network: NetworkId) =>
        call('POST', '/wallet/withdrawal/check-address', { asset, network, address: generateDepositAddress(network) });

      expectError(await check('BTC', 'ETH'), 404, 'network_not_found');
      expectError(await check('ZZZ', 'BTC'), 404, 'network_not_found');
      await db().update(assets).set({ isEnabled: false }).where(eq(assets.code, 'LTC'));
      try {
        expectError(await check('LTC', 'LTC'), 404, 'network_not_found');
      } finally {
        await db().update(assets).set({ isEnabled: true }).where(eq(assets.code, 'LTC'));
      }
    });
  });

  describe('creating one', () => {
    it('holds amount plus fee and spends the passcode confirmation made for its idempotency key', async () => {
      const { userId, token } = await signInTestUser(server.database);
      const call = caller(server, token);
      await fund(userId, 100_000n);
      await activatePassCode(server, call, userId, bot, '2580');
      const idempotencyKey = randomUUID();
      const { token: confirmation } = ok(
        await call('POST', '/security/pass-code/token', {
          code: '2580',
          transactionType: 'withdraw',
          hash: idempotencyKey,
        }),
        tokenAnswer,
      );
      const address = generateDepositAddress('BTC');

      const created = ok(
        await call('POST', '/wallet/withdrawal', {
          asset: 'BTC',
          network: 'BTC',
          address,
          amount: '60000',
          idempotency_key: idempotencyKey,
          token: confirmation,
        }),
        withdrawal,
      );

      expect(created).toMatchObject({
        asset: 'BTC',
        network: 'BTC',
        address,
        amount: '60000',
        fee: btcFee.toString(),
        status: 'created',
        txid: null,
        explorer_transaction_url: null,
      });
      expect(await moneyOf(userId)).toEqual({ available: 39_000n, held: 61_000n, withdrawals: 1, journals: 1 });
      expect(await isSpent(confirmation)).toBe(true);
      const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, created.id));
      expect(row).toMatchObject({ idempotencyKey, status: 'created' });
    });

    it('shows the explorer link of the chain transaction once it has a txid', async () => {
      const user = await fundedUser(100_000n);
      const created = ok(await user.call('POST', '/wallet/withdrawal', await requestFor(user)), withdrawal);
      expect(ok(await user.call('GET', `/wallet/withdrawal/${created.id}`), withdrawal)).toEqual(created);

      await db().update(withdrawals).set({ txid: 'abc123', status: 'sent' }).where(eq(withdrawals.id, created.id));
      const sent = ok(await user.call('GET', `/wallet/withdrawal/${created.id}`), withdrawal);

      expect(sent).toMatchObject({
        status: 'sent',
        txid: 'abc123',
        explorer_transaction_url: 'https://mempool.space/testnet4/tx/abc123',
      });
    });

    it('shows a withdrawal to its owner only, and treats unknown and malformed ids as not found', async () => {
      const owner = await fundedUser(100_000n);
      const stranger = await fundedUser(0n);
      const created = ok(await owner.call('POST', '/wallet/withdrawal', await requestFor(owner)), withdrawal);

      expectError(await stranger.call('GET', `/wallet/withdrawal/${created.id}`), 404, 'not_found');
      expectError(await owner.call('GET', `/wallet/withdrawal/${randomUUID()}`), 404, 'not_found');
      expectError(await owner.call('GET', '/wallet/withdrawal/not-a-uuid'), 404, 'not_found');
    });

    it('accepts exactly the minimum, and exactly the maximum with its fee', async () => {
      const user = await fundedUser(btcMax + btcMin + 2n * btcFee);

      ok(
        await user.call('POST', '/wallet/withdrawal', await requestFor(user, { amount: btcMin.toString() })),
        withdrawal,
      );
      ok(
        await user.call('POST', '/wallet/withdrawal', await requestFor(user, { amount: btcMax.toString() })),
        withdrawal,
      );

      expect(await moneyOf(user.userId)).toMatchObject({ available: 0n, held: btcMax + btcMin + 2n * btcFee });
    });
  });

  describe('repeating the same idempotency key', () => {
    it('answers the first withdrawal again without a new confirmation and moves nothing more', async () => {
      const user = await fundedUser(200_000n);
      const request = await requestFor(user);
      const first = ok(await user.call('POST', '/wallet/withdrawal', request), withdrawal);

      const again = ok(await user.call('POST', '/wallet/withdrawal', request), withdrawal);
      const withOtherToken = ok(
        await user.call('POST', '/wallet/withdrawal', { ...request, token: 'x'.repeat(43) }),
        withdrawal,
      );

      expect(again).toEqual(first);
      expect(withOtherToken).toEqual(first);
      expect(await moneyOf(user.userId)).toEqual({ available: 149_000n, held: 51_000n, withdrawals: 1, journals: 1 });
    });

    it('creates one withdrawal and one hold when the repeats arrive at the same time', async () => {
      const user = await fundedUser(200_000n);
      const request = await requestFor(user);

      const answers = await Promise.all(
        Array.from({ length: 10 }, () => user.call('POST', '/wallet/withdrawal', request)),
      );

      const ids = new Set(answers.map((answer) => ok(answer, withdrawal).id));
      expect(ids.size).toBe(1);
      expect(await moneyOf(user.userId)).toEqual({ available: 149_000n, held: 51_000n, withdrawals: 1, journals: 1 });
    });

    it('refuses a different withdrawal under a used key with idempotency_conflict', async () => {
      const user = await fundedUser(200_000n);
      const request = await requestFor(user);
      ok(await user.call('POST', '/wallet/withdrawal', request), withdrawal);
      const before = await moneyOf(user.userId);

      expectError(
        await user.call('POST', '/wallet/withdrawal', { ...request, amount: '60000' }),
        409,
        'idempotency_conflict',
      );
      expectError(
        await user.call('POST', '/wallet/withdrawal', { ...request, address: generateDepositAddress('BTC') }),
        409,
        'idempotency_conflict',
      );

      expect(await moneyOf(user.userId)).toEqual(before);
    });
  });

  describe('refusals move no money and spend no confirmation', () => {
    async function expectRefused(
      user: Account,
      request: WithdrawalBody,
      status: number,
      code: string,
    ): Promise<unknown> {
      const before = await moneyOf(user.userId);
      const data = expectError(await user.call('POST', '/wallet/withdrawal', request), status, code);
      expect(await moneyOf(user.userId)).toEqual(before);
      expect(await isSpent(request.token)).toBe(false);
      return data;
    }

    it('refuses a user under a compliance lock or ban', async () => {
      const locked = await fundedUser(100_000n);
      await setSettings(locked.userId, { complianceLock: true });
      const banned = await fundedUser(100_000n);
      await setSettings(banned.userId, { complianceBan: true });

      await expectRefused(locked, await requestFor(locked), 403, 'withdraw_forbidden');
      await expectRefused(banned, await requestFor(banned), 403, 'withdraw_forbidden');
    });

    it('refuses a user under a soft ban that has not ended, and serves one whose soft ban has', async () => {
      const softBanned = await fundedUser(100_000n);
      await setSettings(softBanned.userId, { softBanUntil: new Date(Date.now() + 3_600_000) });
      const released = await fundedUser(100_000n);
      await setSettings(released.userId, { softBanUntil: new Date(Date.now() - 1_000) });

      await expectRefused(softBanned, await requestFor(softBanned), 403, 'withdraw_forbidden');
      ok(await released.call('POST', '/wallet/withdrawal', await requestFor(released)), withdrawal);
    });

    it('refuses a user whose can_withdraw permission is off, but not one whose other permissions are', async () => {
      const refused = await fundedUser(100_000n);
      await setSettings(refused.userId, { permissions: { can_withdraw: false } });
      const allowed = await fundedUser(100_000n);
      await setSettings(allowed.userId, { permissions: { can_deposit: false, can_withdraw: true } });

      await expectRefused(refused, await requestFor(refused), 403, 'withdraw_forbidden');
      ok(await allowed.call('POST', '/wallet/withdrawal', await requestFor(allowed)), withdrawal);
    });

    it('refuses a network with withdrawals off and a disabled asset', async () => {
      const user = await fundedUser(100_000n);
      const onBtc = and(eq(assetNetworks.assetCode, 'BTC'), eq(assetNetworks.network, 'BTC'));
      try {
        await db().update(assetNetworks).set({ canWithdraw: false }).where(onBtc);
        await expectRefused(user, await requestFor(user), 403, 'withdraw_forbidden');
        await db().update(assetNetworks).set({ canWithdraw: true }).where(onBtc);
        await db().update(assets).set({ isEnabled: false }).where(eq(assets.code, 'BTC'));
        await expectRefused(user, await requestFor(user), 403, 'withdraw_forbidden');
      } finally {
        await db().update(assetNetworks).set({ canWithdraw: true }).where(onBtc);
        await db().update(assets).set({ isEnabled: true }).where(eq(assets.code, 'BTC'));
      }
    });

    it('refuses an asset that is unknown or not on the network with network_not_found', async () => {
      const user = await fundedUser(100_000n);

      await expectRefused(user, await requestFor(user, { network: 'ETH' }), 404, 'network_not_found');
      await expectRefused(user, await requestFor(user, { asset: 'ZZZ' }), 404, 'network_not_found');
    });

    it('refuses amounts outside the network limits, naming the limit', async () => {
      const user = await fundedUser(btcMax * 2n);

      const below = await expectRefused(
        user,
        await requestFor(user, { amount: (btcMin - 1n).toString() }),
        422,
        'amount_below_minimum',
      );
      const above = await expectRefused(
        user,
        await requestFor(user, { amount: (btcMax + 1n).toString() }),
        422,
        'amount_above_maximum',
      );

      expect(z.parse(amountBoundData, below)).toEqual({ min: btcMin.toString() });
      expect(z.parse(amountBoundData, above)).toEqual({ max: btcMax.toString() });
    });

    it('refuses an address that fails the check, naming the result', async () => {
      const user = await fundedUser(100_000n);
      const sanctioned = generateDepositAddress('BTC');
      await db().insert(chainAddressFlags).values({ network: 'BTC', address: sanctioned, flag: 'blocked' });

      const invalid = await expectRefused(
        user,
        await requestFor(user, { address: 'not-an-address' }),
        422,
        'address_rejected',
      );
      const blocked = await expectRefused(
        user,
        await requestFor(user, { address: sanctioned }),
        422,
        'address_rejected',
      );

      expect(z.parse(addressRejectedData, invalid)).toEqual({ result: 'invalid' });
      expect(z.parse(addressRejectedData, blocked)).toEqual({ result: 'blocked' });
    });

    it('refuses an amount whose fee the balance does not cover, naming the available balance and fee', async () => {
      const user = await fundedUser(50_999n);

      const data = await expectRefused(user, await requestFor(user, { amount: '50000' }), 422, 'insufficient_funds');

      expect(z.parse(insufficientFundsData, data)).toEqual({ available: '50999', fee: '1000' });
    });

    it('refuses a confirmation that is made for another key, another operation, used or made up', async () => {
      const user = await fundedUser(200_000n);
      const forOtherKey = await requestFor(user, { token: await confirmationToken(user.userId, randomUUID()) });
      const otherKey = randomUUID();
      const forOtherOperation = await requestFor(user, {
        idempotency_key: otherKey,
        token: await confirmationToken(user.userId, otherKey, 'p2p'),
      });
      const spentKey = randomUUID();
      const spent = await confirmationToken(user.userId, spentKey);
      ok(
        await user.call(
          'POST',
          '/wallet/withdrawal',
          await requestFor(user, { idempotency_key: spentKey, token: spent }),
        ),
        withdrawal,
      );
      const before = await moneyOf(user.userId);

      for (const request of [
        forOtherKey,
        forOtherOperation,
        await requestFor(user, { token: spent }),
        await requestFor(user, { token: 'y'.repeat(43) }),
      ]) {
        expectError(await user.call('POST', '/wallet/withdrawal', request), 403, 'invalid_token');
      }

      expect(await moneyOf(user.userId)).toEqual(before);
    });

    it('refuses a malformed request with validation_failed', async () => {
      const user = await fundedUser(100_000n);

      await expectRefused(user, await requestFor(user, { amount: '0' }), 400, 'validation_failed');
      await expectRefused(user, await requestFor(user, { amount: '1.5' }), 400, 'validation_failed');
      await expectRefused(user, await requestFor(user, { idempotency_key: 'key-1' }), 400, 'validation_failed');
      await expectRefused(user, await requestFor(user, { network: 'DOGE' }), 400, 'validation_failed');
    });
  });

  describe('under concurrent load', () => {
    it('lets exactly the withdrawals the balance covers through, never overdrawing', async () => {
      const perWithdrawal = 20_000n + btcFee;
      const fitting = 37;
      const user = await fundedUser(perWithdrawal * BigInt(fitting) + perWithdrawal / 2n);
      const requests = await Promise.all(Array.from({ length: 100 }, () => requestFor(user, { amount: '20000' })));

      const answers = await Promise.all(requests.map((request) => user.call('POST', '/wallet/withdrawal', request)));

      const succeeded = answers.filter((answer) => answer.statusCode === 200);
      const refused = answers.filter((answer) => answer.statusCode !== 200);
      expect(succeeded).toHaveLength(fitting);
      for (const answer of refused) expectError(answer, 422, 'insufficient_funds');
      expect(await moneyOf(user.userId)).toEqual({
        available: perWithdrawal / 2n,
        held: perWithdrawal * BigInt(fitting),
        withdrawals: fitting,
        journals: fitting,
      });
      const spentTokens = await Promise.all(requests.map((request) => isSpent(request.token)));
      expect(spentTokens.filter(Boolean)).toHaveLength(fitting);
    });
  });
});
