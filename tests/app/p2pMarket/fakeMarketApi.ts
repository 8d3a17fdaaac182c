/**
 * A fake of the market's calls behind a stubbed `fetch`: the configuration, two assets (USDT, TON),
 * two fiats (RUB, EUR), RUB's catalogue (the SBP group, T-Bank), the offer lists (filtered by type,
 * asset, fiat, methods, amount and verified makers, paged by cursor as the server does), the
 * person's own offers and the best price per method. Every request is recorded; a route can be made
 * to answer a given failure.
 */
import type { Offer } from '../../../src/contract/p2p-offers.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { marketConfig } from '../p2pOffer/offerFixtures.ts';
import { fiatAsset } from '../support/assets.ts';
import { catalogue } from '../support/catalogue.ts';
import { type Answer, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';

export const marketCatalogue: AssetCatalogue = {
  assets: { ...catalogue.assets, EUR: fiatAsset('EUR', 'Euro', '€') },
};

const noRestrictions: Offer['restrictions'] = {
  telegram_premium_required: false,
  completed_trades_percent: null,
  trades_count_min: null,
  trades_volume_usd_min: null,
  account_age_days_min: null,
};

/** A sell offer of USDT for RUB by a verified merchant (USDT has 18 decimals in the test catalogue). */
export function offerOf(overrides: Partial<Offer> & { id: number }): Offer {
  return {
    type: 'sell',
    asset: 'USDT',
    fiat: 'RUB',
    status: 'active',
    price: '1502.3',
    price_type: 'floating',
    price_floating_ratio: '101.5',
    volume: '300000000000000000000',
    remaining_volume: '250500000000000000000',
    reserved: '253005000000000000000',
    limits: { min: '1000', max: '50000' },
    description: '',
    restrictions: noRestrictions,
    user: {
      id: 31,
      username: 'anna_trader',
      name: 'Anna Petrova',
      user_color_index: 2,
      orders: 120,
      orders_percent: 98,
      volume: '15000',
      is_verified_merchant: true,
    },
    payment: {
      time_limit: 15,
      maker: [
        { identifier: 'sbp', locale: 'SBP', child_identifier: 'sberbank', child_locale: 'Sberbank' },
        { identifier: 'tinkoff', locale: 'T-Bank', child_identifier: null, child_locale: null },
      ],
      maker_accepts: [],
      maker_sends: [],
      taker_accepts: [],
    },
    is_mine: false,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export interface FakeMarketApi {
  /** Everyone's offers; the list answers those matching its query, in this order. */
  offers: Offer[];
  /** The person's own offers (GET /p2p/offers/my), newest first. */
  mine: Offer[];
  /** Offers per page when the list is asked for more than this (to test paging). */
  pageSize: number;
  priceRefreshMs: number;
  failing: Record<string, Answer>;
  sent: FakeRequest[];
}

function matches(offer: Offer, search: URLSearchParams): boolean {
  const methods = search.getAll('payment_methods');
  const amount = search.get('amount');
  return (
    offer.type === search.get('type') &&
    offer.asset === search.get('asset') &&
    offer.fiat === search.get('fiat') &&
    (methods.length === 0 || offer.payment.maker.some((method) => methods.includes(method.identifier))) &&
    (amount === null || (Number(amount) >= Number(offer.limits.min) && Number(amount) <= Number(offer.limits.max))) &&
    (search.get('verified_only') !== 'true' || offer.user.is_verified_merchant)
  );
}

export function installMarketApi(options: Partial<Pick<FakeMarketApi, 'offers' | 'mine' | 'priceRefreshMs'>> = {}) {
  const api: FakeMarketApi = {
    offers: options.offers ?? [],
    mine: options.mine ?? [],
    pageSize: 40,
    priceRefreshMs: options.priceRefreshMs ?? 60_000,
    failing: {},
    sent: [],
  };
  stubFetch((request) => {
    api.sent.push(request);
    const failure = api.failing[request.route];
    if (failure) return failure;
    const { search } = request;
    switch (request.route) {
      case 'GET /wallet/asset':
        return ok(marketCatalogue);
      case 'GET /p2p/config':
        return ok({ ...marketConfig, price_refresh_ms: api.priceRefreshMs });
      case 'GET /p2p/currencies/assets':
        return ok({
          assets: [
            { code: 'TON', fee: '1' },
            { code: 'USDT', fee: '1' },
          ],
        });
      case 'GET /p2p/currencies/fiats':
        return ok({
          fiats: [
            { code: 'RUB', prices: { USDT: '95.5', TON: '310.2' } },
            { code: 'EUR', prices: { USDT: '0.93', TON: '3.02' } },
          ],
        });
      case 'GET /p2p/currencies/fiat/RUB':
        return ok({
          fiat: 'RUB',
          methods: [
            { type: 'bank', identifier: 'sbp', locale: 'SBP', is_parent: true, fields: [] },
            { type: 'bank', identifier: 'tinkoff', locale: 'T-Bank', is_parent: false, fields: [] },
            { type: 'emoney', identifier: 'yoomoney', locale: 'YooMoney', is_parent: false, fields: [] },
          ],
        });
      case 'GET /p2p/offers/prices-by-payment-method':
        return ok({ items: [{ identifier: 'sbp', locale: 'SBP', price: '1502.3', offers: 3 }] });
      case 'GET /p2p/offers/my': {
        const offset = Number(search.get('offset') ?? '0');
        const count = Number(search.get('count') ?? '40');
        return ok({ offers: api.mine.slice(offset, offset + count), total: api.mine.length });
      }
      case 'GET /p2p/offers': {
        const found = api.offers.filter((offer) => matches(offer, search));
        const start = Number(search.get('cursor') ?? '0');
        const count = Math.min(Number(search.get('count') ?? '40'), api.pageSize);
        const end = start + count;
        return ok({ offers: found.slice(start, end), cursor: end < found.length ? String(end) : null });
      }
      default:
        return undefined;
    }
  });
  return api;
}

/** The offer-list requests sent, as their query strings. */
export function listQueries(api: FakeMarketApi): string[] {
  return api.sent.filter((request) => request.route === 'GET /p2p/offers').map((request) => request.search.toString());
}
