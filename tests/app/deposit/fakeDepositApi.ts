/**
 * A fake wallet API behind a stubbed `fetch` for the deposit pages: the catalogue, the user's
 * settings, and deposit addresses kept per network like the server keeps them (the main address
 * is made on the first GET, new ones by POST, names changed by PATCH). A route can be made to
 * answer a given failure; every request is recorded.
 */
import * as z from 'zod/mini';
import type { DepositAddress } from '../../../src/contract/deposit-address.ts';
import { networkId } from '../../../src/contract/wallet-operations.ts';
import { catalogue } from '../support/catalogue.ts';
import { type Answer, ok, stubWalletFetch } from '../support/fakeApi.ts';

export interface FakeDepositApi {
  addresses: Map<string, DepositAddress[]>;
  /** Answers by route ("POST /wallet/address/TRX") instead of the normal one. */
  failing: Record<string, Answer>;
  sent: Array<{ route: string; body: unknown }>;
}

const sampleAddresses: Record<string, string> = {
  TRX: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  ETH: '0x52908400098527886E0F7030069857D2E4169EE7',
  TON: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
};

function nameOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const name: unknown = Reflect.get(body, 'name');
  return typeof name === 'string' ? name.trim() : null;
}

export function installDepositApi(): FakeDepositApi {
  const api: FakeDepositApi = { addresses: new Map(), failing: {}, sent: [] };
  let nextId = 1;
  const listOf = (network: string): DepositAddress[] => {
    const existing = api.addresses.get(network);
    if (existing) return existing;
    const main: DepositAddress = {
      id: `a${nextId++}`,
      address: sampleAddresses[network] ?? `${network}-main-address`,
      name: null,
      network: z.parse(networkId, network),
      is_main: true,
      created_at: '2026-11-22T05:00:00.000Z',
    };
    const created = [main];
    api.addresses.set(network, created);
    return created;
  };

  stubWalletFetch({
    catalogue,
    record: ({ route, body }) => {
      api.sent.push({ route, body });
    },
    failure: (route) => api.failing[route],
    routes: ({ method, path, body }) => {
      if (!path.startsWith('/wallet/address/')) return undefined;
      const [, , , network = '', id, leaf] = path.split('/');
      const list = listOf(network);
      if (method === 'GET' && id === undefined) return ok({ items: list });
      if (method === 'POST' && id === undefined) {
        const created: DepositAddress = {
          id: `a${nextId++}`,
          address: `${network}-address-${nextId}`,
          name: nameOf(body),
          network: z.parse(networkId, network),
          is_main: false,
          created_at: '2026-11-22T05:10:00.000Z',
        };
        list.push(created);
        return ok(created);
      }
      const found = list.find((item) => item.id === id);
      if (!found) return { status: 404, body: { code: 'address_not_found', message: 'Address not found' } };
      if (method === 'GET' && leaf === undefined) return ok(found);
      if (method === 'PATCH' && leaf === 'name') {
        found.name = nameOf(body);
        return ok({ result: true });
      }
      return undefined;
    },
  });
  return api;
}
