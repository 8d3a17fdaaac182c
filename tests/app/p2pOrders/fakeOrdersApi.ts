/**
 * A fake of the orders list's calls behind a stubbed `fetch`: the statistic (its figures may be
 * changed between refreshes), the list by filter a page at a time by cursor, the market's own
 * offers (empty) for the market home, and the catalogue. Every request is recorded.
 */
import { orderListFilters } from '../../../src/app/features/p2pOrders/ordersSearch.ts';
import type { OrderListItem, OrderStatusGroup } from '../../../src/contract/p2p-orders.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { p2pCatalogue } from '../p2pOffer/offerFixtures.ts';
import { baseSettings, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';

export const marketSettings = (language: 'en' | 'ru' = 'en'): UserSettings => ({
  ...baseSettings,
  language,
  timezone: 'Europe/Moscow',
  feature_flags: { show_p2p: true, show_p2p_offers: true },
});

const anna = {
  id: 31,
  username: 'anna_trader',
  name: 'Anna Petrova',
  user_color_index: 2,
  orders: 12,
  orders_percent: 92,
  volume: '1234.5',
  is_verified_merchant: true,
};

const boris = { ...anna, id: 32, username: 'boris_sells', name: 'Boris', is_verified_merchant: false };

/** The person buys 15.5 USDT for 1 500 ₽ from anna_trader and must pay now. */
export const payNow: OrderListItem = {
  id: 101,
  offer_type: 'sell',
  asset: 'USDT',
  fiat: 'RUB',
  status: 'accepted',
  side: 'buyer',
  is_maker: false,
  counterparty: anna,
  price: '96.77',
  amount: '15500000',
  fiat_amount: '1500',
  actions: ['cancel', 'mark_paid'],
  timer: { kind: 'payment', due_at: '2026-11-24T12:30:00Z' },
  created_at: '2026-11-24T12:00:00Z',
  updated_at: '2026-11-24T12:01:00Z',
};

/** The person sells 10 USDT for 960 ₽ to boris_sells, who says he has paid: the seller may only dispute yet. */
export const paidByBuyer: OrderListItem = {
  ...payNow,
  id: 102,
  offer_type: 'buy',
  status: 'pending',
  side: 'seller',
  counterparty: boris,
  price: '96',
  amount: '10000000',
  fiat_amount: '960',
  actions: ['open_dispute'],
  timer: { kind: 'confirmation', due_at: '2026-11-24T12:40:00Z' },
  created_at: '2026-11-23T09:15:00Z',
};

export interface Statistic {
  active: number;
  completed: number;
  canceled: number;
  disputed: number;
  action_required: number;
}

export interface FakeOrdersApi {
  sent: FakeRequest[];
  statistic: Statistic;
  /** The list requests' queries, in order. */
  listRequests: () => Array<Record<string, string>>;
}

export function installOrdersApi(
  lists: Partial<Record<OrderStatusGroup, OrderListItem[]>>,
  statistic: Statistic,
  options: { settings?: UserSettings; pageSize?: number } = {},
): FakeOrdersApi {
  const api: FakeOrdersApi = {
    sent: [],
    statistic,
    listRequests: () =>
      api.sent
        .filter((request) => request.route === 'GET /p2p/orders')
        .map((request) => Object.fromEntries(request.search)),
  };
  stubFetch((request) => {
    api.sent.push(request);
    switch (request.route) {
      case 'GET /user/settings':
        return ok(options.settings ?? marketSettings());
      case 'GET /wallet/asset':
        return ok(p2pCatalogue);
      case 'GET /p2p/orders/statistic':
        return ok(api.statistic);
      case 'GET /p2p/offers/my':
        return ok({ offers: [], total: 0 });
      case 'GET /p2p/orders': {
        const asked = request.search.get('status') ?? 'active';
        const group = orderListFilters.find((filter) => filter === asked);
        const all = group === undefined ? [] : (lists[group] ?? []);
        const size = options.pageSize ?? Number(request.search.get('count') ?? '40');
        const cursor = request.search.get('cursor');
        const start = cursor === null ? 0 : all.findIndex((order) => String(order.id) === cursor) + 1;
        const page = all.slice(start, start + size);
        const last = page.at(-1);
        return ok({ orders: page, cursor: start + size < all.length && last ? String(last.id) : null });
      }
      default:
        return undefined;
    }
  });
  return api;
}
