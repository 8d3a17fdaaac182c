/**
 * /transactions/{kind}/{id}: every kind looked up with `_` in the call, the amount large and
 * exact, status, date, fee, network, address and txid with the explorer link; a withdrawal
 * followed every 3 s until it settles, then the balance refreshed; unknown kinds and unknown
 * transactions get their own pages.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceQueryOptions } from '../../../src/app/api/walletQueries.ts';
import { transactionRouteKinds } from '../../../src/app/features/wallet/transactionKinds.ts';
import { transactionDetailKinds } from '../../../src/contract/wallet-operations.ts';
import { fakeSession, renderApp, signedIn } from '../support.tsx';
import {
  detailOf,
  type FakeWalletApi,
  installIntersectionObserver,
  installWalletApi,
  transaction,
} from './fakeWalletApi.ts';

const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
  writeText.mockClear();
});

function open(path: string) {
  installIntersectionObserver();
  return renderApp({ path, session: fakeSession(signedIn) });
}

function cellValue(title: string): string {
  const cell = screen.getByText(title).closest('.ui-cell');
  return cell?.querySelector('.ui-cell-value')?.textContent ?? '';
}

const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const txid = '7c1f0d2e9a4b3c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5';

describe('the transaction page', () => {
  it.each(transactionRouteKinds)('opens /transactions/%s/{id} and looks it up with its lookup kind', async (kind) => {
    const api = installWalletApi();
    const lookup = kind.replaceAll('-', '_');
    const types = Object.entries(transactionDetailKinds).find(([name]) => name === lookup)?.[1] ?? [];
    const [type] = types;
    if (type === undefined) throw new Error(`no types for ${kind}`);
    api.details.set(`${lookup}/x1`, detailOf(transaction({ id: 'x1', type })));
    open(`/transactions/${kind}/x1`);
    expect(await screen.findByText('+5 USDT')).toBeTruthy();
    expect(api.requests.map((request) => request.route)).toContain(`GET /wallet/transactions/${lookup}/x1`);
  });

  it('shows a deposit in full: exact amount, status, date, network, address to copy and the explorer link', async () => {
    const api = installWalletApi();
    const item = transaction({
      id: 'd7',
      type: 'deposit',
      amount: '12345678912345678912',
      date: '2026-11-21T23:30:05.000Z',
    });
    api.details.set(
      'deposit/d7',
      detailOf(item, {
        address,
        txid,
        explorer_transaction_url: `https://explorer.example/tx/${txid}`,
        explorer_address_url: `https://explorer.example/address/${address}`,
      }),
    );
    open('/transactions/deposit/d7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit' })).toBeTruthy();
    // view_full_decimals 6, rounded down.
    expect(screen.getByText('+12.345678 USDT')).toBeTruthy();
    expect(cellValue('Status')).toBe('Completed');
    expect(cellValue('Date')).toBe('22.11.2026 00:30:05');
    expect(cellValue('Network')).toBe('Tron (TRC20)');
    // No fee on a deposit; no withdrawal sentence.
    expect(screen.queryByText('Fee')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();

    // Its name says what it does and holds what it shows.
    const copyAddress = screen.getByRole('button', { name: 'Copy address TQn9Y2k…cbLSE Copy' });
    expect(copyAddress.textContent).toContain('TQn9Y2k…cbLSE');
    fireEvent.click(copyAddress);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(address));
    expect(copyAddress.textContent).toContain(address);
    expect(copyAddress.textContent).toContain('Copied');

    expect(screen.getByRole('button', { name: 'Copy transaction ID 7c1f0d2…3c4d5 Copy' })).toBeTruthy();
    const explorer = screen.getByRole('link', { name: 'View in explorer' });
    expect(explorer.getAttribute('href')).toBe(`https://explorer.example/tx/${txid}`);
    expect(explorer.getAttribute('target')).toBe('_blank');
  });

  it('says the withdrawal failed and shows its fee', async () => {
    const api = installWalletApi();
    const item = transaction({
      id: 'w9',
      type: 'withdrawal',
      amount: '-20000000000000000000',
      fee: '1500000000000000000',
      status: 'error',
    });
    api.details.set('withdrawal/w9', detailOf(item, { address }));
    open('/transactions/withdrawal/w9');
    // Back in the balance: the amount shows as not having left (no minus, struck through).
    const amount = await screen.findByText('20 USDT');
    expect(amount.classList.contains('wallet-detail-amount--void')).toBe(true);
    expect(screen.queryByText('\u221220 USDT')).toBeNull();
    expect(cellValue('Fee')).toBe('1.5\u00a0USDT');
    expect(cellValue('Status')).toBe('Failed');
    expect(screen.getByRole('status').textContent).toBe(
      'The withdrawal failed. The amount and the fee are back in your balance.',
    );
  });

  it('is the not-found page for a kind the spec does not have', async () => {
    installWalletApi();
    open('/transactions/transfer/x1');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('says the transaction was not found when the server does not know it', async () => {
    installWalletApi();
    const { router } = open('/transactions/deposit/nope');
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers to try again when the transaction cannot be loaded', async () => {
    const api = installWalletApi();
    api.details.set('swap/s1', detailOf(transaction({ id: 's1', type: 'swap', network: null })));
    api.failing['GET /wallet/transactions/swap/s1'] = { status: 500, body: { code: 'internal', message: 'Down' } };
    open('/transactions/swap/s1');
    expect(await screen.findByRole('heading', { name: 'Couldn’t load the transaction' })).toBeTruthy();
    delete api.failing['GET /wallet/transactions/swap/s1'];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Swap' })).toBeTruthy();
    expect(screen.queryByText('Network')).toBeNull();
  });
});

describe('a withdrawal followed on its page', () => {
  function setStatus(api: FakeWalletApi, status: 'processing' | 'sent' | 'completed') {
    const item = transaction({ id: 'w1', type: 'withdrawal', amount: '-10000000000000000000', status });
    api.details.set(
      'withdrawal/w1',
      detailOf(item, { address, txid: status === 'processing' ? null : txid, fee: '1000000000000000000' }),
    );
  }
  const detailRequests = (api: FakeWalletApi) => api.sentTo('GET /wallet/transactions/withdrawal/w1').length;

  it('is asked about every 3 s until it completes, then stops and refreshes the balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installWalletApi();
    setStatus(api, 'processing');
    const { router, queryClient } = open('/');
    await screen.findByText('$1,260.50');
    await act(() => router.navigate({ to: '/transactions/$kind/$id', params: { kind: 'withdrawal', id: 'w1' } }));
    expect(await screen.findByText('The withdrawal is being sent to the network.')).toBeTruthy();
    expect(cellValue('Status')).toBe('Processing');
    expect(screen.queryByText('Transaction ID')).toBeNull();
    const asked = detailRequests(api);

    setStatus(api, 'sent');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('The transaction is in the network and waits for confirmations.')).toBeTruthy();
    expect(detailRequests(api)).toBe(asked + 1);
    expect(screen.getByText('Transaction ID')).toBeTruthy();
    expect(queryClient.getQueryState(balanceQueryOptions().queryKey)?.isInvalidated).toBe(false);

    setStatus(api, 'completed');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('The withdrawal is complete: the money has arrived at the address.')).toBeTruthy();
    expect(cellValue('Status')).toBe('Completed');
    await waitFor(() => expect(queryClient.getQueryState(balanceQueryOptions().queryKey)?.isInvalidated).toBe(true));

    // Settled: no more questions.
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(detailRequests(api)).toBe(asked + 2);
  });

  it('is not asked about again when it was already final on opening', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installWalletApi();
    setStatus(api, 'completed');
    open('/transactions/withdrawal/w1');
    await screen.findByText('The withdrawal is complete: the money has arrived at the address.');
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(detailRequests(api)).toBe(1);
  });
});

describe("a P2C operation's page", () => {
  const paymentLink = () => screen.queryByRole('link', { name: 'Open the payment' })?.getAttribute('href');

  it.each([
    ['p2c_client', '/qr-pay?payment=31'],
    ['p2c_client_refund', '/qr-pay?payment=31'],
    ['p2c_merchant', '/p2c/orders/31'],
    ['p2c_merchant_refund', '/p2c/orders/31'],
  ] as const)('%s leads to its payment at %s', async (type, href) => {
    const api = installWalletApi();
    api.details.set('qr_pay/q1', detailOf(transaction({ id: 'q1', type, network: null }), { p2c_payment_id: 31 }));
    open('/transactions/qr-pay/q1');
    expect(await screen.findByText('+5 USDT')).toBeTruthy();
    expect(paymentLink()).toBe(href);
  });

  it('an operation without a payment has no such link', async () => {
    const api = installWalletApi();
    api.details.set('qr_pay/q2', detailOf(transaction({ id: 'q2', type: 'check', network: null })));
    open('/transactions/qr-pay/q2');
    expect(await screen.findByText('+5 USDT')).toBeTruthy();
    expect(paymentLink()).toBeUndefined();
  });
});
