/**
 * The deposit pages against a fake wallet API (fakeDepositApi.ts): choosing the asset and the
 * network, the main address with its QR code, copy feedback that resets after 2 s, the warning
 * and the minimum, the other addresses, naming a new one and renaming (spec 000 s.2, s.5, s.9).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../../src/app/lib/session.ts';
import { baseSettings } from '../support/fakeApi.ts';
import { fakeSession, renderApp, signedIn } from '../support.tsx';
import { type FakeDepositApi, installDepositApi } from './fakeDepositApi.ts';

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

beforeEach(() => {
  writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(navigator, 'share');
});

function open(path: string) {
  return renderApp({ path, session: fakeSession(signedIn) });
}

function sentRoutes(api: FakeDepositApi): string[] {
  return api.sent.map((request) => request.route);
}

describe('who sees the deposit pages', () => {
  it('shows the sign-in prompt to a signed-out visitor', async () => {
    installDepositApi();
    renderApp({ path: '/wallet/deposit/USDT/TRX', session: fakeSession({ status: 'signed-out' }) });
    expect(await screen.findByRole('button', { name: 'Sign in with Telegram' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Deposit USDT' })).toBeNull();
  });

  it('shows a blocked user the blocked screen, and never asks for an address', async () => {
    const api = installDepositApi();
    const locked: SessionState = {
      status: 'signed-in',
      settings: { ...baseSettings, compliance: { ...baseSettings.compliance, lock: true } },
    };
    renderApp({ path: '/wallet/deposit/USDT/TRX', session: fakeSession(locked) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your money is locked' })).toBeTruthy();
    expect(sentRoutes(api)).not.toContain('GET /wallet/address/TRX');
  });
});

describe('choosing what to deposit', () => {
  it('lists the enabled crypto assets that have a network taking deposits', async () => {
    installDepositApi();
    open('/wallet/deposit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit' })).toBeTruthy();
    const names = (await screen.findAllByRole('button', { name: /Tether|Toncoin|Ethereum|Bitcoin|Litecoin/ })).map(
      (button) => button.querySelector('.ui-cell-title')?.textContent,
    );
    expect(names).toEqual(['Tether', 'Toncoin', 'Ethereum']);
  });

  it('leads from the asset to its networks, each with its minimum deposit', async () => {
    installDepositApi();
    const { router } = open('/wallet/deposit');
    fireEvent.click(await screen.findByRole('button', { name: /Tether/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit/USDT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit USDT' })).toBeTruthy();
    const tron = screen.getByRole('button', { name: /Tron/ });
    expect(tron.textContent).toContain('TRC20');
    expect(tron.textContent).toContain('Minimum 1\u00a0USDT');
    expect(screen.getByRole('button', { name: /Ethereum/ }).textContent).toContain('Minimum 10\u00a0USDT');
    fireEvent.click(tron);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit/USDT/TRX'));
    // Back returns to the networks it came from.
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit/USDT'));
  });

  it('goes straight to the only network of an asset', async () => {
    installDepositApi();
    const { router } = open('/wallet/deposit/TON');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit/TON/TON'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit TON' })).toBeTruthy();
    // "Back" skips the network page, which would only forward here again.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit'));
  });

  it('says so when the asset cannot be deposited on that network', async () => {
    installDepositApi();
    open('/wallet/deposit/BTC/BTC');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits unavailable' })).toBeTruthy();
    expect(screen.getByText('BTC can’t be deposited on this network right now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another asset' }).getAttribute('href')).toBe('/wallet/deposit');
  });

  it('shows the not-found page for a network the wallet does not know', async () => {
    installDepositApi();
    open('/wallet/deposit/USDT/DOGE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('the deposit address', () => {
  it('shows the main address as a QR code and in full, with the warning and the minimum', async () => {
    const api = installDepositApi();
    open('/wallet/deposit/USDT/TRX');
    const address = await screen.findByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    expect(address.className).toBe('deposit-address');
    const qr = screen.getByRole('img', { name: 'QR code of your USDT address' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    expect(Number(qr.getAttribute('data-modules'))).toBeGreaterThanOrEqual(25);
    expect(
      screen.getByText('Send only USDT on Tron (TRC20) to this address. Other assets or networks will be lost.'),
    ).toBeTruthy();
    const minimum = screen.getByText(/Minimum deposit:/);
    expect(minimum.textContent).toBe('Minimum deposit: 1\u00a0USDT. Smaller deposits are not credited.');
    expect(sentRoutes(api)).toContain('GET /wallet/address/TRX');
  });

  it('says the network is a test network where only test coins arrive', async () => {
    installDepositApi();
    open('/wallet/deposit/USDT/TRX');
    await screen.findByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    const notes = screen.getAllByRole('note').map((note) => note.textContent);
    expect(notes).toContain('Test network Only test USDT arrives here. Coins sent from a real network are lost.');
  });

  it('says nothing about a minimum when the network has none', async () => {
    installDepositApi();
    open('/wallet/deposit/ETH/ETH');
    await screen.findByText('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(screen.getByText(/Send only ETH on Ethereum \(ERC20\)/)).toBeTruthy();
    expect(screen.queryByText(/Minimum deposit/)).toBeNull();
  });

  it('copies the address and says "Copied" for 2 s', async () => {
    installDepositApi();
    open('/wallet/deposit/USDT/TRX');
    const copy = await screen.findByRole('button', { name: 'Copy address' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
  });

  it('copies through the legacy command where the Clipboard API refuses', async () => {
    writeText.mockRejectedValue(new Error('Not allowed'));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    installDepositApi();
    open('/wallet/deposit/USDT/TRX');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('offers Share only where the Web Share API exists', async () => {
    installDepositApi();
    const first = open('/wallet/deposit/USDT/TRX');
    await screen.findByRole('button', { name: 'Copy address' });
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    first.unmount();

    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    open('/wallet/deposit/USDT/TRX');
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ text: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
  });

  it('says what went wrong when the address cannot be had, and tries again', async () => {
    const api = installDepositApi();
    api.failing['GET /wallet/address/TRX'] = {
      status: 403,
      body: { code: 'deposit_forbidden', message: 'Deposits are off' },
    };
    open('/wallet/deposit/USDT/TRX');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Deposits are not available for your account right now',
    );
    delete api.failing['GET /wallet/address/TRX'];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeTruthy();
  });
});

describe('the other addresses', () => {
  it('lists the network’s addresses by name, the unnamed main one as "Main address", shortened', async () => {
    const api = installDepositApi();
    const { router } = open('/wallet/deposit/USDT/TRX');
    fireEvent.click(await screen.findByRole('link', { name: 'Other addresses' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit/USDT/TRX/addresses'));
    const main = await screen.findByRole('link', { name: /Main address/ });
    expect(main.textContent).toContain('TQn9Y2k…cbLSE');
    const id = api.addresses.get('TRX')?.[0]?.id;
    expect(main.getAttribute('href')).toBe(`/wallet/deposit/USDT/TRX/addresses/${id}`);
    fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit/USDT/TRX/new'));
  });

  it('shows one address with its QR code and the way to rename it', async () => {
    const api = installDepositApi();
    open('/wallet/deposit/USDT/TRX/addresses');
    fireEvent.click(await screen.findByRole('link', { name: /Main address/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Main address' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of your USDT address' })).toBeTruthy();
    const id = api.addresses.get('TRX')?.[0]?.id;
    expect(screen.getByRole('link', { name: 'Rename' }).getAttribute('href')).toBe(
      `/wallet/deposit/USDT/TRX/addresses/${id}/edit`,
    );
  });

  it('says "Address not found" for an address that is not the user’s', async () => {
    installDepositApi();
    open('/wallet/deposit/USDT/TRX/addresses/nope');
    expect((await screen.findByRole('alert')).textContent).toContain('Address not found');
  });
});

describe('naming addresses', () => {
  async function openNewAddress() {
    const api = installDepositApi();
    const rendered = open('/wallet/deposit/USDT/TRX/new');
    const field = await screen.findByRole('textbox', { name: 'Name' });
    return { api, field, ...rendered };
  }

  it('refuses a name of 30 characters with the spec’s message and sends nothing', async () => {
    const { api, field } = await openNewAddress();
    fireEvent.change(field, { target: { value: 'a'.repeat(30) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create address' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name must be less than 30 characters');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sentRoutes(api)).not.toContain('POST /wallet/address/TRX');
  });

  it('creates an address named with 29 characters and opens it', async () => {
    const { api, field, router } = await openNewAddress();
    const name = `savings-${'x'.repeat(21)}`;
    expect(name).toHaveLength(29);
    fireEvent.change(field, { target: { value: `  ${name} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Create address' }));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(api.sent.find((request) => request.route === 'POST /wallet/address/TRX')?.body).toEqual({ name });
    const created = api.addresses.get('TRX')?.find((item) => item.name === name);
    expect(router.state.location.pathname).toBe(`/wallet/deposit/USDT/TRX/addresses/${created?.id}`);
  });

  it('explains an empty name and a name with characters outside the rule', async () => {
    const { field } = await openNewAddress();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create address' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a name');
    fireEvent.change(field, { target: { value: 'my wallet!' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Use only letters, digits, hyphens and underscores; .ton, .gram or .t.me may end the name',
    );
    fireEvent.change(field, { target: { value: 'alice.ton' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal under the field', async () => {
    const { api, field } = await openNewAddress();
    api.failing['POST /wallet/address/TRX'] = {
      status: 409,
      body: { code: 'address_limit_reached', message: 'Too many addresses' },
    };
    fireEvent.change(field, { target: { value: 'spare' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create address' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can have up to 20 addresses on a network');
  });

  it('lets the person choose which asset of the network the new address is shown for', async () => {
    installDepositApi();
    const { router } = open('/wallet/deposit/USDT/ETH/new');
    const shownFor = await screen.findByRole('link', { name: /Tether/ });
    fireEvent.click(shownFor);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit/USDT/ETH/new/asset'));
    const choices = await screen.findAllByRole('button', { name: /Tether|Ethereum/ });
    expect(choices.map((choice) => choice.querySelector('.ui-cell-title')?.textContent)).toEqual([
      'Tether',
      'Ethereum',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Ethereum/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit/ETH/ETH/new'));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeTruthy();
  });

  it('shows the asset without a choice on a network that carries only one', async () => {
    installDepositApi();
    open('/wallet/deposit/USDT/TRX/new');
    await screen.findByRole('textbox', { name: 'Name' });
    const section = screen.getByRole('heading', { name: 'Shown for' }).closest('section');
    expect(section && within(section).queryByRole('link')).toBeNull();
  });

  it('renames an address and returns to it', async () => {
    const api = installDepositApi();
    const { router } = open('/wallet/deposit/USDT/TRX/addresses');
    fireEvent.click(await screen.findByRole('link', { name: /Main address/ }));
    fireEvent.click(await screen.findByRole('link', { name: 'Rename' }));
    const id = api.addresses.get('TRX')?.[0]?.id ?? '';
    const field = await screen.findByRole('textbox', { name: 'Name' });
    expect(field).toHaveProperty('value', '');
    fireEvent.change(field, { target: { value: 'main-tron' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'main-tron' })).toBeTruthy();
    expect(api.sent.find((request) => request.route.startsWith('PATCH'))).toEqual({
      route: `PATCH /wallet/address/TRX/${id}/name`,
      body: { name: 'main-tron' },
    });
    expect(router.state.location.pathname).toBe(`/wallet/deposit/USDT/TRX/addresses/${id}`);
  });
});
