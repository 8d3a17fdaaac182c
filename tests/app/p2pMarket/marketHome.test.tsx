/**
 * The market's home `/p2p`, its entry on the wallet home, and the guards of the market's routes:
 * feature flags (an area hidden by them is not found, like an unknown path) and the blocked screen
 * on the offer lists and their choice pages.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { baseSettings } from '../support/fakeApi.ts';
import { telegramMainButton } from '../support/screenActionButtons.tsx';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { installMarketApi, offerOf } from './fakeMarketApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const allFlags = { show_p2p: true, show_p2p_offers: true, show_p2p_methods: true };

function open(path: string, settings: Partial<UserSettings> = {}, kind: 'web' | 'mini-app' = 'web') {
  const signedIn: UserSettings = { ...baseSettings, local_currency: 'RUB', feature_flags: allFlags, ...settings };
  return renderApp({
    path,
    platform: fakePlatform(kind),
    session: fakeSession({ status: 'signed-in', settings: signedIn }),
  });
}

const locked = { ...baseSettings.compliance, lock: true };

describe('the market home', () => {
  it('leads to Buy and Sell and my orders, lists my offers with their status, then payment methods and the profile', async () => {
    installMarketApi({
      mine: [
        offerOf({ id: 12, is_mine: true, status: 'active' }),
        offerOf({ id: 11, is_mine: true, type: 'buy', asset: 'TON', status: 'inactive', price: '310' }),
      ],
    });
    open('/p2p');
    expect(await screen.findByRole('heading', { level: 1, name: 'P2P market' })).toBeTruthy();
    await screen.findByRole('link', { name: /#12/ });
    const links = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/p2p'))
      .map((link) => [link.textContent?.replace(/\u00a0/g, ' '), link.getAttribute('href')]);
    expect(links).toEqual([
      ['BuyPay a seller, receive crypto', '/p2p/buy'],
      ['SellSend crypto, get paid by a buyer', '/p2p/sell'],
      // The orders entry (its counts: tests/app/p2pOrders).
      ['My orders', '/p2p/orders'],
      ['Sell USDT for RUB#12 · 1 502.30 ₽Online', '/p2p/offers/12'],
      ['Buy TON for RUB#11 · 310.00 ₽Offline', '/p2p/offers/11'],
      ['Payment methods', '/p2p/methods'],
      ['Market profileYour name, orders and reviews', '/p2p/profile'],
    ]);
  });

  it('says when there are no offers of mine yet', async () => {
    installMarketApi();
    open('/p2p');
    expect(await screen.findByText('You have no offers yet.')).toBeTruthy();
  });

  it('has "Create offer" as the main action: Telegram’s MainButton in the mini app', async () => {
    installMarketApi();
    const { platform, router } = open('/p2p', {}, 'mini-app');
    await screen.findByRole('heading', { level: 1, name: 'P2P market' });
    expect(telegramMainButton(platform)).toBe('Create offer');
    act(() => platform.screenActions.press('main'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/offers/new'));
  });

  it('offers no "Create offer" to someone without can_create_market_offer', async () => {
    installMarketApi();
    const { platform } = open('/p2p', { permissions: { can_create_market_offer: false } }, 'mini-app');
    await screen.findByRole('heading', { level: 1, name: 'P2P market' });
    expect(telegramMainButton(platform)).toBeNull();
  });

  it('leaves out offers and methods when only show_p2p is on', async () => {
    const api = installMarketApi();
    open('/p2p', { feature_flags: { show_p2p: true } });
    await screen.findByRole('heading', { level: 1, name: 'P2P market' });
    expect(screen.queryByRole('link', { name: /^Buy/ })).toBeNull();
    expect(screen.queryByText('My offers')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Payment methods' })).toBeNull();
    expect(screen.getByRole('link', { name: /^Market profile/ })).toBeTruthy();
    expect(api.sent.filter((request) => request.route === 'GET /p2p/offers/my')).toEqual([]);
  });
});

describe('the market’s guards', () => {
  it.each(['/p2p', '/p2p/buy', '/p2p/sell/asset'])('%s is not found without the P2P flags', async (path) => {
    installMarketApi();
    open(path, { feature_flags: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it.each(['/p2p/buy', '/p2p/sell/method'])(
    '%s is not found with show_p2p but without show_p2p_offers',
    async (path) => {
      installMarketApi();
      open(path, { feature_flags: { show_p2p: true } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    },
  );

  it('a side other than buy or sell is not found', async () => {
    installMarketApi();
    open('/p2p/swap');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it.each(['/p2p/buy', '/p2p/sell', '/p2p/buy/fiat', '/p2p/sell/verification'])(
    'a blocked person sees the blocked screen on %s',
    async (path) => {
      const api = installMarketApi();
      open(path, { compliance: locked });
      expect(await screen.findByRole('heading', { level: 1, name: 'Your money is locked' })).toBeTruthy();
      expect(api.sent.filter((request) => request.route === 'GET /p2p/offers')).toEqual([]);
    },
  );

  it('a blocked person still reaches the market home (its lists are what is guarded)', async () => {
    installMarketApi();
    open('/p2p', { compliance: locked });
    expect(await screen.findByRole('heading', { level: 1, name: 'P2P market' })).toBeTruthy();
  });
});

describe('the entry on the wallet home', () => {
  it('shows P2P among the actions for people with show_p2p, leading to /p2p', async () => {
    installMarketApi();
    open('/');
    const actions = await screen.findByRole('navigation', { name: 'Wallet actions' });
    expect(within(actions).getByRole('link', { name: 'P2P' }).getAttribute('href')).toBe('/p2p');
  });

  it('has no P2P action without the flag', async () => {
    installMarketApi();
    open('/', { feature_flags: {} });
    const actions = await screen.findByRole('navigation', { name: 'Wallet actions' });
    expect(within(actions).queryByRole('link', { name: 'P2P' })).toBeNull();
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Deposit', 'Withdraw']);
  });
});

describe('the market in Russian', () => {
  it('says the card in Russian with plural forms', async () => {
    installMarketApi({
      offers: [
        offerOf({ id: 5 }),
        offerOf({ id: 6, user: { ...offerOf({ id: 6 }).user, orders: 3 } }),
        offerOf({ id: 7, user: { ...offerOf({ id: 7 }).user, orders: 21 } }),
      ],
    });
    open('/p2p/buy', { language: 'ru' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Купить USDT' })).toBeTruthy();
    await screen.findByText('120 сделок · выполнено 98%');
    expect(screen.getByText('3 сделки · выполнено 98%')).toBeTruthy();
    expect(screen.getByText('21 сделка · выполнено 98%')).toBeTruthy();
    expect(screen.queryByText('Ещё нет сделок')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Способ оплаты Все способы' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Способы оплаты' })).toBeTruthy();
  });
});
