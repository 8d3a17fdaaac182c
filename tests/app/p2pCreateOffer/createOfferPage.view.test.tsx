/**
 * `/p2p/offers/new` in the whole app against a fake server: one URL per step (`?step=`), back and
 * reload keep the step and what was entered (the draft in this tab's sessionStorage), the fee a
 * sell offer reserves, the floating price's preview following the reference price, the
 * permission and the blocked screen, the mini app's MainButton and BackButton, and the new offer's
 * page once published. Every figure is written here by hand.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../../src/app/lib/session.ts';
import type { Platform } from '../../../src/app/platform/types.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { marketConfig, ownProfile } from '../p2pOffer/offerFixtures.ts';
import { cryptoAsset, fiatAsset } from '../support/assets.ts';
import { baseSettings, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

const catalogue: AssetCatalogue = {
  assets: {
    USDT: cryptoAsset('USDT', 'Tether', 6, [], {
      view_decimals: 2,
      view_full_decimals: 6,
      market: { limits: { min: '1000000', max: '50000000000' }, fee: '1.5' },
    }),
    RUB: fiatAsset('RUB', 'Russian ruble', '₽'),
  },
};

const sberbank = {
  id: 17,
  name: 'Salary card',
  fiat: 'RUB',
  identifier: 'sberbank',
  locale: 'Sberbank',
  child_identifier: null,
  child_locale: null,
  data: '•••• 4417',
};

interface Fake {
  requests: FakeRequest[];
  /** The reference price of USDT in RUB now. */
  price: string;
  methods: unknown[];
  created: unknown;
}

function install(): Fake {
  const fake: Fake = { requests: [], price: '95.5', methods: [sberbank], created: null };
  stubFetch((request) => {
    fake.requests.push(request);
    switch (request.route) {
      case 'GET /wallet/asset':
        return ok(catalogue);
      case 'GET /wallet/balance':
        return ok({
          total: { currency: 'USD', amount: '0' },
          balances: [{ asset: 'USDT', available: '200000000', held: '0', local_amount: '0' }],
        });
      case 'GET /p2p/config':
        return ok(marketConfig);
      case 'GET /p2p/currencies/assets':
        return ok({ assets: [{ code: 'USDT', fee: '1.5' }] });
      case 'GET /p2p/currencies/fiats':
        return ok({ fiats: [{ code: 'RUB', prices: { USDT: fake.price } }] });
      case 'GET /p2p/profile':
        return ok(ownProfile(true));
      case 'GET /p2p/payment-methods':
        return ok({ methods: fake.methods });
      case 'POST /p2p/offers':
        fake.created = request.body;
        return { status: 422, body: { code: 'invalid_offer', message: 'limits', data: { field: 'limits.min' } } };
      case 'GET /authentication/config':
        return ok({ bot_id: 1, bot_username: 'kopilka_bot', login_url: '/x', local_mode: false });
      default:
        return undefined;
    }
  });
  return fake;
}

function session(overrides: Partial<typeof baseSettings> = {}): SessionState {
  return {
    status: 'signed-in',
    settings: {
      ...baseSettings,
      local_currency: 'RUB',
      feature_flags: { show_p2p: true, show_p2p_offers: true, show_p2p_methods: true },
      ...overrides,
    },
  };
}

