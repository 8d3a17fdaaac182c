import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { depositAddress, depositAddressLimit } from '../../src/contract/deposit-address';
import type { NetworkId } from '../../src/contract/wallet-operations';
import { userSettings } from '../../src/server/db/schema/users';
import { depositAddresses } from '../../src/server/db/schema/wallet';
import { normaliseAddress } from '../../src/server/integrations/chain/addresses';
import { type Call, caller, expectError, ok, resultAnswer } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const addressList = z.object({ items: z.array(depositAddress) });

describe('deposit addresses', () => {
  let server: TestServer;
  let clock = new Date('2026-11-01T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({ now: clock });
  });
  afterAll(() => server.close());

  /** A signed-in user and their calls. */
  async function signedIn(): Promise<{ userId: number; send: Call }> {
    const { userId, token } = await signInTestUser(server.database);
    return { userId, send: caller(server, token) };
  }

  /** Moves the clock a second on, so "newest first" has an order to show. */
  function tick(): void {
    clock = new Date(clock.getTime() + 1000);
    server.setNow(clock);
  }

  async function list(send: Call, network: NetworkId) {
    tick();
    return ok(await send('GET', `/wallet/address/${network}`), addressList).items;
  }

  async function create(send: Call, network: NetworkId, name: string) {
    tick();
    return ok(await send('POST', `/wallet/address/${network}`, { name }), depositAddress);
  }

  describe('the main address', () => {
    it('is made on the first ask, unnamed, in the network format, and stays the same', async () => {
      const { send } = await signedIn();

      const [main, ...others] = await list(send, 'TRX');
      const again = await list(send, 'TRX');

      expect(others).toEqual([]);
      expect(main).toMatchObject({ network: 'TRX', is_main: true, name: null });
      expect(main && normaliseAddress('TRX', main.address)).toBe(main?.address);
      expect(again).toEqual([main]);
    });

    it('is one per network', async () => {
      const { send } = await signedIn();

      const [ton] = await list(send, 'TON');
      const [btc] = await list(send, 'BTC');

      expect(ton?.address).not.toBe(btc?.address);
      expect(normaliseAddress('BTC', btc?.address ?? '')).toBe(btc?.address);
    });

    it('is made exactly once when the first asks arrive at the same time', async () => {
      const { userId, send } = await signedIn();

      const answers = await Promise.all(Array.from({ length: 8 }, () => send('GET', '/wallet/address/ETH')));

      const mains = new Set(answers.map((answer) => ok(answer, addressList).items[0]?.id));
      expect(mains.size).toBe(1);
      const rows = await server.database.db
        .select()
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, 'ETH')));
      expect(rows).toHaveLength(1);
    });
  });

  describe('named addresses', () => {
    it('are listed after the main address, newest first, and can be read one by one', async () => {
      const { send } = await signedIn();
      const first = await create(send, 'BSC', ' first ');
      const second = await create(send, 'BSC', 'second.ton');

      const items = await list(send, 'BSC');

      expect(first).toMatchObject({ name: 'first', is_main: false, network: 'BSC' });
      expect(items.map((item) => item.name)).toEqual([null, 'second.ton', 'first']);
      expect(new Set(items.map((item) => item.address)).size).toBe(3);
      expect(ok(await send('GET', `/wallet/address/BSC/${second.id}`), depositAddress)).toEqual(second);
    });

    it(`stop at ${depositAddressLimit} per network, the main one included, with address_limit_reached`, async () => {
      const { userId, send } = await signedIn();
      for (let index = 1; index < depositAddressLimit; index++) await create(send, 'LTC', `ltc-${index}`);

      expectError(await send('POST', '/wallet/address/LTC', { name: 'one-more' }), 409, 'address_limit_reached');
      await create(send, 'TON', 'other-network');

      const rows = await server.database.db
        .select()
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, 'LTC')));
      expect(rows).toHaveLength(depositAddressLimit);
    });

    it('never pass the limit when made at the same time', async () => {
      const { userId, send } = await signedIn();
      for (let index = 1; index < depositAddressLimit - 2; index++) await create(send, 'TRX', `trx-${index}`);

      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) => send('POST', '/wallet/address/TRX', { name: `race-${index}` })),
      );

      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
      for (const answer of answers.filter((each) => each.statusCode !== 200)) {
        expectError(answer, 409, 'address_limit_reached');
      }
      const rows = await server.database.db
        .select()
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, 'TRX')));
      expect(rows).toHaveLength(depositAddressLimit);
    });

    it.each([
      ['', 'name_required'],
      ['  ', 'name_required'],
      ['n'.repeat(30), 'name_too_long'],
      ['my wallet', 'name_invalid'],
      ['name.eth', 'name_invalid'],
    ])('refuse the name %j with validation_failed (%s)', async (name, issue) => {
      const { send } = await signedIn();
      const [main] = await list(send, 'ETH');

      const created = expectError(await send('POST', '/wallet/address/ETH', { name }), 400, 'validation_failed');
      const renamed = expectError(
        await send('PATCH', `/wallet/address/ETH/${main?.id}/name`, { name }),
        400,
        'validation_failed',
      );

      expect(JSON.stringify(created)).toContain(issue);
      expect(JSON.stringify(renamed)).toContain(issue);
      expect(await list(send, 'ETH')).toEqual([main]);
    });
  });

  describe('renaming', () => {
    it('names the main address and renames a named one', async () => {
      const { send } = await signedIn();
      const [main] = await list(send, 'TON');
      const named = await create(send, 'TON', 'before');

      ok(await send('PATCH', `/wallet/address/TON/${main?.id}/name`, { name: 'main.t.me' }), resultAnswer);
      ok(await send('PATCH', `/wallet/address/TON/${named.id}/name`, { name: ` ${'x'.repeat(29)} ` }), resultAnswer);

      expect((await list(send, 'TON')).map((item) => item.name)).toEqual(['main.t.me', 'x'.repeat(29)]);
    });
  });

  it("treats another user's address, another network and malformed ids as address_not_found", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const [main] = await list(owner.send, 'BTC');
    const id = main?.id ?? '';

    expectError(await stranger.send('GET', `/wallet/address/BTC/${id}`), 404, 'address_not_found');
    expectError(
      await stranger.send('PATCH', `/wallet/address/BTC/${id}/name`, { name: 'mine' }),
      404,
      'address_not_found',
    );
    expectError(await owner.send('GET', `/wallet/address/LTC/${id}`), 404, 'address_not_found');
    expectError(await owner.send('GET', '/wallet/address/BTC/not-a-uuid'), 404, 'address_not_found');
    expectError(
      await owner.send('PATCH', '/wallet/address/BTC/not-a-uuid/name', { name: 'x' }),
      404,
      'address_not_found',
    );

    expect(await list(owner.send, 'BTC')).toEqual([main]);
  });

  describe('refusals for users who may not deposit', () => {
    async function restricted(values: Partial<typeof userSettings.$inferInsert>) {
      const user = await signedIn();
      await server.database.db.update(userSettings).set(values).where(eq(userSettings.userId, user.userId));
      return user;
    }

    it.each([
      ['a compliance lock', { complianceLock: true }],
      ['a compliance ban', { complianceBan: true }],
      ['can_deposit off', { permissions: { can_deposit: false } }],
    ])('refuse listing and creating under %s with deposit_forbidden, making no address', async (_, values) => {
      const { userId, send } = await restricted(values);

      expectError(await send('GET', '/wallet/address/TRX'), 403, 'deposit_forbidden');
      expectError(await send('POST', '/wallet/address/TRX', { name: 'blocked' }), 403, 'deposit_forbidden');

      const rows = await server.database.db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
      expect(rows).toEqual([]);
    });

    it('let a user whose can_withdraw alone is off deposit', async () => {
      const { send } = await restricted({ permissions: { can_withdraw: false } });

      expect(await list(send, 'TRX')).toHaveLength(1);
    });
  });

  it('refuses an unknown network with validation_failed', async () => {
    const { send } = await signedIn();

    expectError(await send('GET', '/wallet/address/DOGE'), 400, 'validation_failed');
  });
});
