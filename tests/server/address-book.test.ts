import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addressBookEntry, addressBookPage } from '../../src/contract/address-book';
import { addressRejectedData, type NetworkId } from '../../src/contract/wallet-operations';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { type Call, caller, expectError, ok, resultAnswer } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('the address book', () => {
  let server: TestServer;
  let clock = new Date('2026-11-01T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({ now: clock });
  });
  afterAll(() => server.close());

  /** A signed-in user's calls. */
  async function signedIn(): Promise<Call> {
    const { token } = await signInTestUser(server.database);
    return caller(server, token);
  }

  /** Adds an entry a second after the previous one, so "newest first" has an order to show. */
  async function add(send: Call, title: string, network: NetworkId = 'ETH', address = generateDepositAddress(network)) {
    clock = new Date(clock.getTime() + 1000);
    server.setNow(clock);
    return ok(await send('POST', '/wallet/address-book', { network, address, title }), addressBookEntry);
  }

  async function list(send: Call, query = '') {
    return ok(await send('GET', `/wallet/address-book${query}`), addressBookPage);
  }

  describe('adding', () => {
    it('stores the address in its canonical form under the trimmed title', async () => {
      const send = await signedIn();
      const address = generateDepositAddress('ETH');

      const entry = await add(send, '  savings  ', 'ETH', address.toLowerCase());

      expect(entry).toMatchObject({ address, title: 'savings', network: 'ETH' });
      expect(ok(await send('GET', `/wallet/address-book/${entry.id}`), addressBookEntry)).toEqual(entry);
    });

    it('refuses an address that is not one of the network with address_rejected', async () => {
      const send = await signedIn();

      const data = expectError(
        await send('POST', '/wallet/address-book', {
          network: 'BTC',
          address: generateDepositAddress('ETH'),
          title: 'wrong-chain',
        }),
        422,
        'address_rejected',
      );

      expect(z.parse(addressRejectedData, data)).toEqual({ result: 'invalid' });
      expect((await list(send)).total).toBe(0);
    });

    it('refuses the same live address on the same network, in any spelling, with address_exists', async () => {
      const send = await signedIn();
      const address = generateDepositAddress('BSC');
      await add(send, 'first', 'BSC', address);

      expectError(
        await send('POST', '/wallet/address-book', { network: 'BSC', address: address.toLowerCase(), title: 'again' }),
        409,
        'address_exists',
      );
      await add(send, 'other-network', 'ETH', address);

      expect((await list(send)).total).toBe(2);
    });

    it('keeps users apart: the same address may be in two books', async () => {
      const address = generateDepositAddress('TRX');
      const alice = await signedIn();
      const bob = await signedIn();

      await add(alice, 'shared', 'TRX', address);
      await add(bob, 'shared', 'TRX', address);

      expect((await list(alice)).items.map((entry) => entry.address)).toEqual([address]);
    });

    it.each([
      ['', 'name_required'],
      ['   ', 'name_required'],
      ['a'.repeat(30), 'name_too_long'],
      ['two words', 'name_invalid'],
      ['wallet.com', 'name_invalid'],
    ])('refuses the title %j with validation_failed (%s)', async (title, issue) => {
      const send = await signedIn();

      const data = expectError(
        await send('POST', '/wallet/address-book', { network: 'ETH', address: generateDepositAddress('ETH'), title }),
        400,
        'validation_failed',
      );

      expect(JSON.stringify(data)).toContain(issue);
    });

    it('accepts titles of 29 characters and with a .ton, .gram or .t.me suffix', async () => {
      const send = await signedIn();

      for (const title of ['a'.repeat(29), 'alice.ton', 'bob.gram', 'carol.t.me', 'Кошелёк_2-b']) {
        expect((await add(send, title)).title).toBe(title);
      }
    });
  });

  describe('listing', () => {
    it('answers newest first in pages of 20 by default, with the total', async () => {
      const send = await signedIn();
      const titles: string[] = [];
      for (let index = 0; index < 23; index++) {
        titles.push(`entry-${index}`);
        await add(send, `entry-${index}`);
      }
      const newestFirst = [...titles].reverse();

      const first = await list(send);
      const rest = await list(send, '?offset=20');
      const small = await list(send, '?count=2&offset=1');

      expect(first.items.map((entry) => entry.title)).toEqual(newestFirst.slice(0, 20));
      expect(rest.items.map((entry) => entry.title)).toEqual(newestFirst.slice(20));
      expect(small.items.map((entry) => entry.title)).toEqual(newestFirst.slice(1, 3));
      expect([first.total, rest.total, small.total]).toEqual([23, 23, 23]);
    });

    it('filters by network', async () => {
      const send = await signedIn();
      await add(send, 'eth-one', 'ETH');
      await add(send, 'ton-one', 'TON');
      await add(send, 'ton-two', 'TON');

      const ton = await list(send, '?network=TON');

      expect(ton.items.map((entry) => entry.title)).toEqual(['ton-two', 'ton-one']);
      expect(ton.total).toBe(2);
    });

    it('searches title or address without regard to case, taking % and _ literally', async () => {
      const send = await signedIn();
      const exchange = await add(send, 'Exchange', 'ETH');
      const percent = await add(send, 'fifty_percent', 'ETH');
      await add(send, 'fiftyXpercent', 'ETH');
      const byAddress = await add(send, 'plain', 'TRX');

      const found = async (search: string) =>
        (await list(send, `?search=${encodeURIComponent(search)}`)).items.map((entry) => entry.id);

      expect(await found('exCHANGE')).toEqual([exchange.id]);
      expect(await found('y_p')).toEqual([percent.id]);
      expect(await found('%')).toEqual([]);
      expect(await found(byAddress.address.slice(5, 15).toLowerCase())).toEqual([byAddress.id]);
    });

    it('refuses a page size above 100 with validation_failed', async () => {
      const send = await signedIn();

      expectError(await send('GET', '/wallet/address-book?count=101'), 400, 'validation_failed');
      expectError(await send('GET', '/wallet/address-book?offset=-1'), 400, 'validation_failed');
    });
  });

  describe('renaming', () => {
    it('changes the title', async () => {
      const send = await signedIn();
      const entry = await add(send, 'old');

      ok(await send('PUT', `/wallet/address-book/${entry.id}`, { title: ' new-name ' }), resultAnswer);

      expect(ok(await send('GET', `/wallet/address-book/${entry.id}`), addressBookEntry).title).toBe('new-name');
    });

    it('refuses an invalid title with validation_failed and keeps the old one', async () => {
      const send = await signedIn();
      const entry = await add(send, 'kept');

      expectError(
        await send('PUT', `/wallet/address-book/${entry.id}`, { title: 'a'.repeat(30) }),
        400,
        'validation_failed',
      );

      expect(ok(await send('GET', `/wallet/address-book/${entry.id}`), addressBookEntry).title).toBe('kept');
    });
  });

  describe('deleting and restoring', () => {
    it('hides a deleted entry from list, get and rename until it is restored', async () => {
      const send = await signedIn();
      const entry = await add(send, 'temporary');

      ok(await send('DELETE', `/wallet/address-book/${entry.id}`), resultAnswer);

      expect(await list(send)).toEqual({ items: [], total: 0 });
      expectError(await send('GET', `/wallet/address-book/${entry.id}`), 404, 'address_not_found');
      expectError(
        await send('PUT', `/wallet/address-book/${entry.id}`, { title: 'renamed' }),
        404,
        'address_not_found',
      );
      expectError(await send('DELETE', `/wallet/address-book/${entry.id}`), 404, 'address_not_found');

      ok(await send('POST', `/wallet/address-book/${entry.id}/restore`), resultAnswer);

      expect((await list(send)).items).toEqual([entry]);
    });

    it('lets a deleted address be added again', async () => {
      const send = await signedIn();
      const entry = await add(send, 'first-time');
      ok(await send('DELETE', `/wallet/address-book/${entry.id}`), resultAnswer);

      const again = await add(send, 'second-time', 'ETH', entry.address);

      expect((await list(send)).items).toEqual([again]);
    });

    it('refuses to restore an entry that is not deleted with address_not_deleted', async () => {
      const send = await signedIn();
      const entry = await add(send, 'live');

      expectError(await send('POST', `/wallet/address-book/${entry.id}/restore`), 409, 'address_not_deleted');
    });

    it('refuses to restore an entry whose address was added again meanwhile with address_exists', async () => {
      const send = await signedIn();
      const entry = await add(send, 'original');
      ok(await send('DELETE', `/wallet/address-book/${entry.id}`), resultAnswer);
      const replacement = await add(send, 'replacement', 'ETH', entry.address);

      expectError(await send('POST', `/wallet/address-book/${entry.id}/restore`), 409, 'address_exists');

      expect((await list(send)).items).toEqual([replacement]);
    });
  });

  it("treats another user's, unknown and malformed ids as address_not_found everywhere", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const entry = await add(owner, 'private');
    const deleted = await add(owner, 'private-deleted');
    ok(await owner('DELETE', `/wallet/address-book/${deleted.id}`), resultAnswer);

    for (const id of [entry.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expectError(await stranger('GET', `/wallet/address-book/${id}`), 404, 'address_not_found');
      expectError(await stranger('PUT', `/wallet/address-book/${id}`, { title: 'mine' }), 404, 'address_not_found');
      expectError(await stranger('DELETE', `/wallet/address-book/${id}`), 404, 'address_not_found');
    }
    expectError(await stranger('POST', `/wallet/address-book/${deleted.id}/restore`), 404, 'address_not_found');
    expectError(await stranger('POST', '/wallet/address-book/not-a-uuid/restore'), 404, 'address_not_found');

    expect((await list(owner)).items.map((item) => item.title)).toEqual(['private']);
  });
});