function open(path: string, options: { platform?: Platform; session?: SessionState } = {}) {
  return renderApp({
    path,
    session: fakeSession(options.session ?? session()),
    ...(options.platform ? { platform: options.platform } : {}),
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const field = (name: string): HTMLInputElement => screen.getByRole('textbox', { name });
const step = (router: ReturnType<typeof open>['router']) => Reflect.get(router.state.location.search, 'step');
const normal = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

function press(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** From the type to the amounts of a sell offer at a fixed 96 RUB. */
async function toAmounts(router: ReturnType<typeof open>['router']) {
  fireEvent.click(await screen.findByRole('radio', { name: /^Sell crypto/ }));
  await heading('Asset and currency');
  press('Continue');
  await heading('Price');
  fireEvent.change(field('Price for 1 USDT, RUB'), { target: { value: '96' } });
  press('Continue');
  await heading('Amount and limits');
  expect(step(router)).toBe('amounts');
}

beforeEach(() => {
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the create-offer flow’s URLs', () => {
  it('gives each step its own URL, and back goes one step back with what was typed', async () => {
    install();
    const { router } = open('/p2p/offers/new');
    expect(await heading('New offer')).toBeTruthy();
    expect(step(router)).toBeUndefined();
    await toAmounts(router);
    act(() => router.history.back());
    expect(await heading('Price')).toBeTruthy();
    expect(step(router)).toBe('price');
    expect(field('Price for 1 USDT, RUB').value).toBe('96');
    press('Back');
    expect(await heading('Asset and currency')).toBeTruthy();
    await waitFor(() => expect(step(router)).toBe('currency'));
  });

  it('lands on the same step after a reload, with what was entered (kept in this tab only)', async () => {
    install();
    const first = open('/p2p/offers/new');
    await toAmounts(first.router);
    fireEvent.change(field('Amount to sell, USDT'), { target: { value: '100' } });
    first.unmount();
    // Kept in this tab's sessionStorage, never in localStorage.
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('"priceText"');
    expect(window.sessionStorage.getItem('kopilka.p2p.create-offer')).toContain('"priceText":"96"');
    const again = open('/p2p/offers/new?step=amounts');
    expect(await heading('Amount and limits')).toBeTruthy();
    expect(field('Amount to sell, USDT').value).toBe('100');
    expect(step(again.router)).toBe('amounts');
  });

  it('resumes at the first step a reload can no longer show as valid', async () => {
    install();
    open('/p2p/offers/new?step=review');
    expect(await heading('New offer')).toBeTruthy();
  });
});

describe('the amounts of a sell offer', () => {
  it('say which fee will be reserved on top: Fee 1.5 USDT for 100 USDT', async () => {
    install();
    const { router } = open('/p2p/offers/new');
    await toAmounts(router);
    expect(normal(screen.getByText(/^A fee of/).textContent)).toBe('A fee of 1.5% is reserved on top');
    fireEvent.change(field('Amount to sell, USDT'), { target: { value: '100' } });
    expect(normal(screen.getByText(/^Fee /).textContent)).toBe('Fee 1.5 USDT will be reserved');
    // 200 USDT available: at most 197.044334 USDT with its fee.
    press('Max');
    expect(field('Amount to sell, USDT').value).toBe('197.044334');
    fireEvent.change(field('Amount to sell, USDT'), { target: { value: '197,05' } });
    expect(normal(screen.getByRole('alert').textContent)).toBe(
      'Not enough balance: with the fee you can sell up to 197.044334 USDT',
    );
  });
});

describe('a floating price', () => {
  it('shows the price that results, and follows the reference price as it moves', async () => {
    const fake = install();
    open('/p2p/offers/new');
    fireEvent.click(await screen.findByRole('radio', { name: /^Buy crypto/ }));
    await heading('Asset and currency');
    press('Continue');
    await heading('Price');
    fireEvent.click(screen.getByRole('radio', { name: /^Floating/ }));
    // The margin, as the price edit asks it: +1.5 % on 95.50 ₽.
    fireEvent.change(field('Margin to the market, %'), { target: { value: '1,5' } });
    const preview = () => normal(screen.getByText('Your price').closest('.ui-cell')?.textContent);
    expect(preview()).toBe('Your price96.93 ₽');
    expect(screen.getByText('From −10% to +10%')).toBeTruthy();
    fake.price = '96';
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5200));
    });
    await waitFor(() => expect(preview()).toBe('Your price97.44 ₽'));
    expect(screen.getByText('Market price: 1 USDT = 96.00 ₽')).toBeTruthy();
  }, 15_000);
});

describe('who may create offers', () => {
  it('someone whose can_create_market_offer is false is told so, with nothing to fill in', async () => {
    install();
    open('/p2p/offers/new', { session: session({ permissions: { can_create_market_offer: false } }) });
    expect(await heading('You can’t create offers')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a blocked person sees the blocked screen', async () => {
    install();
    open('/p2p/offers/new', {
      session: session({
        compliance: {
          lock: true,
          ban: false,
          ban_reason: null,
          pending_actions_from_user: false,
          soft_ban_until: null,
        },
      }),
    });
    expect(await heading('Your money is locked')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /^Sell crypto/ })).toBeNull();
  });
});

