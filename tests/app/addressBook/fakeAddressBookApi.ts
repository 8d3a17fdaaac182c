/**
 * A fake address book behind a stubbed `fetch`, keeping entries like the server does: newest
 * first, soft deletion with restore, search on title or address, count/offset pages, the
 * server's address check (an address that does not start with "T" is rejected on TRX) and
 * duplicates refused. A route can be made to answer a given failure; every request is recorded.
 */
import * as z from 'zod/mini';
import type { AddressBookEntry } from '../../../src/contract/address-book.ts';
import { networkId } from '../../../src/contract/wallet-operations.ts';
import { catalogue } from '../support/catalogue.ts';
import { type Answer, ok, stringField, stubWalletFetch } from '../support/fakeApi.ts';

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
  return stringField(body, name).trim();
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

  const page = (search: URLSearchParams): Answer => {
    const network = search.get('network');
    const text = (search.get('search') ?? '').toLowerCase();
    const count = Number(search.get('count') ?? '20');
    const offset = Number(search.get('offset') ?? '0');
    const matching = visible().filter(
      (entry) =>
        (network === null || entry.network === network) &&
        (text === '' || entry.title.toLowerCase().includes(text) || entry.address.toLowerCase().includes(text)),
    );
    return ok({ items: matching.slice(offset, offset + count).map(wire), total: matching.length });
  };

  const add = (body: unknown): Answer => {
    const network = z.parse(networkId, field(body, 'network'));
    const address = field(body, 'address');
    if (network === 'TRX' && !address.startsWith('T'))
      return { status: 422, body: { code: 'address_rejected', message: 'Rejected', data: { result: 'invalid' } } };
    if (visible().some((entry) => entry.network === network && entry.address === address))
      return { status: 409, body: { code: 'address_exists', message: 'Exists' } };
    const entry: StoredEntry = {
      id: `e${nextId++}`,
      address,
      title: field(body, 'title'),
      network,
      created_at: '2026-11-22T05:30:00.000Z',
      deleted: false,
    };
    api.entries.unshift(entry);
    return ok(wire(entry));
  };

  const change = (method: string, path: string, body: unknown): Answer | undefined => {
    const [, , , id = '', action] = path.split('/');
    const entry = api.entries.find((candidate) => candidate.id === id);
    if (!entry) return notFound;
    if (method === 'POST' && action === 'restore') {
      if (!entry.deleted) return { status: 409, body: { code: 'address_not_deleted', message: 'Not deleted' } };
      entry.deleted = false;
      return ok({ result: true });
    }
    if (entry.deleted) return notFound;
    if (method === 'GET') return ok(wire(entry));
    if (method === 'PUT') {
      entry.title = field(body, 'title');
      return ok({ result: true });
    }
    if (method === 'DELETE') {
      entry.deleted = true;
      return ok({ result: true });
    }
    return undefined;
  };

  stubWalletFetch({
    catalogue,
    record: ({ route, body, search }) => {
      api.sent.push({ route, body, search });
    },
    failure: (route) => api.failing[route],
    routes: ({ method, path, route, search, body }) => {
      if (route === 'GET /wallet/address-book') return page(search);
      if (route === 'POST /wallet/address-book') return add(body);
      if (path.startsWith('/wallet/address-book/')) return change(method, path, body);
      return undefined;
    },
  });
  return api;
}
