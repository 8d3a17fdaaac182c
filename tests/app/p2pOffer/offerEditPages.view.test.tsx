/**
 * The offer's edit pages and the take form's method page (spec 001 s.2): what each refuses in
 * words, what it sends, where it goes after. The whole app with a fake server; the market's
 * reference price is 96 RUB per USDT, its fixed band 80–120 %, its floating band 90–110 %.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../src/contract/p2p-offers.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { marketAnswer, marketSession, offerFixture, p2pCatalogue } from './offerFixtures.ts';

const usdt = (() => {
  const asset = p2pCatalogue.assets.USDT;
  if (asset === undefined || asset.is_fiat) throw new Error('The fixture catalogue has USDT');
  return asset;
})();

/** The catalogue with USDT's market limits: 10 to 1 000 USDT an offer or an order. */
const limitedCatalogue: AssetCatalogue = {
  assets: {
    ...p2pCatalogue.assets,
    USDT: { ...usdt, market: { ...usdt.market, limits: { min: '10000000', max: '1000000000' } } },
  },
};

function start(path: string, offer: Offer = offerFixture(), catalogue: AssetCatalogue = p2pCatalogue) {
  const sent: FakeRequest[] = [];
  stubFetch((request) => {
    if (request.method !== 'GET') {
      sent.push(request);
      return ok(offerFixture({ ...offer, restrictions: { ...offer.restrictions, completed_trades_percent: 95 } }));
    }
    switch (request.route) {
      case 'GET /wallet/asset':
        return ok(catalogue);
      case 'GET /p2p/currencies/assets':
        return ok({ assets: [{ code: 'USDT', fee: '1' }] });
      case 'GET /wallet/balance':
        return ok({
          total: { currency: 'RUB', amount: '0' },
          balances: [{ asset: 'USDT', available: '150000000', held: '0', local_amount: '0' }],
        });
      case 'GET /p2p/offers/42':
        return ok(offer);
      default:
        return marketAnswer(request.route);
    }
  });
  const platform = fakePlatform('web');
  const app = renderApp({ path, platform, session: fakeSession(marketSession()) });
  return { ...app, platform, sent };
}

/** A text with its no-break and thin spaces as plain ones. */
function normal(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ');
}

function type(label: string, value: string) {
  act(() => void fireEvent.change(screen.getByLabelText(label), { target: { value } }));
}

const save = (platform: ReturnType<typeof fakePlatform>) => platform.screenActions.snapshot().main;

fakeTimersForEachTest();

describe('the price page', () => {
  it('refuses a fixed price outside 80–120 % of the market price, and says the bounds', async () => {
    const { platform } = start('/p2p/offers/42/price');
    await shows('96.00 ₽');
    type('Price per USDT, RUB', '50');
    expect(screen.getByText('The price must be from 76.80 ₽ to 115.20 ₽')).toBeTruthy();
    expect(save(platform)).toMatchObject({ label: 'Save', disabled: true });
  });

  it('a floating margin shows the price it gives now and is sent as the ratio', async () => {
    const { platform, sent, router } = start('/p2p/offers/42/price');
    await shows('96.00 ₽');
    act(() => void fireEvent.click(screen.getByRole('radio', { name: /Floating/ })));
    type('Margin to the market, %', '12');
    expect(screen.getByText('The margin must be from -10% to +10%')).toBeTruthy();
    type('Margin to the market, %', '-2,5');
    expect(screen.getByText('93.60 ₽')).toBeTruthy();
    act(() => platform.screenActions.press('main'));
    await shows('Offer #42');
    expect(sent.map((request) => [request.route, request.body])).toEqual([
      ['PUT /p2p/offers/42/price', { price_type: 'floating', price: null, price_floating_ratio: '97.5' }],
    ]);
    expect(router.state.location.pathname).toBe('/p2p/offers/42');
  });
});