describe('coming back from adding a payment method', () => {
  it('lands back on the methods step with the draft, the main action and back in place', async () => {
    const fake = install();
    const platform = fakePlatform('web');
    const { router } = open('/p2p/offers/new', { platform });
    await toAmounts(router);
    fireEvent.change(field('Amount to sell, USDT'), { target: { value: '100' } });
    fireEvent.change(field('Minimum per order, RUB'), { target: { value: '500' } });
    fireEvent.change(field('Maximum per order, RUB'), { target: { value: '5000' } });
    act(() => platform.screenActions.press('main'));
    await heading('Payment methods');
    const link = screen.getByRole('link', { name: 'Add a payment method' });
    expect(link.getAttribute('href')).toBe('/p2p/methods/add/RUB?back=%2Fp2p%2Foffers%2Fnew%3Fstep%3Dmethods');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/add/RUB'));
    act(() => router.history.back());
    expect(await heading('Payment methods')).toBeTruthy();
    expect(step(router)).toBe('methods');
    expect(await screen.findByRole('checkbox', { name: /^Salary card/ })).toBeTruthy();
    expect(fake.requests.filter((request) => request.route === 'GET /p2p/config')).toHaveLength(1);
    expect(platform.screenActions.snapshot().main?.label).toBe('Continue');
    expect(platform.screenActions.snapshot().back).toBe(true);
  });
});

describe('in the mini app', () => {
  it('the main action is Telegram’s MainButton and back its BackButton', async () => {
    install();
    const platform = fakePlatform('mini-app', '8.0');
    open('/p2p/offers/new', { platform });
    fireEvent.click(await screen.findByRole('radio', { name: /^Sell crypto/ }));
    await heading('Asset and currency');
    expect(platform.screenActions.snapshot().main?.label).toBe('Continue');
    expect(platform.screenActions.snapshot().back).toBe(true);
    act(() => platform.screenActions.press('main'));
    expect(await heading('Price')).toBeTruthy();
    act(() => platform.screenActions.press('back'));
    expect(await heading('Asset and currency')).toBeTruthy();
  });
});

describe('publishing', () => {
  it('a refusal naming the limits returns to the amounts with the message, nothing lost', async () => {
    const fake = install();
    const { router } = open('/p2p/offers/new');
    await toAmounts(router);
    fireEvent.change(field('Amount to sell, USDT'), { target: { value: '100' } });
    fireEvent.change(field('Minimum per order, RUB'), { target: { value: '500' } });
    fireEvent.change(field('Maximum per order, RUB'), { target: { value: '5000' } });
    press('Continue');
    await heading('Payment methods');
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Salary card/ }));
    press('Continue');
    await heading('Time to pay');
    expect(screen.getByRole('radio', { name: '30 minutes' }).getAttribute('aria-checked')).toBe('true');
    press('Continue');
    await heading('Conditions');
    press('Continue');
    await heading('Restrictions');
    press('Continue');
    expect(await heading('Sell USDT for RUB')).toBeTruthy();
    expect(normal(document.body.textContent)).toContain('Payment methodsSalary card · Sberbank · •••• 4417');
    press('Publish');
    expect(await heading('Amount and limits')).toBeTruthy();
    expect(normal(screen.getByRole('alert').textContent)).toBe(
      'The offer wasn’t accepted as it was: check this step and try again.',
    );
    expect(field('Minimum per order, RUB').value).toBe('500');
    expect(fake.created).toEqual({
      type: 'sell',
      asset: 'USDT',
      fiat: 'RUB',
      price_type: 'fixed',
      price: '96',
      price_floating_ratio: null,
      volume: '100000000',
      limits: { min: '500', max: '5000' },
      payment_method_ids: [17],
      catalogue_methods: [],
      time_limit: 30,
      description: '',
      restrictions: {
        telegram_premium_required: false,
        completed_trades_percent: null,
        trades_count_min: null,
        trades_volume_usd_min: null,
        account_age_days_min: null,
      },
    });
    await waitFor(() => expect(step(router)).toBe('amounts'));
  });
});
