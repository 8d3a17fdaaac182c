/**
 * What the merchant screens' fake server and fake socket answer: payment 31, a 1 500 RUB code of
 * "Coffee House" (Sberbank) paid in USDT, the merchant receiving 16 USDT; the merchant's active
 * Tinkoff card •••• 4417 (account 5). "Now" is 2026-03-10 12:00:00 UTC; every deadline is
 * written relative to it by hand.
 */
import { vi } from 'vitest';
import type { SessionState } from '../../../src/app/lib/session.ts';
import type { P2cAccount, P2cLiveItem, P2cMerchantPayment } from '../../../src/contract/p2c.ts';
import { p2pCatalogue } from '../p2pOffer/offerFixtures.ts';
import { type Answer, baseSettings, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';

export const NOW = Date.parse('2026-03-10T12:00:00Z');

export function merchantSession(): SessionState {
  return { status: 'signed-in', settings: { ...baseSettings, feature_flags: { show_p2c: true } } };
}

export function liveItem(id: number, overrides: Partial<P2cLiveItem> = {}): P2cLiveItem {
  return {
    id,
    type: 'nspk',
    fiat_amount: '1500',
    fiat: 'RUB',
    asset: 'USDT',
    reward: '16000000',
    payee_bank: 'Sberbank',
    created_at: '2026-03-10T11:59:00Z',
    // 4 minutes left.
    expires_at: '2026-03-10T12:04:00Z',
    ...overrides,
  };
}

export const card: P2cAccount = {
  id: 5,
  status: 'active',
  kind: 'card',
  bank: { id: 'tinkoff', name: 'Tinkoff' },
  number: '4000001234564417',
  holder_name: 'Ivan Petrov',
  documents: [],
  note: null,
  created_at: '2026-03-01T10:00:00Z',
};

export function paymentFixture(overrides: Partial<P2cMerchantPayment> = {}): P2cMerchantPayment {
  return {
    id: 31,
    status: 'processing',
    method: 'qr',
    qr: {
      id: 'AD10006M8KH3QO9J8QS9A7NNF1JK2B6F',
      type: 'nspk',
      link: 'https://qr.nspk.ru/AD10006M8KH3QO9J8QS9A7NNF1JK2B6F?type=02&bank=100000000111&sum=150000&cur=RUB&crc=AB75',
      payee: { name: 'Coffee House', bank_name: 'Sberbank' },
      purpose: null,
    },
    fiat_amount: '1500',
    fiat: 'RUB',
    asset: 'USDT',
    rate: '92.5',
    reward: '16000000',
    taken_at: '2026-03-10T11:59:00Z',
    // 4 minutes left to pay.
    deadline_at: '2026-03-10T12:04:00Z',
    paid_at: null,
    account: null,
    check: null,
    dispute: null,
    ...overrides,
  };
}

/** "Now" is NOW, moving at a hundredth of real time (the countdowns show literal figures). */
export function clockAtNow(): void {
  const started = performance.now();
  vi.spyOn(Date, 'now').mockImplementation(() => NOW + Math.floor((performance.now() - started) / 100));
}

/**
 * The fake server: the catalogue, payment 31 (as `payment`, then as a successful call in `moves`
 * answered it: take or mark paid), the accounts, and refusals in `answers` by route. Returns the
 * bodies sent to a route.
 */
export function stubMerchantServer(
  options: {
    payment?: P2cMerchantPayment;
    accounts?: P2cAccount[];
    moves?: Record<string, P2cMerchantPayment>;
    answers?: Record<string, Answer>;
  } = {},
) {
  const requests: FakeRequest[] = [];
  let payment: P2cMerchantPayment = options.payment ?? paymentFixture();
  stubFetch((request) => {
    requests.push(request);
    if (request.route === 'GET /wallet/asset') return ok(p2pCatalogue);
    const moved = options.moves?.[request.route];
    if (moved !== undefined) {
      payment = moved;
      return ok(moved);
    }
    const answer = options.answers?.[request.route];
    if (answer !== undefined) return answer;
    if (request.route === 'GET /p2c/payments/31') return ok({ role: 'merchant', payment });
    if (request.route === 'GET /p2c/accounts') return ok({ accounts: options.accounts ?? [card] });
    return undefined;
  });
  return (route: string) => requests.filter((request) => request.route === route).map((request) => request.body);
}
