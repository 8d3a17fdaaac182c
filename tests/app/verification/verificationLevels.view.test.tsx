/**
 * `/account/verification` (the levels and what is verified), the way there from the account, a
 * level named in the URL (the deep link `verification-{flow}` lands there; an unknown one is not
 * found), and the withdraw screen under `show_withdraw_basic_verification`: it asks for the
 * `withdraw` level before anything else and leads to it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveStartParam } from '../../../machines/deepLink/resolveStartParam.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import type { VerificationOverview } from '../../../src/contract/verification.ts';
import { baseSettings, json, ok, readFakeRequest, stubFetch } from '../support/fakeApi.ts';
import { fakeSession, renderApp } from '../support.tsx';
import { installWithdrawApi } from '../withdraw/fakeWithdrawApi.ts';

const OVERVIEW: VerificationOverview = {
  levels: [
    { level: 'basic', status: 'completed' },
    { level: 'withdraw', status: 'completed' },
    { level: 'p2c-client', status: 'action_required' },
    { level: 'p2p-merchant', status: 'action_required' },
    { level: 'p2c-merchant', status: 'blocked' },
    { level: 'full', status: 'action_required' },
  ],
  passport: { completed: true },
  address: { completed: false },
  phone: '+7 *** *** 12 34',
};

/** The withdraw pages load the catalogue, the balance and the security info first: give them time on a busy machine. */
const SLOW = { timeout: 5000 };

function open(path: string, settings: UserSettings = baseSettings) {
  return renderApp({ path, session: fakeSession({ status: 'signed-in', settings }) });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function rowsOf(header: string): string[] {
  const section = screen.getByRole('heading', { level: 2, name: header }).closest('section');
  if (section === null) throw new Error(`no section ${header}`);
  return [...section.querySelectorAll('.ui-cell')].map((cell) => cell.textContent ?? '');
}

describe('the verification page', () => {
  it('shows what is verified and every level with its status', async () => {
    stubFetch((request) => {
      if (request.route === 'GET /user/settings') return ok(baseSettings);
      if (request.route === 'GET /verification') return ok(OVERVIEW);
      return undefined;
    });
    open('/account/verification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Levels' });
    expect(rowsOf('Status')).toEqual(['Phone+7 *** *** 12 34Verified', 'PassportVerified', 'AddressNot verified']);
    expect(rowsOf('Levels')).toEqual([
      'BasicPhone number and personal dataVerified',
      'WithdrawalsNeeded to withdraw cryptoVerified',
      'P2C paymentsPay merchants in fiat: adds your passportNot verified',
      'P2P merchantTrade as a P2P merchant: adds proof of addressNot verified',
      'P2C merchantAccept P2C payments: adds a selfie checkBlocked',
      'Full verificationEvery stepNot verified',
    ]);
    expect(screen.getByRole('link', { name: /^P2P merchant/ }).getAttribute('href')).toBe(
      '/account/verification/p2p-merchant',
    );
  });

  it('leads on to the documents and to what compliance asks', async () => {
    stubFetch((request) => {
      if (request.route === 'GET /user/settings') return ok(baseSettings);
      if (request.route === 'GET /verification') return ok(OVERVIEW);
      return undefined;
    });
    open('/account/verification');
    await screen.findByRole('heading', { level: 2, name: 'Compliance' });
    expect(rowsOf('Compliance')).toEqual([
      'DocumentsWhat you have sent and what is asked for',
      'Compliance requestsWhat our compliance team needs from you',
    ]);
    expect(screen.getByRole('link', { name: /^Documents/ }).getAttribute('href')).toBe(
      '/account/verification/documents',
    );
    expect(screen.getByRole('link', { name: /^Compliance requests/ }).getAttribute('href')).toBe('/compliance');
  });

  it('says so when it cannot load, and tries again', async () => {
    let fail = true;
    stubFetch((request) => {
      if (request.route === 'GET /user/settings') return ok(baseSettings);
      if (request.route === 'GET /verification') {
        return fail ? { status: 500, body: { code: 'internal_error', message: 'down' } } : ok(OVERVIEW);
      }
      return undefined;
    });
    open('/account/verification');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Couldn’t load your verification.Try again');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Levels' })).toBeTruthy();
  });

  it('is where Account → Verification leads (no longer a 404)', async () => {
    stubFetch((request) => {
      if (request.route === 'GET /user/settings') return ok(baseSettings);
      if (request.route === 'GET /verification') return ok(OVERVIEW);
      return undefined;
    });
    const { router } = open('/account');
    fireEvent.click(await screen.findByRole('link', { name: 'Verification' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/verification'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification' })).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });
});

