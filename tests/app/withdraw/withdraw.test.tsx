/**
 * The withdraw pages against a fake wallet API (fakeWithdrawApi.ts): choosing the asset (those
 * with a balance first, with what is available) and the network (with its fee, skipped when there
 * is only one), then the whole flow over HTTP: the address check, the amount with "Max" and its
 * limits, the review, the passcode token bound to the idempotency key, the withdrawal, a retry
 * that sends the same key, and the status page. Also the ways to fill the address: the address
 * book, "Paste", and "Scan QR" in the mini app only.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../../src/app/platform/types.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { fakePlatform, fakeSession, renderApp, signedIn } from '../support.tsx';
import { installWithdrawApi, TRON_ADDRESS } from './fakeWithdrawApi.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

function open(path: string, platform?: Platform, settings: Partial<UserSettings> = {}) {
  if (signedIn.status !== 'signed-in') throw new Error('signedIn is signed in');
  const session = fakeSession({ status: 'signed-in', settings: { ...signedIn.settings, ...settings } });
  return renderApp({ path, session, ...(platform ? { platform } : {}) });
}

function textField(name: string): HTMLInputElement {
  const found = screen.getByRole('textbox', { name });
  if (!(found instanceof HTMLInputElement)) throw new Error(`${name} is not a text field`);
  return found;
}

/** The value of the cell titled `title` ("Network fee" → "1 USDT"). */
function cellValue(title: string): string | null {
  const cell = screen.getByText(title, { selector: '.ui-cell-title' }).closest('.ui-cell');
  return cell?.querySelector('.ui-cell-value')?.textContent ?? null;
}

async function typeAddressAndContinue(address: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Address' }), { target: { value: address } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

async function typePasscode(code: string) {
  const keypad = await screen.findByRole('group', { name: 'Keypad' });
  for (const digit of code) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
}

/** From the address to the passcode: the TRON address, 12.5 USDT, reviewed and confirmed. */
async function reachPasscode() {
  await typeAddressAndContinue(TRON_ADDRESS);
  fireEvent.change(await screen.findByRole('textbox', { name: 'Amount, USDT' }), { target: { value: '12.5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Check the withdrawal' });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByRole('heading', { level: 1, name: 'Confirm the withdrawal' });
}

describe('choosing what to withdraw', () => {
  it('lists the assets that can be withdrawn, those with a balance first, each with what is available', async () => {
    installWithdrawApi();
    open('/wallet/withdraw');
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw' })).toBeTruthy();
    const rows = await screen.findAllByRole('button', { name: /Tether|Toncoin|Bitcoin/ });
    expect(rows.map((row) => row.querySelector('.ui-cell-title')?.textContent)).toEqual(['Tether', 'Toncoin']);
    expect(rows[0]?.textContent).toContain('Available 100.5\u00a0USDT');
    expect(rows[1]?.textContent).toContain('Available 0\u00a0TON');
  });

  it('leads from the asset to its networks, each with its fee', async () => {
    installWithdrawApi();
    const { router } = open('/wallet/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: /Tether/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/withdraw/USDT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw USDT' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Tron/ }).textContent).toContain('Fee 1\u00a0USDT');
    expect(screen.getByRole('button', { name: /Ethereum/ }).textContent).toContain('Fee 5\u00a0USDT');
    fireEvent.click(screen.getByRole('button', { name: /Ethereum/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/withdraw/USDT/ETH'));
  });

  it('goes straight to the only network of an asset', async () => {
    installWithdrawApi();
    const { router } = open('/wallet/withdraw/TON');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/withdraw/TON/TON'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Send TON' })).toBeTruthy();
    // Back skips the one-network page it came through: the assets.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/withdraw'));
  });

  it('says so when the asset cannot be withdrawn on that network', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/BTC/BTC');
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawals unavailable' })).toBeTruthy();
    expect(screen.getByText('BTC can’t be withdrawn on this network right now.')).toBeTruthy();
  });

  it('shows the not-found page for a network the wallet does not know', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/USDT/DOGE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('asks for a passcode first when none is set', async () => {
    const api = installWithdrawApi();
    api.security = { ...api.security, passCode: false };
    open('/wallet/withdraw/USDT/TRX');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a passcode first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Security' }).getAttribute('href')).toBe('/account/security');
  });

  it('says withdrawals are paused, and until when, while outflows are held after a recovery or e-mail change', async () => {
    const api = installWithdrawApi();
    api.security = { ...api.security, outflowsHeldUntil: new Date(Date.now() + 3 * 60 * 60_000).toISOString() };
    open('/wallet/withdraw/USDT/TRX');
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawals are paused' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^For your safety, withdrawals are paused until \d+ \w{3} \d\d:\d\d after the change of your passcode or backup e-mail\.$/,
    );
    expect(screen.getByRole('link', { name: 'Go to Security' }).getAttribute('href')).toBe('/account/security');
    expect(screen.queryByRole('textbox', { name: 'Address' })).toBeNull();
    expect(api.sent.some((request) => request.route === 'POST /wallet/withdrawal')).toBe(false);
  });
});

