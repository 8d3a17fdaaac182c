/**
 * History items as the home shows them: a title for every type of the contract, the short date,
 * the signed amount (green when it came in), a status badge unless completed, and a link to the
 * detail page for the types that have one.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WalletTransactionType, walletTransactionTypes } from '../../../src/contract/wallet-operations.ts';
import { fakeSession, renderApp, signedIn } from '../support.tsx';
import { installIntersectionObserver, installWalletApi, transaction } from './fakeWalletApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const expectedTitles: Record<WalletTransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  exchange: 'Exchange',
  order: 'P2P order',
  invoice: 'Invoice',
  check: 'Check',
  app_withdrawal: 'Withdrawal via app',
  transfer: 'Transfer',
  giveaway_win: 'Giveaway prize',
  giveaway_creation: 'Giveaway created',
  giveaway_cancel: 'Giveaway canceled',
  giveaway_delete: 'Giveaway deleted',
  referral: 'Referral reward',
  launchpool: 'Launchpool',
  merchant_deposit: 'Merchant deposit',
  merchant_withdrawal: 'Merchant withdrawal',
  p2c_merchant_deposit: 'Merchant deposit (P2C)',
  p2c_merchant_withdrawal: 'Merchant withdrawal (P2C)',
  compensation: 'Compensation',
  swap: 'Swap',
  campaign_reward: 'Campaign reward',
  stars_check: 'Stars check',
  stars_check_refund: 'Stars check refund',
  create_address: 'New address fee',
  box_purchase: 'Mystery box purchase',
  box_prize: 'Mystery box prize',
  spin_wheel_purchase: 'Wheel of fortune spin',
  spin_wheel_prize: 'Wheel of fortune prize',
  raffle_create: 'Raffle created',
  raffle_cancel: 'Raffle canceled',
  raffle_prize: 'Raffle prize',
  p2c_client: 'QR payment',
  p2c_client_refund: 'QR payment refund',
  p2c_merchant: 'QR payment (merchant)',
  p2c_merchant_refund: 'QR payment refund (merchant)',
  p2p: 'P2P market',
};

function historyItems(): HTMLElement[] {
  const section = screen.getByRole('heading', { level: 2, name: 'Transactions' }).closest('section');
  if (section === null) throw new Error('no history section');
  return Array.from(section.querySelectorAll<HTMLElement>('.wallet-item'));
}

async function openWith(count: number) {
  installIntersectionObserver();
  renderApp({ path: '/', session: fakeSession(signedIn) });
  await waitFor(() => expect(historyItems()).toHaveLength(count));
  return historyItems();
}

describe('history items', () => {
  it('title every type of the contract with its own words', async () => {
    const api = installWalletApi();
    api.transactions = walletTransactionTypes.map((type) => transaction({ id: `id-${type}`, type }));
    const items = await openWith(walletTransactionTypes.length);
    const titles = items.map((item) => item.querySelector('.ui-cell-title')?.textContent);
    expect(titles).toEqual(walletTransactionTypes.map((type) => expectedTitles[type]));
    expect(new Set(titles).size).toBe(walletTransactionTypes.length);
  });

  it('link to the detail page of their kind, or nowhere when the type has none', async () => {
    const api = installWalletApi();
    api.transactions = (['deposit', 'app_withdrawal', 'check', 'campaign_reward', 'order', 'transfer'] as const).map(
      (type) => transaction({ id: `id-${type}`, type }),
    );
    const items = await openWith(6);
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/transactions/deposit/id-deposit',
      '/transactions/withdrawal/id-app_withdrawal',
      '/transactions/qr-pay/id-check',
      '/transactions/campaign-reward/id-campaign_reward',
      '/transactions/market/id-order',
      null,
    ]);
  });

  it('show the short date, the signed amount in green when it came in, and the status unless completed', async () => {
    // The short form leaves out the current year: "now" is fixed in 2026.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T11:00:00.000Z') });
    const api = installWalletApi();
    api.transactions = [
      transaction({ type: 'deposit', amount: '12500000000000000000', date: '2026-11-22T10:00:00.000Z' }),
      transaction({
        type: 'withdrawal',
        amount: '-3000000000000000000',
        fee: '1000000000000000000',
        status: 'processing',
        date: '2025-03-02T08:05:00.000Z',
      }),
      transaction({ type: 'withdrawal', asset: 'TON', network: 'TON', amount: '-1500000000', status: 'error' }),
    ];
    const [deposit, pending, failed] = await openWith(3);
    if (deposit === undefined || pending === undefined || failed === undefined) throw new Error('three items');

    // Europe/Berlin is UTC+1 in November and March.
    expect(within(deposit).getByText('22 Nov 11:00')).toBeTruthy();
    expect(within(deposit).getByText('+12.5 USDT').classList.contains('wallet-item-amount--in')).toBe(true);
    expect(deposit.querySelector('.wallet-badge')).toBeNull();

    expect(within(pending).getByText('2 Mar 2025 09:05')).toBeTruthy();
    const outgoing = within(pending).getByText('\u22123 USDT');
    expect(outgoing.classList.contains('wallet-item-amount--in')).toBe(false);
    expect(within(pending).getByText('Processing')).toBeTruthy();

    // The money never left: no minus sign, struck through, beside the status.
    const unsent = within(failed).getByText('1.5 TON');
    expect(unsent.classList.contains('wallet-item-amount--void')).toBe(true);
    expect(within(failed).queryByText('\u22121.5 TON')).toBeNull();
    expect(within(failed).getByText('Failed').classList.contains('wallet-badge--failed')).toBe(true);
  });

  it('show canceled and reverted withdrawals as money that did not leave, and a pending one as leaving', async () => {
    const api = installWalletApi();
    api.transactions = [
      transaction({ type: 'withdrawal', asset: 'TON', network: 'TON', amount: '-1100000000', status: 'canceled' }),
      transaction({ type: 'withdrawal', asset: 'TON', network: 'TON', amount: '-1100000000', status: 'reverted' }),
      transaction({ type: 'withdrawal', asset: 'TON', network: 'TON', amount: '-1100000000', status: 'sent' }),
    ];
    const [canceled, reverted, sent] = await openWith(3);
    if (canceled === undefined || reverted === undefined || sent === undefined) throw new Error('three items');
    for (const item of [canceled, reverted]) {
      expect(within(item).getByText('1.1 TON').classList.contains('wallet-item-amount--void')).toBe(true);
    }
    expect(within(canceled).getByText('Canceled')).toBeTruthy();
    expect(within(sent).getByText('\u22121.1 TON').classList.contains('wallet-item-amount--void')).toBe(false);
  });
});
