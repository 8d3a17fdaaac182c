/**
 * A fake wallet API behind a stubbed `fetch` for the deposit pages: the catalogue, the user's
 * settings, and deposit addresses kept per network like the server keeps them (the main address
 * is made on the first GET, new ones by POST, names changed by PATCH). A route can be made to
 * answer a given failure; every request is recorded.
 */
import { vi } from 'vitest';
import * as z from 'zod/mini';
import type { DepositAddress } from '../../../src/contract/deposit-address.ts';
import { networkId } from '../../../src/contract/wallet-operations.ts';
import { baseSettings } from '../settings/fakeApi.ts';
import { catalogue } from './catalogue.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export interface FakeDepositApi {
  addresses: Map<string, DepositAddress[]>;
  /** Answers by route ("POST /wallet/address/TRX") instead of the normal one. */
  failing: Record<string, Answer>;
  sent: Array<{ route: string; body: unknown }>;
}

export function json({ status, body }: Answer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const route = `${request.method} ${path}`;
      const text = await request.clone().text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      api.sent.push({ route, body });
      const failure = api.failing[route];
      if (failure) return json(failure);
      if (route === 'GET /user/settings') return json({ status: 200, body: baseSettings });
      if (route === 'GET /wallet/asset') return json({ status: 200, body: catalogue });
      const [, , , network = '', id, leaf] = path.split('/');
      if (path.startsWith('/wallet/address/')) {
        const list = listOf(network);
        if (request.method === 'GET' && id === undefined) return json({ status: 200, body: { items: list } });
        if (request.method === 'POST' && id === undefined) {
          const created: DepositAddress = {
            id: `a${nextId++}`,
            address: `${network}-address-${nextId}`,
            name: nameOf(body),
            network: z.parse(networkId, network),
            is_main: false,
            created_at: '2026-11-22T05:10:00.000Z',
          };
          list.push(created);
          return json({ status: 200, body: created });
        }
        const found = list.find((item) => item.id === id);
        if (!found) return json({ status: 404, body: { code: 'address_not_found', message: 'Address not found' } });
        if (request.method === 'GET' && leaf === undefined) return json({ status: 200, body: found });
        if (request.method === 'PATCH' && leaf === 'name') {
          found.name = nameOf(body);
          return json({ status: 200, body: { result: true } });
        }
      }
      return json({ status: 404, body: { code: 'not_found', message: `No fake for ${route}` } });
    }),
  );
  return api;
}