describe('sending a withdrawal', () => {
  it('checks the address, takes the amount, confirms with the passcode bound to the key and opens the status page', async () => {
    const api = installWithdrawApi();
    const { router } = open('/wallet/withdraw/USDT/TRX');
    await typeAddressAndContinue(`  ${TRON_ADDRESS} `);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amount' })).toBeTruthy();
    expect(api.bodiesOf('POST /wallet/withdrawal/check-address')).toEqual([
      { asset: 'USDT', network: 'TRX', address: TRON_ADDRESS },
    ]);
    expect(cellValue('Available')).toBe('100.5\u00a0USDT');
    expect(cellValue('Network fee')).toBe('1\u00a0USDT');
    expect(cellValue('Minimum')).toBe('1\u00a0USDT');
    expect(cellValue('Maximum')).toBe('100\u00a0USDT');

    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(textField('Amount, USDT').value).toBe('99.5');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check the withdrawal' })).toBeTruthy();
    expect(cellValue('Amount')).toBe('99.5\u00a0USDT');
    expect(cellValue('Network fee')).toBe('1\u00a0USDT');
    expect(cellValue('Total')).toBe('100.5\u00a0USDT');
    expect(cellValue('Network')).toBe('Tron (TRC20)');
    expect(screen.getByText(TRON_ADDRESS)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await typePasscode('2580');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/transactions\/withdrawal\/w1$/));
    const [confirmation] = api.bodiesOf('POST /security/pass-code/token');
    expect(confirmation).toEqual({ code: '2580', transactionType: 'withdraw', hash: expect.stringMatching(UUID) });
    const hash = Reflect.get(Object(confirmation), 'hash');
    expect(api.bodiesOf('POST /wallet/withdrawal')).toEqual([
      {
        asset: 'USDT',
        network: 'TRX',
        address: TRON_ADDRESS,
        amount: '99500000',
        idempotency_key: hash,
        token: `token-for-${hash}`,
      },
    ]);
  });

  it('shows why an address is refused and checks again after a change', async () => {
    const api = installWithdrawApi();
    api.checks.set('TBlocked000000000000000000000000000', { result: 'blocked' });
    api.checks.set('TContract00000000000000000000000000', { result: 'invalid_smart_contract' });
    open('/wallet/withdraw/USDT/TRX');
    await typeAddressAndContinue('TBlocked000000000000000000000000000');
    expect((await screen.findByRole('alert')).textContent).toBe('This address is blocked');
    await typeAddressAndContinue('TContract00000000000000000000000000');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This smart contract cannot receive USDT'));
    api.failing['POST /wallet/withdrawal/check-address'] = [{ status: 500, body: { message: 'down' } }];
    await typeAddressAndContinue(TRON_ADDRESS);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Couldn’t check the address, try again'));
  });

  it('says what is wrong with the amount in words, and keeps "Continue" off until it is right', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/USDT/TRX');
    await typeAddressAndContinue(TRON_ADDRESS);
    const amount = await screen.findByRole('textbox', { name: 'Amount, USDT' });
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveProperty('disabled', true);
    fireEvent.change(amount, { target: { value: '0.5' } });
    expect(screen.getByRole('alert').textContent).toBe('Minimum amount is 1\u00a0USDT');
    fireEvent.change(amount, { target: { value: '150' } });
    expect(screen.getByRole('alert').textContent).toBe('Maximum amount is 100\u00a0USDT');
    fireEvent.change(amount, { target: { value: '100' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Not enough funds: you can send up to 99.5\u00a0USDT after the 1\u00a0USDT fee',
    );
    expect(continueButton).toHaveProperty('disabled', true);
    fireEvent.change(amount, { target: { value: '12,5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(continueButton).toHaveProperty('disabled', false);
  });

  it('shows what was typed as typed, and says in words what it will not guess at', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/USDT/TRX');
    await typeAddressAndContinue(TRON_ADDRESS);
    const amount = await screen.findByRole('textbox', { name: 'Amount, USDT' });
    const said: Array<[string, string]> = [
      ['1,000.5', 'Use one decimal mark and no thousands separators, like 1000.5'],
      ['1e3', 'Write the amount out in full, like 1000'],
      ['12a', 'Use only digits and one decimal mark, like 12.5'],
      ['-5', 'Use only digits and one decimal mark, like 12.5'],
      ['12,1234567', 'USDT allows at most 6 decimal places'],
    ];
    for (const [typed, message] of said) {
      fireEvent.change(amount, { target: { value: typed } });
      expect(textField('Amount, USDT').value).toBe(typed);
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    }
    fireEvent.change(amount, { target: { value: ' 1 2,5 ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check the withdrawal' })).toBeTruthy();
    expect(cellValue('Amount')).toBe('12.5\u00a0USDT');
    expect(cellValue('Total')).toBe('13.5\u00a0USDT');
  });

  it('shows no upper limit where the network has none', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/USDT/ETH');
    await typeAddressAndContinue('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Amount' })).toBeTruthy();
    expect(cellValue('Maximum')).toBe('No limit');
    expect(cellValue('Network fee')).toBe('5\u00a0USDT');
  });

  it('puts 0 for "Max" when the fee is more than the balance, and says what the minimum is', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/TON/TON');
    await typeAddressAndContinue('UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI');
    fireEvent.click(await screen.findByRole('button', { name: 'Max' }));
    expect(textField('Amount, TON').value).toBe('0');
    expect(screen.getByRole('alert').textContent).toBe('Minimum amount is 0.0005\u00a0TON');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  });

  it('sends the same key again when the person retries after a server error, and moves money once', async () => {
    const api = installWithdrawApi();
    api.failing['POST /wallet/withdrawal'] = [{ status: 502, body: { message: 'Bad gateway' } }];
    const { router } = open('/wallet/withdraw/USDT/TRX');
    await reachPasscode();
    await typePasscode('2580');
    expect(await screen.findByRole('heading', { level: 1, name: 'Couldn’t send the withdrawal' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/withdrawal/w1'));
    const [first, second] = api.bodiesOf('POST /wallet/withdrawal');
    expect(second).toEqual(first);
    expect(api.withdrawals.size).toBe(1);
  });

  it('opens the passcode step paused when the security answer says a lockout is running', async () => {
    const api = installWithdrawApi();
    api.security = { ...api.security, lockSeconds: 90 };
    open('/wallet/withdraw/USDT/TRX');
    await reachPasscode();
    expect(screen.getByText('Too many wrong attempts. Entry is paused, try again in')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('00:01:30');
    expect(api.sent.some((request) => request.route === 'POST /security/pass-code/token')).toBe(false);
  });

  it('asks for the passcode again when the token was refused, for the same key', async () => {
    const api = installWithdrawApi();
    api.failing['POST /wallet/withdrawal'] = [
      { status: 403, body: { code: 'invalid_token', message: 'Confirmation expired' } },
    ];
    const { router } = open('/wallet/withdraw/USDT/TRX');
    await reachPasscode();
    await typePasscode('2580');
    expect(await screen.findByText('The confirmation has expired. Enter your passcode again.')).toBeTruthy();
    await typePasscode('2580');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/withdrawal/w1'));
    const hashes = api.bodiesOf('POST /security/pass-code/token').map((body) => Reflect.get(Object(body), 'hash'));
    expect(hashes).toHaveLength(2);
    expect(hashes[1]).toBe(hashes[0]);
  });

  it('goes back to the amount with the server’s balance when funds ran short meanwhile', async () => {
    const api = installWithdrawApi();
    api.failing['POST /wallet/withdrawal'] = [
      {
        status: 422,
        body: { code: 'insufficient_funds', message: 'Not enough', data: { available: '10000000', fee: '1000000' } },
      },
    ];
    open('/wallet/withdraw/USDT/TRX');
    await reachPasscode();
    await typePasscode('2580');
    expect(await screen.findByRole('heading', { level: 1, name: 'Amount' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Not enough funds: you can send up to 9\u00a0USDT after the 1\u00a0USDT fee',
    );
  });

  it('says withdrawals are off when the server forbids them', async () => {
    const api = installWithdrawApi();
    api.failing['POST /wallet/withdrawal'] = [{ status: 403, body: { code: 'withdraw_forbidden', message: 'No' } }];
    open('/wallet/withdraw/USDT/TRX');
    await reachPasscode();
    await typePasscode('2580');
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawal not available' })).toBeTruthy();
    expect(
      screen.getByText('Withdrawals are turned off for your account. Contact support if you think this is a mistake.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('filling the address', () => {
  it('picks a saved address of the network from the address book', async () => {
    const api = installWithdrawApi();
    open('/wallet/withdraw/USDT/TRX');
    fireEvent.click(await screen.findByRole('button', { name: 'Address book' }));
    const sheet = await screen.findByRole('dialog', { name: 'Address book' });
    const savings = await within(sheet).findByRole('button', { name: /Savings/ });
    expect(within(sheet).queryByRole('button', { name: /Exchange/ })).toBeNull();
    expect(savings.textContent).toContain('TQn9Y2k…cbLSE');
    fireEvent.click(savings);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(textField('Address').value).toBe(TRON_ADDRESS);
    const listed = api.sent.find((request) => request.route === 'GET /wallet/address-book');
    expect(listed?.search.get('network')).toBe('TRX');
  });

  it('pastes from the clipboard where the browser allows it, and has no paste button otherwise', async () => {
    installWithdrawApi();
    const readText = vi.fn(() => Promise.resolve(TRON_ADDRESS));
    Object.defineProperty(navigator, 'clipboard', { value: { readText }, configurable: true });
    open('/wallet/withdraw/USDT/TRX');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Paste' }));
    });
    expect(textField('Address').value).toBe(TRON_ADDRESS);
  });

  it('has no paste button where the clipboard cannot be read', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/USDT/TRX');
    expect(await screen.findByRole('button', { name: 'Address book' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Paste' })).toBeNull();
  });

  it('scans a QR code in the mini app and keeps only the address of a payment link', async () => {
    installWithdrawApi();
    const scanQr = vi.fn((_prompt: string) => Promise.resolve<string | null>(`tron:${TRON_ADDRESS}?amount=5`));
    const platform = { ...fakePlatform('mini-app', '8.0'), scanQr };
    open('/wallet/withdraw/USDT/TRX', platform);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Scan QR' }));
    });
    expect(scanQr).toHaveBeenCalledWith('Scan the address QR code');
    expect(textField('Address').value).toBe(TRON_ADDRESS);
  });

  it('offers no QR scan on the web', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/USDT/TRX');
    expect(await screen.findByRole('button', { name: 'Address book' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scan QR' })).toBeNull();
  });
});

/** The search the router holds now, as strings. */
function searchOf(router: ReturnType<typeof open>['router']): Record<string, unknown> {
  return { ...router.state.location.search };
}

function historyIndex(router: ReturnType<typeof open>['router']): number {
  return router.history.location.state.__TSR_index;
}

/** The address checked, "12,5" typed, and on to the review. */
async function reachReview() {
  await typeAddressAndContinue(TRON_ADDRESS);
  fireEvent.change(await screen.findByRole('textbox', { name: 'Amount, USDT' }), { target: { value: '12,5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Check the withdrawal' });
}

describe('each step has its own URL', () => {
  it('writes the step and what was typed into the URL, one history entry per step', async () => {
    installWithdrawApi();
    const { router } = open('/wallet/withdraw/USDT/TRX');
    const start = historyIndex(router);
    await typeAddressAndContinue(TRON_ADDRESS);
    await screen.findByRole('heading', { level: 1, name: 'Amount' });
    await waitFor(() => expect(searchOf(router)).toEqual({ step: 'amount', address: TRON_ADDRESS }));
    expect(historyIndex(router)).toBe(start + 1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount, USDT' }), { target: { value: '12,5' } });
    await waitFor(() => expect(searchOf(router)).toEqual({ step: 'amount', address: TRON_ADDRESS, amount: '12,5' }));
    // Typing replaces the entry: no entry per keystroke.
    expect(historyIndex(router)).toBe(start + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Check the withdrawal' });
    await waitFor(() => expect(searchOf(router)).toEqual({ step: 'review', address: TRON_ADDRESS, amount: '12,5' }));
    expect(historyIndex(router)).toBe(start + 2);
  });

  it('goes back from the review to the amount with the browser’s back, the amount kept', async () => {
    installWithdrawApi();
    const { router } = open('/wallet/withdraw/USDT/TRX');
    await reachReview();
    await waitFor(() => expect(searchOf(router)).toMatchObject({ step: 'review' }));
    await act(async () => {
      router.history.back();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Amount' })).toBeTruthy();
    expect(textField('Amount, USDT').value).toBe('12,5');
    await act(async () => {
      router.history.back();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Send USDT' })).toBeTruthy();
    expect(textField('Address').value).toBe(TRON_ADDRESS);
  });

  it('goes back through the history with its own Back too, so the browser’s back does not repeat a step', async () => {
    installWithdrawApi();
    const { router } = open('/wallet/withdraw/USDT/TRX');
    const start = historyIndex(router);
    await reachReview();
    await waitFor(() => expect(historyIndex(router)).toBe(start + 2));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Amount' })).toBeTruthy();
    await waitFor(() => expect(historyIndex(router)).toBe(start + 1));
    expect(searchOf(router)).toEqual({ step: 'amount', address: TRON_ADDRESS, amount: '12,5' });
  });

  it('after the withdrawal, back from its status page returns to before the flow, never into it', async () => {
    installWithdrawApi();
    const { router } = open('/wallet/withdraw/USDT');
    fireEvent.click(await screen.findByRole('button', { name: /Tron/ }));
    await reachPasscode();
    await typePasscode('2580');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/withdrawal/w1'));
    await act(async () => {
      router.history.back();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/withdraw/USDT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw USDT' })).toBeTruthy();
  });

  it('after a reload on the review, shows the same review, the address checked again', async () => {
    const api = installWithdrawApi();
    open(`/wallet/withdraw/USDT/TRX?step=review&address=${TRON_ADDRESS}&amount=12%2C5`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check the withdrawal' })).toBeTruthy();
    expect(cellValue('Amount')).toBe('12.5\u00a0USDT');
    expect(cellValue('Total')).toBe('13.5\u00a0USDT');
    expect(screen.getByText(TRON_ADDRESS)).toBeTruthy();
    expect(api.bodiesOf('POST /wallet/withdrawal/check-address')).toEqual([
      { asset: 'USDT', network: 'TRX', address: TRON_ADDRESS },
    ]);
  });

  it('after a reload on the passcode, resumes at the review: the passcode is never kept', async () => {
    installWithdrawApi();
    const { router } = open(`/wallet/withdraw/USDT/TRX?step=confirm&address=${TRON_ADDRESS}&amount=%2299.5%22`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check the withdrawal' })).toBeTruthy();
    expect(cellValue('Amount')).toBe('99.5\u00a0USDT');
    expect(screen.queryByRole('group', { name: 'Keypad' })).toBeNull();
    await waitFor(() => expect(searchOf(router)).toEqual({ step: 'review', address: TRON_ADDRESS, amount: '99.5' }));
  });

  it('after a reload with an amount over the balance, stops at the amount and says why', async () => {
    installWithdrawApi();
    open(`/wallet/withdraw/USDT/TRX?step=review&address=${TRON_ADDRESS}&amount=%22100%22`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amount' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Not enough funds: you can send up to 99.5\u00a0USDT after the 1\u00a0USDT fee',
    );
  });

  it('ignores a step it does not know and starts at the address', async () => {
    installWithdrawApi();
    open('/wallet/withdraw/USDT/TRX?step=passcode-2580');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send USDT' })).toBeTruthy();
    expect(textField('Address').value).toBe('');
  });
});

describe('who may withdraw', () => {
  const clear = { lock: false, ban: false, ban_reason: null, pending_actions_from_user: false, soft_ban_until: null };

  it('tells a person whose money is locked so before asking for an address or a passcode', async () => {
    const api = installWithdrawApi();
    open('/wallet/withdraw/USDT/TRX', undefined, { compliance: { ...clear, lock: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your money is locked' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Withdrawals aren’t available while your money is locked. Contact support to find out why.',
    );
    expect(screen.queryByRole('textbox', { name: 'Address' })).toBeNull();
    expect(api.sent.filter((request) => request.route.startsWith('POST'))).toEqual([]);
  });

  it('tells a banned person the account is blocked, from the first withdraw page', async () => {
    installWithdrawApi();
    open('/wallet/withdraw', undefined, { compliance: { ...clear, ban: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is blocked' })).toBeTruthy();
    expect(screen.getByText('Withdrawals aren’t available on a blocked account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Tether/ })).toBeNull();
  });

  it('says withdrawals are off when the person’s can_withdraw is false', async () => {
    installWithdrawApi();
    const { router } = open('/wallet/withdraw/USDT', undefined, { permissions: { can_withdraw: false } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawal not available' })).toBeTruthy();
    expect(
      screen.getByText('Withdrawals are turned off for your account. Contact support if you think this is a mistake.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
