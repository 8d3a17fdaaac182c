/**
 * The market's offer lists `/p2p/{side}` and their choice pages against a fake server
 * (fakeMarketApi.ts): what a card shows, the defaults, filters kept in the URL (a reload keeps
 * them), the choice pages, paging, the price refresh, the empty and failed states.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { baseSettings } from '../support/fakeApi.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { installMarketApi, listQueries, offerOf } from './fakeMarketApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const marketFlags = { show_p2p: true, show_p2p_offers: true, show_p2p_methods: true };

function open(path: string, settings: Partial<UserSettings> = {}, kind: 'web' | 'mini-app' = 'web') {
  const signedIn: UserSettings = { ...baseSettings, local_currency: 'RUB', feature_flags: marketFlags, ...settings };
  return renderApp({
    path,
    platform: fakePlatform(kind),
    session: fakeSession({ status: 'signed-in', settings: signedIn }),
  });
}

function cards(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Offers' })).getAllByRole('link');
}

describe('an offer list', () => {
  it('shows each offer with its maker, price, limits, what is left and its methods, and opens it with back=offers', async () => {
    const api = installMarketApi({ offers: [offerOf({ id: 5 })] });
    open('/p2p/buy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy USDT' })).toBeTruthy();
    const [card] = await waitFor(cards);
    expect(card?.textContent?.replace(/\u00a0/g, ' ')).toBe(
      'Aanna_trader120 orders · 98% completed1 502.30 ₽Limits1 000.00 ₽ – 50 000.00 ₽Available250.5 USDTSberbank · SBPT-Bank',
    );
    expect(within(card as HTMLElement).getByRole('img', { name: 'Verified merchant' })).toBeTruthy();
    expect(card?.getAttribute('href')).toBe('/p2p/offers/5?back=offers');
    // Someone buying browses sell offers, in their local currency.
    expect(listQueries(api)).toEqual(['type=sell&asset=USDT&fiat=RUB&count=40']);
  });

  it('lists buy offers on /p2p/sell and says "1 order" for one', async () => {
    const api = installMarketApi({
      offers: [
        offerOf({
          id: 9,
          type: 'buy',
          user: { ...offerOf({ id: 9 }).user, orders: 1, orders_percent: 100, is_verified_merchant: false },
        }),
      ],
    });
    open('/p2p/sell');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell USDT' })).toBeTruthy();
    const [card] = await waitFor(cards);
    expect(within(card as HTMLElement).getByText('1 order · 100% completed')).toBeTruthy();
    expect(within(card as HTMLElement).queryByRole('img', { name: 'Verified merchant' })).toBeNull();
    expect(listQueries(api)).toEqual(['type=buy&asset=USDT&fiat=RUB&count=40']);
  });

  it('says a maker without orders has none yet, with no completion rate', async () => {
    installMarketApi({
      offers: [offerOf({ id: 4, user: { ...offerOf({ id: 4 }).user, orders: 0, orders_percent: 0 } })],
    });
    open('/p2p/buy');
    const [card] = await waitFor(cards);
    expect(within(card as HTMLElement).getByText('No orders yet')).toBeTruthy();
    expect(card?.textContent).not.toContain('completed');
  });

  it('takes the first fiat when the local currency does not trade', async () => {
    const api = installMarketApi();
    open('/p2p/buy', { local_currency: 'USD' });
    await screen.findByText('No one sells USDT for RUB right now.');
    expect(listQueries(api)).toEqual(['type=sell&asset=USDT&fiat=RUB&count=40']);
  });

  it('takes the local currency when it trades', async () => {
    const api = installMarketApi();
    open('/p2p/sell', { local_currency: 'EUR' });
    await screen.findByText('No one buys USDT for EUR right now.');
    expect(listQueries(api)).toEqual(['type=buy&asset=USDT&fiat=EUR&count=40']);
  });

  it('reads every filter from the URL, repeating payment_methods in the request', async () => {
    const api = installMarketApi();
    open('/p2p/buy?asset=TON&fiat=EUR&methods=sbp,tinkoff&amount=1500&verified=true');
    await screen.findByText('No offers match these filters.');
    expect(listQueries(api)).toEqual([
      'type=sell&asset=TON&fiat=EUR&payment_methods=sbp&payment_methods=tinkoff&amount=1500&verified_only=true&count=40',
    ]);
    const filters = screen.getByRole('navigation', { name: 'Filters' });
    expect(
      within(filters)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Asset TON', 'Currency EUR', 'Payment method 2 methods', 'Merchants Verified only']);
    expect((screen.getByRole('textbox', { name: 'Amount, EUR' }) as HTMLInputElement).value).toBe('1500');
  });

  it('drops a malformed filter instead of guessing', async () => {
    const api = installMarketApi();
    open('/p2p/buy?asset=usdt!&fiat=RUBLE&methods=SBP;DROP&amount=-5');
    await screen.findByText('No one sells USDT for RUB right now.');
    expect(listQueries(api)).toEqual(['type=sell&asset=USDT&fiat=RUB&count=40']);
  });

  it('keeps an amount typed and applied in the URL, so a reload lists the same offers', async () => {
    const api = installMarketApi({ offers: [offerOf({ id: 5 })] });
    const first = open('/p2p/buy');
    const field = await screen.findByRole('textbox', { name: 'Amount, RUB' });
    fireEvent.change(field, { target: { value: '60 000' } });
    fireEvent.submit(field);
    await screen.findByText('No offers match these filters.');
    const href = first.router.state.location.href;
    first.unmount();
    api.sent.length = 0;

    open(href);
    await screen.findByText('No offers match these filters.');
    expect(listQueries(api)).toEqual(['type=sell&asset=USDT&fiat=RUB&amount=60000&count=40']);
    // "Clear filters" lists everything again.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await waitFor(cards)).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: 'Amount, RUB' }) as HTMLInputElement).value).toBe('');
  });

  it('says what is wrong with a typed amount and changes nothing', async () => {
    const api = installMarketApi();
    open('/p2p/buy');
    const field = await screen.findByRole('textbox', { name: 'Amount, RUB' });
    fireEvent.change(field, { target: { value: '1,000.5' } });
    fireEvent.blur(field);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Use one decimal mark and no thousands separators, like 1000.5',
    );
    expect(listQueries(api)).toEqual(['type=sell&asset=USDT&fiat=RUB&count=40']);
  });

  it('shows more offers a page at a time by cursor', async () => {
    const api = installMarketApi({
      offers: [offerOf({ id: 1 }), offerOf({ id: 2 }), offerOf({ id: 3 })],
    });
    api.pageSize = 2;
    open('/p2p/buy');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(listQueries(api)).toEqual([
      'type=sell&asset=USDT&fiat=RUB&count=40',
      'type=sell&asset=USDT&fiat=RUB&count=40&cursor=2',
    ]);
  });

  it('fetches the prices again every price_refresh_ms and shows the new one', async () => {
    const api = installMarketApi({ offers: [offerOf({ id: 5 })], priceRefreshMs: 100 });
    open('/p2p/buy');
    await screen.findByText('1 502.30 ₽');
    api.offers = [offerOf({ id: 5, price: '1510' })];
    expect(await screen.findByText('1 510.00 ₽', undefined, { timeout: 2000 })).toBeTruthy();
  });

  it('says when the offers could not be loaded, and "Try again" asks again', async () => {
    const api = installMarketApi({ offers: [offerOf({ id: 5 })] });
    api.failing['GET /p2p/offers'] = { status: 500, body: { code: 'internal', message: 'Down' } };
    open('/p2p/buy');
    expect(await screen.findByText('Couldn’t load the offers.')).toBeTruthy();
    delete api.failing['GET /p2p/offers'];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await waitFor(cards)).toHaveLength(1);
  });

  it('switches between Buy and Sell keeping the filters', async () => {
    const api = installMarketApi();
    const { router } = open('/p2p/buy?fiat=EUR');
    await screen.findByText('No one sells USDT for EUR right now.');
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Buy or sell' })).getByRole('link', { name: 'Sell' }),
    );
    await screen.findByText('No one buys USDT for EUR right now.');
    expect(router.state.location.pathname).toBe('/p2p/sell');
    expect(listQueries(api).at(-1)).toBe('type=buy&asset=USDT&fiat=EUR&count=40');
  });
});

describe('the choice pages', () => {
  it('choose the asset and return to the list with it, one history entry for both', async () => {
    const api = installMarketApi();
    const { router } = open('/p2p/buy');
    await screen.findByText('No one sells USDT for RUB right now.');
    fireEvent.click(screen.getByRole('link', { name: 'Asset USDT' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asset' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^USDT/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /^TON/ }));
    await screen.findByText('No one sells TON for RUB right now.');
    expect(router.state.location.pathname).toBe('/p2p/buy');
    expect(listQueries(api).at(-1)).toBe('type=sell&asset=TON&fiat=RUB&count=40');
    // The choice page replaced nothing behind the list: back leaves the list.
    expect(router.history.location.state.__TSR_index).toBe(0);
  });

  it('choose another currency, which clears the methods (they belong to a currency)', async () => {
    const api = installMarketApi();
    open('/p2p/buy/fiat?methods=sbp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Currency' })).toBeTruthy();
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'eur' } });
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    fireEvent.click(screen.getByRole('radio', { name: /^Euro/ }));
    await screen.findByText('No one sells USDT for EUR right now.');
    expect(listQueries(api)).toEqual(['type=sell&asset=USDT&fiat=EUR&count=40']);
  });

  it('choose several payment methods, each with its best price, and "Show offers" lists them', async () => {
    const api = installMarketApi({ offers: [offerOf({ id: 5 })] });
    const { router } = open('/p2p/buy/method', {}, 'web');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment methods' })).toBeTruthy();
    const all = await screen.findByRole('checkbox', { name: 'All methods' });
    expect(all.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: /SBP/ }).textContent).toBe('SBPfrom 1\u00a0502.30\u00a0₽ · 3 offers');
    fireEvent.click(screen.getByRole('checkbox', { name: /SBP/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ methods: 'sbp' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'T-Bank' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ methods: 'sbp,tinkoff' }));
    expect(screen.getByRole('checkbox', { name: 'All methods' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Show offers' }));
    expect(await waitFor(cards)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Payment method 2 methods' })).toBeTruthy();
    expect(listQueries(api).at(-1)).toBe(
      'type=sell&asset=USDT&fiat=RUB&payment_methods=sbp&payment_methods=tinkoff&count=40',
    );
  });

  it('finds a method by a part of its name', async () => {
    installMarketApi();
    open('/p2p/buy/method');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'yoo' } });
    await waitFor(() =>
      expect(screen.getAllByRole('checkbox').map((box) => box.textContent)).toEqual(['All methods', 'YooMoney']),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'paypal' } });
    expect(await screen.findByText('Nothing found')).toBeTruthy();
  });

  it('names the one method chosen on the list', async () => {
    installMarketApi();
    open('/p2p/buy?methods=tinkoff');
    expect(await screen.findByRole('link', { name: 'Payment method T-Bank' })).toBeTruthy();
  });

  it('choose verified merchants only', async () => {
    const api = installMarketApi({
      offers: [
        offerOf({ id: 5 }),
        offerOf({ id: 6, user: { ...offerOf({ id: 6 }).user, name: 'Boris', is_verified_merchant: false } }),
      ],
    });
    open('/p2p/buy');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('link', { name: 'Merchants All merchants' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Verified merchants only' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(listQueries(api).at(-1)).toBe('type=sell&asset=USDT&fiat=RUB&verified_only=true&count=40');
  });

  it('go back to the list unchanged with the back action (Telegram BackButton in the mini app)', async () => {
    const api = installMarketApi();
    const { router, platform } = open('/p2p/buy?fiat=EUR', {}, 'mini-app');
    await screen.findByText('No one sells USDT for EUR right now.');
    fireEvent.click(screen.getByRole('link', { name: 'Merchants All merchants' }));
    await screen.findByRole('heading', { level: 1, name: 'Merchants' });
    act(() => platform.screenActions.press('back'));
    await screen.findByText('No one sells USDT for EUR right now.');
    expect(router.state.location.search).toMatchObject({ fiat: 'EUR' });
    expect(listQueries(api).every((query) => query === 'type=sell&asset=USDT&fiat=EUR&count=40')).toBe(true);
  });
});
