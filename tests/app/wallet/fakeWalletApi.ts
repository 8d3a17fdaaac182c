/**
 * A fake wallet API behind a stubbed `fetch` for the home, asset and transaction pages: the
 * catalogue, the settings, the balance, the history (paged along a cursor, filtered by asset, as
 * the server pages it) and transaction details by lookup kind. A test changes `catalogue`,
 * `balance`, `transactions` or `details` between requests to play what the server would do, can make a
 * route answer a failure, and reads every request sent.
 */
import { vi } from 'vitest';
import type { AssetCatalogue, AssetNetwork, CryptoAsset } from '../../../src/contract/wallet.ts';
import type {
  AssetBalance,
  WalletBalance,
  WalletTransaction,
  WalletTransactionDetail,
} from '../../../src/contract/wallet-operations.ts';
import { assetNetwork, cryptoAsset, fiatAsset } from '../support/assets.ts';
import { type Answer, ok, stubWalletFetch } from '../support/fakeApi.ts';

export interface FakeWalletApi {
  /** GET /wallet/asset; starts as `catalogue`. */
  catalogue: AssetCatalogue;
  balance: WalletBalance;
  /** Newest first, as the server lists them. */
  transactions: WalletTransaction[];
  /** By "lookupKind/id" (GET /wallet/transactions/{kind}/{id}). */
  details: Map<string, WalletTransactionDetail>;
  /** Answers by route ("GET /wallet/balance") instead of the normal one. */
  failing: Record<string, Answer>;
  requests: Array<{ route: string; search: URLSearchParams }>;
  /** The requests sent to `route`, in order. */
  sentTo(route: string): URLSearchParams[];
}

function crypto(
  code: string,
  name: string,
  decimals: number,
  views: { list: number; full: number },
  networks: AssetNetwork[],
): CryptoAsset {
  return cryptoAsset(code, name, decimals, networks, {
    is_stablecoin: code === 'USDT',
    view_decimals: views.list,
    view_full_decimals: views.full,
  });
}

export const usdt = crypto('USDT', 'Tether', 18, { list: 2, full: 6 }, [
  assetNetwork('TRX', 'Tron (TRC20)', 'TRC20'),
  assetNetwork('ETH', 'Ethereum (ERC20)', 'ERC20'),
]);
export const ton = crypto('TON', 'Toncoin', 9, { list: 4, full: 9 }, [assetNetwork('TON', 'TON', 'TON')]);
export const btc = crypto('BTC', 'Bitcoin', 8, { list: 6, full: 8 }, [assetNetwork('BTC', 'Bitcoin', 'BTC')]);
export const usd = fiatAsset('USD', 'US Dollar', '$');

export const catalogue: AssetCatalogue = { assets: { USDT: usdt, TON: ton, BTC: btc, USD: usd } };

/** A balance entry as the server sends it: the asset by its code. */
export function assetBalance(asset: CryptoAsset, available: string, held: string, localAmount: string): AssetBalance {
  return { asset: asset.code, available, held, local_amount: localAmount };
}

/** 1 250.5 USDT and 2 TON, about $1 260.50 in all; no bitcoin. */
export function startingBalance(): WalletBalance {
  return {
    total: { currency: 'USD', amount: '126050000000' },
    balances: [
      assetBalance(usdt, '1250500000000000000000', '0', '125050000000'),
      assetBalance(ton, '2000000000', '0', '1000000000'),
      assetBalance(btc, '0', '0', '0'),
    ],
  };
}

let nextId = 1;

/** A history item; the date defaults to 22 Nov 2026 10:00 UTC. */
export function transaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: `t${nextId++}`,
    type: 'deposit',
    date: '2026-11-22T10:00:00.000Z',
    asset: 'USDT',
    amount: '5000000000000000000',
    fee: '0',
    status: 'completed',
    network: 'TRX',
    ...overrides,
  };
}

export function detailOf(item: WalletTransaction, overrides: Partial<WalletTransactionDetail> = {}) {
  const detail: WalletTransactionDetail = {
    ...item,
    address: null,
    txid: null,
    explorer_transaction_url: null,
    explorer_address_url: null,
    updated_at: item.date,
    ...overrides,
  };
  return detail;
}

const pagePath = /^\/wallet\/transactions$/;
const detailPath = /^\/wallet\/transactions\/([a-z_]+)\/([^/]+)$/;

export function installWalletApi(): FakeWalletApi {
  const api: FakeWalletApi = {
    catalogue,
    balance: startingBalance(),
    transactions: [],
    details: new Map(),
    failing: {},
    requests: [],
    sentTo: (route) => api.requests.filter((request) => request.route === route).map((request) => request.search),
  };

  const page = (search: URLSearchParams): unknown => {
    const asset = search.get('asset');
    const listed = asset === null ? api.transactions : api.transactions.filter((item) => item.asset === asset);
    const count = Number(search.get('count') ?? '40');
    const start = Number(search.get('cursor') ?? '0');
    const end = start + count;
    return { items: listed.slice(start, end), cursor: end < listed.length ? String(end) : null };
  };

  const detail = (path: string): Answer | undefined => {
    const lookup = detailPath.exec(path);
    if (!lookup) return undefined;
    const found = api.details.get(`${lookup[1]}/${lookup[2]}`);
    return found ? ok(found) : { status: 404, body: { code: 'not_found', message: 'No such transaction' } };
  };

  stubWalletFetch({
    catalogue: () => api.catalogue,
    record: ({ route, search }) => {
      api.requests.push({ route, search });
    },
    failure: (route) => api.failing[route],
    routes: ({ method, path, route, search }) => {
      if (route === 'GET /wallet/balance') return ok(api.balance);
      if (method !== 'GET') return undefined;
      return pagePath.test(path) ? ok(page(search)) : detail(path);
    },
  });
  return api;
}

/**
 * jsdom has no IntersectionObserver: this one records what is observed, and `reveal()` tells
 * every observer its elements came into view, as scrolling to the end of the list would.
 */
export function installIntersectionObserver(): { reveal(): void; observing(): number } {
  const observers = new Set<FakeIntersectionObserver>();
  class FakeIntersectionObserver implements IntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly scrollMargin = '0px';
    readonly thresholds = [0];
    readonly elements = new Set<Element>();
    readonly callback: IntersectionObserverCallback;
    constructor(callback: IntersectionObserverCallback) {
      this.callback = callback;
      observers.add(this);
    }
    observe(element: Element) {
      this.elements.add(element);
    }
    unobserve(element: Element) {
      this.elements.delete(element);
    }
    disconnect() {
      this.elements.clear();
      observers.delete(this);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    reveal() {
      for (const observer of [...observers]) {
        const entries = [...observer.elements].map((target) => {
          const rect = target.getBoundingClientRect();
          const entry: IntersectionObserverEntry = {
            target,
            isIntersecting: true,
            intersectionRatio: 1,
            boundingClientRect: rect,
            intersectionRect: rect,
            rootBounds: null,
            time: performance.now(),
          };
          return entry;
        });
        if (entries.length > 0) observer.callback(entries, observer);
      }
    },
    observing: () => [...observers].reduce((sum, observer) => sum + observer.elements.size, 0),
  };
}
