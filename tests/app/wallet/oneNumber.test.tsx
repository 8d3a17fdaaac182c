/**
 * One number per amount (docs/formatting.md): an amount shows the same figure wherever it appears
 * (home, the history, the asset page, the transaction), and a local value beside it is the value
 * of that very figure. The bug this pins: 0.00012345 BTC read "0.0001" on home and in the history
 * but in full on the asset page, with the value of the full amount beside the short one.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderApp, signedIn } from '../support.tsx';
import {
  assetBalance,
  btc,
  installIntersectionObserver,
  installWalletApi,
  startingBalance,
  transaction,
} from './fakeWalletApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(path: string) {
  installIntersectionObserver();
  return renderApp({ path, session: fakeSession(signedIn) });
}

/** 0.00012345 BTC, worth $12.34, deposited in one go. */
function smallBitcoin() {
  const api = installWalletApi();
  api.balance = { ...startingBalance(), balances: [assetBalance(btc, '12345', '0', '1234000000')] };
  api.transactions = [transaction({ id: 'd1', type: 'deposit', asset: 'BTC', network: 'BTC', amount: '12345' })];
  return api;
}

describe('one number per amount', () => {
  it('shows 0.00012345 BTC in full on home, beside its $12.34', async () => {
    smallBitcoin();
    open('/');
    const row = (await screen.findByText('Bitcoin')).closest('a');
    if (!(row instanceof HTMLElement)) throw new Error('no Bitcoin row');
    expect(within(row).getByText('0.00012345 BTC')).toBeTruthy();
    expect(within(row).getByText('$12.34')).toBeTruthy();
    expect(within(row).queryByText('0.0001 BTC')).toBeNull();
  });

  it('shows the same 0.00012345 BTC in the history as on the asset page', async () => {
    smallBitcoin();
    open('/wallet/BTC');
    expect(await screen.findByText('0.00012345 BTC', { selector: '.wallet-asset-amount' })).toBeTruthy();
    expect(screen.getByText('$12.34')).toBeTruthy();
    expect(await screen.findByText('+0.00012345 BTC', { selector: '.wallet-item-amount' })).toBeTruthy();
  });
});