describe('the other edit pages', () => {
  it('limits: the maximum may not be below the minimum', async () => {
    const { platform } = start('/p2p/offers/42/limits');
    await shows('Limits');
    type('Minimum, RUB', '600');
    type('Maximum, RUB', '500');
    expect(screen.getByText('The maximum can’t be less than the minimum')).toBeTruthy();
    expect(save(platform)?.disabled).toBe(true);
  });

  it('limits are sent as typed and the page returns to the offer', async () => {
    const { platform, sent } = start('/p2p/offers/42/limits');
    await shows('Limits');
    type('Maximum, RUB', '4000');
    act(() => platform.screenActions.press('main'));
    await shows('Offer #42');
    expect(sent.map((request) => [request.route, request.body])).toEqual([
      ['PUT /p2p/offers/42/limits', { min: '500', max: '4000' }],
    ]);
  });

  it('volume: says the fee it reserves on top, the balance and the volumes allowed, as the create flow does', async () => {
    start('/p2p/offers/42/volume', offerFixture(), limitedCatalogue);
    await shows('Allowed volume');
    type('Volume, USDT', '120');
    // Amounts keep their unit with a no-break space.
    await shows(/^Fee 1\.2\sUSDT will be reserved$/);
    expect(normal(screen.getByText('Available').closest('.ui-cell')?.textContent)).toBe('Available150 USDT');
    expect(normal(screen.getByText('Allowed volume').closest('.ui-cell')?.textContent)).toBe(
      'Allowed volume10 USDT – 1 000 USDT',
    );
  });

  it('limits: say the least an order may be at the price and the most the remaining volume is worth', async () => {
    start('/p2p/offers/42/limits', offerFixture(), limitedCatalogue);
    // 10 USDT × 95.50 and 100 USDT × 95.50.
    expect(normal((await shows('At least 955.00 ₽')).textContent)).toBe('At least 955.00 ₽');
    expect(normal(screen.getByText(/^At most/).textContent)).toBe('At most 9 550.00 ₽');
  });

  it('volume of an online offer: the page says to turn it offline, and offers no Save', async () => {
    const { platform } = start('/p2p/offers/42/volume', offerFixture({ status: 'active' }));
    expect(await shows('Turn the offer offline to change this.')).toBeTruthy();
    expect(save(platform)).toBeNull();
  });

  it('a restriction refuses 101 % and sends the whole set with the one changed', async () => {
    const { platform, sent } = start('/p2p/offers/42/restrictions/orders-percent');
    await shows('Completed orders, %');
    type('Completed orders in 30 days, at least %', '101');
    expect(screen.getByText('Enter a whole number from 1 to 100')).toBeTruthy();
    type('Completed orders in 30 days, at least %', '95');
    act(() => platform.screenActions.press('main'));
    await shows('Offer #42');
    expect(sent.map((request) => [request.route, request.body])).toEqual([
      [
        'PUT /p2p/offers/42/restrictions',
        {
          telegram_premium_required: false,
          completed_trades_percent: 95,
          trades_count_min: null,
          trades_volume_usd_min: null,
          account_age_days_min: null,
        },
      ],
    ]);
  });

  it('someone else’s offer has no edit pages', async () => {
    start('/p2p/offers/42/limits', offerFixture({ is_mine: false }));
    expect(await shows('Offer not found')).toBeTruthy();
    expect(screen.queryByLabelText('Minimum, RUB')).toBeNull();
  });
});

describe('the take form’s method page', () => {
  it('lists the maker’s methods; the one chosen shows on the form', async () => {
    const second = {
      id: 4,
      name: 'Salary card',
      fiat: 'RUB',
      identifier: 'tinkoff',
      locale: 'T-Bank',
      child_identifier: null,
      child_locale: null,
      data: '•••• 0932',
    };
    const offer = offerFixture({ is_mine: false, status: 'active' });
    const both = { ...offer, payment: { ...offer.payment, maker_accepts: [...offer.payment.maker_accepts, second] } };
    start('/p2p/offers/42/method', both);
    await shows('How you pay');
    act(() => void fireEvent.click(screen.getByRole('radio', { name: /Salary card/ })));
    expect(await shows('•••• 0932')).toBeTruthy();
    expect(screen.getByText('Salary card')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Buy USDT');
  });
});