describe('a level named in the URL', () => {
  it('the deep link verification-p2p-merchant opens that level’s flow', async () => {
    const route = resolveStartParam('verification-p2p-merchant');
    expect(route.path).toBe('/account/verification/p2p-merchant');
    stubFetch((request) => {
      if (request.route === 'GET /user/settings') return ok(baseSettings);
      if (request.route === 'GET /verification-flow/p2p-merchant') {
        return ok({
          section: 'p2p-merchant',
          status: 'action_required',
          steps: ['PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC', 'SUMSUB_ADDRESS'].map((type) => ({
            type,
            status: 'not_started',
            result: null,
            reason: null,
            updated_at: null,
          })),
        });
      }
      return undefined;
    });
    open(route.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'P2P merchant' })).toBeTruthy();
    expect(await screen.findByText('Proof of address')).toBeTruthy();
  });

  it('a reload on a level’s files step lands on that step again once the level has loaded', async () => {
    stubFetch((request) => {
      if (request.route === 'GET /user/settings') return ok(baseSettings);
      if (request.route === 'GET /verification-flow/p2c-client') {
        return ok({
          section: 'p2c-client',
          status: 'action_required',
          steps: [
            { type: 'PHONE_NUMBER', status: 'completed', result: 'OK', reason: null, updated_at: null },
            { type: 'BASIC', status: 'completed', result: 'OK', reason: null, updated_at: null },
            { type: 'SUMSUB_BASIC', status: 'not_started', result: null, reason: null, updated_at: null },
          ],
        });
      }
      return undefined;
    });
    const { router } = open('/account/verification/p2c-client?step=documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Passport' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ step: 'documents' }));
  });

  it('a reload on the files step of a level whose step is in review shows the level instead', async () => {
    stubFetch((request) => {
      if (request.route === 'GET /user/settings') return ok(baseSettings);
      if (request.route === 'GET /verification-flow/p2c-client') {
        return ok({
          section: 'p2c-client',
          status: 'action_required',
          steps: [
            { type: 'PHONE_NUMBER', status: 'completed', result: 'OK', reason: null, updated_at: null },
            { type: 'BASIC', status: 'completed', result: 'OK', reason: null, updated_at: null },
            { type: 'SUMSUB_BASIC', status: 'in_progress', result: 'PENDING', reason: null, updated_at: null },
          ],
        });
      }
      return undefined;
    });
    const { router } = open('/account/verification/p2c-client?step=documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'P2C payments' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('an unknown level is not found', async () => {
    stubFetch((request) => (request.route === 'GET /user/settings' ? ok(baseSettings) : undefined));
    open('/account/verification/gold');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});

describe('withdrawals under show_withdraw_basic_verification', () => {
  /** The withdraw pages' fake server, with `GET /verification` answering `withdraw`'s status. */
  function serveWithdraw(withdraw: 'completed' | 'action_required') {
    installWithdrawApi();
    const wallet = globalThis.fetch;
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
      const request = await readFakeRequest(input, init);
      seen.push(request.route);
      if (request.route === 'GET /verification') {
        return json(
          ok({
            ...OVERVIEW,
            levels: OVERVIEW.levels.map((item) => (item.level === 'withdraw' ? { ...item, status: withdraw } : item)),
          }),
        );
      }
      return wallet(input, init);
    });
    return seen;
  }

  const flagged: UserSettings = { ...baseSettings, feature_flags: { show_withdraw_basic_verification: true } };

  it('asks for the withdraw level first and leads to it', async () => {
    serveWithdraw('action_required');
    const { router, platform } = open('/wallet/withdraw/USDT/TRX', flagged);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify to withdraw' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Address' })).toBeNull();
    expect(platform.screenActions.snapshot().main?.label).toBe('Verify now');
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/verification/withdraw'), SLOW);
  });

  it('lets a verified person withdraw', async () => {
    serveWithdraw('completed');
    open('/wallet/withdraw/USDT/TRX', flagged);
    expect(await screen.findByRole('textbox', { name: 'Address' }, SLOW)).toBeTruthy();
  });

  it('does not ask at all while the flag is off', async () => {
    const seen = serveWithdraw('action_required');
    open('/wallet/withdraw/USDT/TRX');
    expect(await screen.findByRole('textbox', { name: 'Address' }, SLOW)).toBeTruthy();
    expect(seen).not.toContain('GET /verification');
  });
});
