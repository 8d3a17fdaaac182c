/**
 * What the order pages' fake server answers: order 12 on anna_trades' (market user 7) sell offer
 * 42, 100 USDT for 9 550 RUB at 95.50, paid by SBP to Sberbank •••• 4417, 30 minutes to pay. The
 * viewer is the buyer (the taker) unless a test says otherwise. "Now" is fixed at
 * 2026-03-10 12:00:00 UTC; every timer is written relative to it by hand.
 */
import { vi } from 'vitest';
import type { Order } from '../../../src/contract/p2p-orders.ts';
import { marketAnswer, p2pCatalogue } from '../p2pOffer/offerFixtures.ts';
import { type Answer, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';

export const NOW = Date.parse('2026-03-10T12:00:00Z');

export const anna = {
  id: 7,
  username: 'anna_trades',
  name: 'Anna K',
  user_color_index: 2,
  orders: 12,
  orders_percent: 98,
  volume: '1200',
  is_verified_merchant: false,
};

export const sbpDetails = [
  { key: 'phone', kind: 'phone' as const, value: '+79001234417' },
  { key: 'holder_name', kind: 'holder_name' as const, value: 'Anna K.' },
];

export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 12,
    offer_id: 42,
    offer_type: 'sell',
    asset: 'USDT',
    fiat: 'RUB',
    status: 'accepted',
    side: 'buyer',
    is_maker: false,
    counterparty: anna,
    price: '95.5',
    amount: '100000000',
    fiat_amount: '9550',
    fee: '1000000',
    time_limit: 30,
    payment_method: {
      identifier: 'sbp',
      locale: 'SBP',
      child_identifier: 'sberbank',
      child_locale: 'Sberbank',
      name: null,
      data: '•••• 4417',
      details: sbpDetails,
    },
    conditions: 'Pay from your own account only.',
    actions: ['mark_paid', 'cancel'],
    // 29 minutes left to pay.
    timer: { kind: 'payment', due_at: '2026-03-10T12:29:00Z' },
    cancel: null,
    dispute: null,
    reviews: { mine: null, theirs: null },
    locked_until: null,
    history: [],
    created_at: '2026-03-10T11:59:00Z',
    updated_at: '2026-03-10T11:59:30Z',
    ...overrides,
  };
}

/**
 * Makes "now" the fixtures' NOW, moving at a hundredth of real time: waits for a text still end
 * (the test's own time limit comes first), and a countdown, which rounds its seconds up, shows the
 * literal figure for the first 100 s of real time.
 */
export function clockAtNow(): void {
  const started = performance.now();
  vi.spyOn(Date, 'now').mockImplementation(() => NOW + Math.floor((performance.now() - started) / 100));
}

/**
 * The fake server of the order pages: order 12 as `order` says (or its failure), then as the last
 * transition answered it (a transition's 200 answer is the order as the caller now sees it), the
 * catalogue, the market's answers, and `answers` by route. Returns what was sent to a route.
 */
export function stubOrderServer(order: Order | Answer, answers: Record<string, Answer> = {}) {
  const requests: FakeRequest[] = [];
  let current: Answer = 'status' in order && 'body' in order ? order : ok(order);
  stubFetch((request) => {
    requests.push(request);
    if (request.route === 'GET /wallet/asset') return ok(p2pCatalogue);
    if (request.route === 'GET /p2p/orders/12') return current;
    const answer = answers[request.route];
    if (answer === undefined) return marketAnswer(request.route);
    if (request.route.startsWith('POST /p2p/orders/12/') && answer.status === 200) current = answer;
    return answer;
  });
  return (route: string) => requests.filter((request) => request.route === route).map((request) => request.body);
}
