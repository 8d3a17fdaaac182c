/**
 * /wallet/{asset}: the asset's balance (available, held when any, local value), Deposit and
 * Withdraw for this asset, and its own history; anything that is not a crypto asset of the
 * catalogue is the not-found page.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderApp, signedIn } from '../support.tsx';
import {
  assetBalance,
  detailOf,
  installIntersectionObserver,
  installWalletApi,
  startingBalance,
  ton,
  transaction,
  usdt,
} from './fakeWalletApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(path: string) {
  installIntersectionObserver();
  return renderApp({ path, session: fakeSession(signedIn) });
}

describe('the asset page', () => {
  it('shows what is available in full precision, its local value, and Deposit and Withdraw for the asset', async () => {
    installWalletApi();
    open('/wallet/USDT');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tether' })).toBeTruthy();
    expect(await screen.findByText('1 250.5 USDT')).toBeTruthy();
    expect(screen.getByText('$1,250.50')).toBeTruthy();
    // Nothing held: no breakdown.
    expect(screen.queryByText('On hold')).toBeNull();
    const actions = screen.getByRole('navigation', { name: 'Wallet actions' });
    expect(within(actions).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/wallet/deposit/USDT');
    expect(within(actions).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/wallet/withdraw/USDT');
  });

  it('sends a transaction opened from it back to it, one step back in history', async () => {
    const api = installWalletApi();
    const deposit = transaction({ id: 'usdt-in', type: 'deposit', asset: 'USDT', network: 'TRX' });
    api.transactions = [deposit];
    api.details.set('deposit/usdt-in', detailOf(deposit));
    const { router } = open('/wallet/USDT');
    await waitFor(() => expect(document.querySelector('a.wallet-item')).not.toBeNull());
    const item = document.querySelector('a.wallet-item');
    if (!(item instanceof HTMLAnchorElement)) throw new Error('no history item');
    // The spec's back parameter names the page that opened it.
    expect(item.getAttribute('href')).toBe('/transactions/deposit/usdt-in?back=%2Fwallet%2FUSDT');
    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/deposit/usdt-in'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/USDT'));
    // One step back, not a new entry: the transaction is still forward of the asset page.
    act(() => router.history.forward());
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/deposit/usdt-in'));
  });

  it('is where a transaction opened with ?back= goes back to when nothing came before it', async () => {
    installWalletApi();
    const { router } = open('/transactions/deposit/d1?back=/wallet/USDT');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/USDT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tether' })).toBeTruthy();
  });

  it('ignores a back parameter that is not a path of the app, and goes home', async () => {
    installWalletApi();
    const { router } = open('/transactions/deposit/d1?back=https://example.com/');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.href).toBe('/');
  });

  it('shows the amount on hold beside the available one when a withdrawal holds part of it', async () => {
    const api = installWalletApi();
    api.balance = {
      ...startingBalance(),
      balances: [assetBalance(usdt, '1000123456000000000000', '250000000000000000000', '125012345600')],
    };
    open('/wallet/USDT');
    const available = (await screen.findByText('Available')).closest('.ui-cell');
    const held = screen.getByText('On hold').closest('.ui-cell');
    if (!(available instanceof HTMLElement) || !(held instanceof HTMLElement)) throw new Error('no breakdown cells');
    expect(within(available).getByText('1 000.123456 USDT')).toBeTruthy();
    expect(within(held).getByText('250 USDT')).toBeTruthy();
    // The headline is all that is held, the amount its local value is the value of.
    expect(screen.getByText('1 250.123456 USDT', { selector: '.wallet-asset-amount' })).toBeTruthy();
    expect(screen.getByText('$1,250.12')).toBeTruthy();
  });

  it('lists only this asset’s transactions', async () => {
    const api = installWalletApi();
    api.transactions = [
      transaction({ asset: 'TON', network: 'TON', amount: '1000000000' }),
      transaction({ asset: 'USDT', amount: '7000000000000000000' }),
    ];
    open('/wallet/TON');
    await screen.findByRole('heading', { level: 1, name: 'Toncoin' });
    await waitFor(() => expect(screen.getAllByText('+1 TON')).toHaveLength(1));
    expect(screen.queryByText('+7 USDT')).toBeNull();
    expect(api.sentTo('GET /wallet/transactions').every((search) => search.get('asset') === 'TON')).toBe(true);
  });

  it('invites a first deposit of this asset while it has no history', async () => {
    const api = installWalletApi();
    api.balance = { ...startingBalance(), balances: [assetBalance(ton, '0', '0', '0')] };
    open('/wallet/TON');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Deposit TON' }).getAttribute('href')).toBe('/wallet/deposit/TON');
  });

  it.each([
    ['an asset the catalogue does not have', '/wallet/DOGE'],
    ['a fiat currency', '/wallet/USD'],
    ['a malformed code', '/wallet/usdt'],
  ])('is the not-found page for %s', async (_, path) => {
    installWalletApi();
    open(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
