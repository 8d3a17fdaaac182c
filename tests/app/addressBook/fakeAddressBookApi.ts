/**
 * A fake address book behind a stubbed `fetch`, keeping entries like the server does: newest
 * first, soft deletion with restore, search on title or address, count/offset pages, the
 * server's address check (an address that does not start with "T" is rejected on TRX) and
 * duplicates refused. A route can be made to answer a given failure; every request is recorded.
 */
import { vi } from 'vitest';
import * as z from 'zod/mini';
import type { AddressBookEntry } from '../../../src/contract/address-book.ts';
import { networkId } from '../../../src/contract/wallet-operations.ts';
import { catalogue } from '../deposit/catalogue.ts';
import { type Answer, json } from '../deposit/fakeDepositApi.ts';
import { baseSettings } from '../settings/fakeApi.ts';

interface StoredEntry extends AddressBookEntry {
  deleted: boolean;
}

export interface FakeAddressBookApi {
  entries: StoredEntry[];
  failing: Record<string, Answer>;
  sent: Array<{ route: string; body: unknown; search: URLSearchParams }>;
  /** Adds `count` entries on `network` titled "entry-1"… (the last added is the newest). */
  seed(network: string, count: number): void;
}

function field(body: unknown, name: string): string {
  const value: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

const notFound: Answer = { status: 404, body: { code: 'address_not_found', message: 'Address not found' } };

export function installAddressBookApi(): FakeAddressBookApi {
  let nextId = 1;
  const api: FakeAddressBookApi = {
    entries: [],
    failing: {},
    sent: [],
    seed(network, count) {
      for (let index = 1; index <= count; index += 1) {
        const id = nextId++;
        api.entries.unshift({
          id: `e${id}`,
          address: `T${String(id).padStart(33, '0')}`,
          title: `entry-${index}`,
          network: z.parse(networkId, network),
          created_at: '2026-11-22T05:00:00.000Z',
          deleted: false,
        });
      }
    },
  };
  const visible = () => api.entries.filter((entry) => !entry.deleted);
  const wire = ({ deleted: _deleted, ...entry }: StoredEntry): AddressBookEntry => entry;

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const route = `${request.method} ${path}`;
      const text = await request.clone().text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      api.sent.push({ route, body, search: url.searchParams });
      const failure = api.failing[route];
      if (failure) return json(failure);
      if (route === 'GET /user/settings') return json({ status: 200, body: baseSettings });
      if (route === 'GET /wallet/asset') return json({ status: 200, body: catalogue });
      if (route === 'GET /wallet/address-book') {
        const network = url.searchParams.get('network');
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const count = Number(url.searchParams.get('count') ?? '20');
        const offset = Number(url.searchParams.get('offset') ?? '0');
        const matching = visible().filter(
          (entry) =>
            (network === null || entry.network === network) &&
            (search === '' ||
              entry.title.toLowerCase().includes(search) ||
              entry.address.toLowerCase().includes(search)),
        );
        return json({
          status: 200,
          body: { items: matching.slice(offset, offset + count).map(wire), total: matching.length },
        });
      }
      if (route === 'POST /wallet/address-book') {
        const network = z.parse(networkId, field(body, 'network'));
        const address = field(body, 'address');
        if (network === 'TRX' && !address.startsWith('T'))
          return json({
            status: 422,
            body: { code: 'address_rejected', message: 'Rejected', data: { result: 'invalid' } },
          });
        if (visible().some((entry) => entry.network === network && entry.address === address))
          return json({ status: 409, body: { code: 'address_exists', message: 'Exists' } });
        const entry: StoredEntry = {
          id: `e${nextId++}`,
          address,
          title: field(body, 'title'),
          network,
          created_at: '2026-11-22T05:30:00.000Z',
          deleted: false,
        };
        api.entries.unshift(entry);
        return json({ status: 200, body: wire(entry) });
      }
      const [, , , id = '', action] = path.split('/');
      if (path.startsWith('/wallet/address-book/')) {
        const entry = api.entries.find((candidate) => candidate.id === id);
        if (!entry) return json(notFound);
        if (request.method === 'POST' && action === 'restore') {
          if (!entry.deleted)
            return json({ status: 409, body: { code: 'address_not_deleted', message: 'Not deleted' } });
          entry.deleted = false;
          return json({ status: 200, body: { result: true } });
        }
        if (entry.deleted) return json(notFound);
        if (request.method === 'GET') return json({ status: 200, body: wire(entry) });
        if (request.method === 'PUT') {
          entry.title = field(body, 'title');
          return json({ status: 200, body: { result: true } });
        }
        if (request.method === 'DELETE') {
          entry.deleted = true;
          return json({ status: 200, body: { result: true } });
        }
      }
      return json({ status: 404, body: { code: 'not_found', message: `No fake for ${route}` } });
    }),
  );
  return api;
}
