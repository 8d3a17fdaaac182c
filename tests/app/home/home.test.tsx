/**
 * The signed-in home against a fake wallet API (tests/app/wallet/fakeWalletApi.ts): the total in
 * the local currency, Deposit and Withdraw, every asset's balance, and the history with its day
 * dividers, infinite scroll, empty and error states; the balance refetched every 5 s bringing a
 * new deposit into the history.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeSession, renderApp, signedIn } from '../support.tsx';
import {
  assetBalance,
  btc,
  installIntersectionObserver,
  installWalletApi,
  startingBalance,
  ton,
  transaction,
  usd,
  usdt,
} from '../wallet/fakeWalletApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Noon in Berlin (the signed-in fixture's zone) on 22 November 2026.
const now = new Date('2026-11-22T11:00:00.000Z');

function openHome() {
  return renderApp({ path: '/', session: fakeSession(signedIn) });
}

function historySection(): HTMLElement {
  const title = screen.getByRole('heading', { level: 2, name: 'Transactions' });
  const section = title.closest('section');
  if (section === null) throw new Error('the history has no section');
  return section;
}

describe('the home screen', () => {
  it('shows the total in the local currency, Deposit and Withdraw, and every asset with its local value', async () => {
    installWalletApi();
    installIntersectionObserver();
    openHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    const total = screen.getByRole('region', { name: 'Total balance' });
    expect(await within(total).findByText('$1,260.50')).toBeTruthy();
    const actions = screen.getByRole('navigation', { name: 'Wallet actions' });
    expect(within(actions).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/wallet/deposit');
    expect(within(actions).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/wallet/withdraw');

    const tether = screen.getByRole('link', { name: /Tether/ });
    expect(tether.getAttribute('href')).toBe('/wallet/USDT');
    expect(tether.textContent).toContain('1\u00a0250.5\u00a0USDT');
    expect(tether.textContent).toContain('$1,250.50');
    const toncoin = screen.getByRole('link', { name: /Toncoin/ });
    expect(toncoin.getAttribute('href')).toBe('/wallet/TON');
    expect(toncoin.textContent).toContain('2\u00a0TON');
    expect(toncoin.textContent).toContain('$10.00');
    // A zero balance is folded under "Show all".
    expect(screen.queryByRole('link', { name: /Bitcoin/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getByRole('link', { name: /Bitcoin/ }).textContent).toContain('0\u00a0BTC');
    fireEvent.click(screen.getByRole('button', { name: 'Hide zero balances' }));
    expect(screen.queryByRole('link', { name: /Bitcoin/ })).toBeNull();
  });

  it('lists every asset, with no "Show all", while nothing has a balance', async () => {
    const api = installWalletApi();
    installIntersectionObserver();
    api.balance = {
      total: { currency: 'USD', amount: '0' },
      balances: [assetBalance(usdt, '0', '0', '0'), assetBalance(ton, '0', '0', '0')],
    };
    openHome();
    expect((await screen.findByRole('link', { name: /Tether/ })).textContent).toContain('0\u00a0USDT');
    expect(screen.getByRole('link', { name: /Toncoin/ }).textContent).toContain('0\u00a0TON');
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });

  it('shows the same page at /qr-pay', async () => {
    installWalletApi();
    installIntersectionObserver();
    renderApp({ path: '/qr-pay?id=42', session: fakeSession(signedIn) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    expect(await screen.findByText('$1,260.50')).toBeTruthy();
  });
});

describe('the Scan action', () => {
  function openMiniAppHome(scanned: string | null) {
    const scanQr = vi.fn((_prompt: string) => Promise.resolve(scanned));
    const app = renderApp({
      path: '/',
      session: fakeSession(signedIn),
      platform: { ...fakePlatform('mini-app'), scanQr },
    });
    return { ...app, scanQr };
  }

  async function pressScan() {
    const actions = await screen.findByRole('navigation', { name: 'Wallet actions' });
    await act(async () => {
      fireEvent.click(within(actions).getByRole('button', { name: 'Scan' }));
    });
  }

  it('is not offered on the web, which has no scanner', async () => {
    installWalletApi();
    installIntersectionObserver();
    openHome();
    const actions = await screen.findByRole('navigation', { name: 'Wallet actions' });
    expect(within(actions).queryByRole('button', { name: 'Scan' })).toBeNull();
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Deposit', 'Withdraw']);
  });

  it('opens withdraw with the address of a scanned payment link', async () => {
    installWalletApi();
    installIntersectionObserver();
    const { router, scanQr } = openMiniAppHome(
      'ton://transfer/UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI?amount=1',
    );
    await pressScan();
    expect(scanQr).toHaveBeenCalledWith('Scan a wallet address or a Kopilka link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/withdraw'));
    expect(router.state.location.search).toEqual({ address: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI' });
  });

  it('follows a Telegram link to the screen it names', async () => {
    installWalletApi();
    installIntersectionObserver();
    const { router } = openMiniAppHome('https://t.me/kopilka_bot/app?startapp=wallet-TON');
    await pressScan();
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/TON'));
  });

  it('says so when the code is neither an address nor a link it knows, and stays on home', async () => {
    installWalletApi();
    installIntersectionObserver();
    const { router, platform } = openMiniAppHome('WIFI:S:Cafe;T:WPA;P:secret;;');
    await pressScan();
    // Inside the mini app an error is Telegram's own alert.
    await waitFor(() =>
      expect(platform.alert).toHaveBeenCalledWith('This QR code is not a wallet address or a Kopilka link.'),
    );
    expect(router.state.location.pathname).toBe('/');
  });

  it('does nothing when the scanner is closed without a code', async () => {
    installWalletApi();
    installIntersectionObserver();
    const { router, platform } = openMiniAppHome(null);
    await pressScan();
    expect(router.state.location.pathname).toBe('/');
    expect(platform.alert).not.toHaveBeenCalled();
  });

  it('counts what is held for a withdrawal in the asset’s amount', async () => {
    const api = installWalletApi();
    installIntersectionObserver();
    api.balance = {
      ...startingBalance(),
      balances: [assetBalance(ton, '1500000000', '500000000', '1000000000')],
    };
    openHome();
    expect((await screen.findByRole('link', { name: /Toncoin/ })).textContent).toContain('2\u00a0TON');
  });

  it('says when the assets cannot be named, and loads the catalogue again on request', async () => {
    const api = installWalletApi();
    installIntersectionObserver();
    api.failing['GET /wallet/asset'] = { status: 500, body: { code: 'internal', message: 'Down' } };
    openHome();
    expect(await screen.findByText('Couldn’t load the assets.')).toBeTruthy();
    delete api.failing['GET /wallet/asset'];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('link', { name: /Tether/ })).textContent).toContain('1\u00a0250.5\u00a0USDT');
  });

  it('keeps the account one tap away', async () => {
    installWalletApi();
    installIntersectionObserver();
    openHome();
    await screen.findByText('$1,260.50');
    const accountLinks = screen.getAllByRole('link', { name: 'Account' });
    expect(accountLinks.some((link) => link.getAttribute('href') === '/account')).toBe(true);
  });

  it('says when the balance cannot be loaded, and loads it again on request', async () => {
    const api = installWalletApi();
    installIntersectionObserver();
    api.failing['GET /wallet/balance'] = { status: 500, body: { code: 'internal', message: 'Down' } };
    openHome();
    expect(await screen.findByText('Couldn’t load the balance.')).toBeTruthy();
    delete api.failing['GET /wallet/balance'];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$1,260.50')).toBeTruthy();
  });

  it('shows the sign-in prompt to a signed-out visitor', async () => {
    const api = installWalletApi();
    renderApp({ path: '/', session: fakeSession({ status: 'signed-out' }) });
    expect(await screen.findByRole('button', { name: 'Sign in with Telegram' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Total balance' })).toBeNull();
    expect(api.sentTo('GET /wallet/balance')).toHaveLength(0);
  });
});

describe('the balance refresh', () => {
  it('names an asset switched on since the catalogue was loaded, fetching the catalogue again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now });
    const api = installWalletApi();
    installIntersectionObserver();
    const [tether, toncoin] = startingBalance().balances;
    if (tether === undefined || toncoin === undefined) throw new Error('the starting balance lost its entries');
    api.catalogue = { assets: { USDT: usdt, TON: ton, USD: usd } };
    api.balance = { ...startingBalance(), balances: [tether, toncoin] };
    openHome();
    await screen.findByText('$1,260.50');
    expect(api.sentTo('GET /wallet/asset')).toHaveLength(1);

    // Bitcoin is switched on, and half a bitcoin arrives before the next refetch.
    api.catalogue = { assets: { USDT: usdt, TON: ton, BTC: btc, USD: usd } };
    api.balance = {
      total: { currency: 'USD', amount: '4626050000000' },
      balances: [tether, toncoin, assetBalance(btc, '50000000', '0', '4500000000000')],
    };
    await act(() => vi.advanceTimersByTimeAsync(5_000));

    const bitcoin = await screen.findByRole('link', { name: /Bitcoin/ });
    expect(bitcoin.getAttribute('href')).toBe('/wallet/BTC');
    expect(bitcoin.textContent).toContain('0.5\u00a0BTC');
    expect(bitcoin.textContent).toContain('$45,000.00');
    expect(api.sentTo('GET /wallet/asset')).toHaveLength(2);
    vi.useRealTimers();
  });

  it('refetches the balance every 5 s, and a deposit that arrived shows in the total and the history', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now });
    const api = installWalletApi();
    installIntersectionObserver();
    api.transactions = [transaction({ id: 'old', date: '2026-11-22T09:00:00.000Z' })];
    openHome();
    await screen.findByText('$1,260.50');
    await waitFor(() => expect(within(historySection()).getAllByRole('link')).toHaveLength(1));
    const balanceCalls = api.sentTo('GET /wallet/balance').length;

    // A deposit of 100 USDT is credited between two refetches.
    api.balance = {
      total: { currency: 'USD', amount: '136050000000' },
      balances: [
        assetBalance(usdt, '1350500000000000000000', '0', '135050000000'),
        assetBalance(ton, '2000000000', '0', '1000000000'),
      ],
    };
    api.transactions = [
      transaction({ id: 'new', amount: '100000000000000000000', date: '2026-11-22T10:59:00.000Z' }),
      ...api.transactions,
    ];
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText('$1,260.50')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByText('$1,360.50')).toBeTruthy();
    expect(api.sentTo('GET /wallet/balance').length).toBe(balanceCalls + 1);
    await waitFor(() => expect(within(historySection()).getAllByRole('link')).toHaveLength(2));
    expect(within(historySection()).getByText('+100 USDT')).toBeTruthy();
  });
});

describe('the history', () => {
  it('invites a first deposit while there are no transactions', async () => {
    installWalletApi();
    installIntersectionObserver();
    openHome();
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    const history = historySection();
    expect(within(history).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/wallet/deposit');
  });

  it('asks for 40 items and loads the next page when the end of the list scrolls into view', async () => {
    const api = installWalletApi();
    const viewport = installIntersectionObserver();
    api.transactions = Array.from({ length: 45 }, (_, index) =>
      transaction({ id: `p${index}`, date: new Date(Date.UTC(2026, 10, 20, 12, 0) - index * 60_000).toISOString() }),
    );
    openHome();
    await waitFor(() => expect(within(historySection()).getAllByRole('link')).toHaveLength(40));
    const [first] = api.sentTo('GET /wallet/transactions');
    expect(first?.get('count')).toBe('40');
    expect(first?.has('cursor')).toBe(false);
    expect(first?.has('asset')).toBe(false);

    await waitFor(() => expect(viewport.observing()).toBe(1));
    act(() => viewport.reveal());
    await waitFor(() => expect(within(historySection()).getAllByRole('link')).toHaveLength(45));
    const second = api.sentTo('GET /wallet/transactions')[1];
    expect(second?.get('cursor')).toBe('40');
    // The last page has no cursor: nothing more is watched for.
    await waitFor(() => expect(viewport.observing()).toBe(0));
  });

  it('puts Today, Yesterday and the date above the items of each day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    const api = installWalletApi();
    installIntersectionObserver();
    api.transactions = [
      transaction({ date: '2026-11-22T10:30:00.000Z' }),
      transaction({ date: '2026-11-22T08:00:00.000Z' }),
      transaction({ date: '2026-11-21T20:00:00.000Z' }),
      transaction({ date: '2026-11-03T09:15:00.000Z' }),
    ];
    openHome();
    await waitFor(() => expect(within(historySection()).getAllByRole('link')).toHaveLength(4));
    const days = within(historySection())
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(days).toEqual(['Transactions', 'Today', 'Yesterday', '3 November 2026']);
  });

  it('says when the history cannot be loaded, and loads it again on request', async () => {
    const api = installWalletApi();
    installIntersectionObserver();
    api.transactions = [transaction()];
    api.failing['GET /wallet/transactions'] = { status: 503, body: { code: 'unavailable', message: 'Later' } };
    openHome();
    expect(await screen.findByText('Couldn’t load the transactions.')).toBeTruthy();
    delete api.failing['GET /wallet/transactions'];
    fireEvent.click(within(historySection()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(historySection()).getAllByRole('link')).toHaveLength(1));
  });
});
