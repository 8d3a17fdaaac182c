/**
 * Issue 9, items 7 and 8: messages say what happened, and blocked people learn it first. The
 * whole app is rendered at the route with a fake server behind `fetch`; every expectation is the
 * literal text or address a person sees.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityInfo } from '../../../src/contract/security.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { type Answer, baseSettings, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakeSession, renderApp } from '../support.tsx';

const passcodeOn: SecurityInfo = {
  passCode: true,
  passCodePending: false,
  email: 'anna@example.com',
  isEmailConfirmed: true,
  biometric: false,
  lockSeconds: null,
  attemptsExhausted: false,
};

function refused(status: number, code: string, data: unknown): Answer {
  return { status, body: { code, message: 'refused', data } };
}

/** The fake server: settings, the security info, the auth config, then the test's own routes. */
function serve(routes: (request: FakeRequest) => Answer | undefined, settings: UserSettings = baseSettings) {
  const sent: FakeRequest[] = [];
  stubFetch((request) => {
    sent.push(request);
    const own = routes(request);
    if (own) return own;
    if (request.route === 'GET /user/settings') return ok(settings);
    if (request.route === 'GET /security') return ok(passcodeOn);
    if (request.route === 'GET /authentication/config') {
      return ok({
        bot_id: 7000000001,
        bot_username: 'kopilka_bot',
        login_url: '/local/telegram-login',
        local_mode: false,
      });
    }
    return undefined;
  });
  return sent;
}

function signedInAs(settings: UserSettings) {
  return fakeSession({ status: 'signed-in', settings });
}

async function typePasscode(digits: string) {
  const keypad = await screen.findByRole('group', { name: 'Keypad' });
  for (const digit of digits) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a wrong passcode, a lockout and too many attempts say what happened', () => {
  it('a wrong passcode says how many attempts are left, in words', async () => {
    serve((request) =>
      request.route === 'POST /security/pass-code/token'
        ? refused(403, 'wrong_pass_code', { attemptsLeft: 3 })
        : undefined,
    );
    renderApp({ path: '/passcode/order42hash', session: signedInAs(baseSettings) });
    await typePasscode('1234');

    expect(await screen.findByText('Wrong passcode. 3 attempts left.')).toBeTruthy();
  });

  it('the last attempt is said in the singular', async () => {
    serve((request) =>
      request.route === 'POST /security/pass-code/token'
        ? refused(403, 'wrong_pass_code', { attemptsLeft: 1 })
        : undefined,
    );
    renderApp({ path: '/passcode/order42hash', session: signedInAs(baseSettings) });
    await typePasscode('1234');

    expect(await screen.findByText('Wrong passcode. 1 attempt left.')).toBeTruthy();
  });

  it('during a lockout the countdown shows and "Forgot passcode?" stays reachable', async () => {
    serve((request) =>
      request.route === 'POST /security/pass-code/token'
        ? refused(429, 'too_many_attempts', { seconds: 600 })
        : undefined,
    );
    renderApp({ path: '/passcode/order42hash', session: signedInAs(baseSettings) });
    await typePasscode('1234');

    expect(await screen.findByText('00:10:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot passcode?' }).getAttribute('href')).toBe(
      '/account/security/passcode/change',
    );
  });

  it('too many attempts: "Contact support" leads to the help page and "Forgot passcode?" stays', async () => {
    serve((request) =>
      request.route === 'POST /security/pass-code/token' ? refused(429, 'too_many_attempts', {}) : undefined,
    );
    renderApp({ path: '/passcode/order42hash', session: signedInAs(baseSettings) });
    await typePasscode('1234');

    expect(await screen.findByText('Too many attempts. Contact support.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('link', { name: 'Forgot passcode?' }).getAttribute('href')).toBe(
      '/account/security/passcode/change',
    );
  });
});

describe('changing the passcode within a minute of the last e-mail code', () => {
  it('says a code was sent moments ago and counts the server’s seconds down, then sends by itself', async () => {
    let asked = 0;
    const sent = serve((request) => {
      if (request.route !== 'POST /security/email-code') return undefined;
      asked += 1;
      return asked === 1 ? refused(429, 'resend_too_soon', { seconds: 2 }) : ok({ id: 'code-2' });
    });
    renderApp({ path: '/account/security/passcode/change', session: signedInAs(baseSettings) });

    expect(
      await screen.findByText('A code was e-mailed to you less than a minute ago. We’ll send a new one in 0:02.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Check your connection/)).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Enter the code from the e-mail' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(sent.filter((request) => request.route === 'POST /security/email-code')).toHaveLength(2);
  });
});

describe('blocked people learn it on home first', () => {
  const locked: UserSettings = {
    ...baseSettings,
    compliance: { ...baseSettings.compliance, lock: true },
  };
  const banned: UserSettings = {
    ...baseSettings,
    compliance: { ...baseSettings.compliance, ban: true },
  };

  function serveHome(settings: UserSettings) {
    serve((request) => {
      if (request.route === 'GET /wallet/balance') return ok({ balances: [], total: { amount: '0', currency: 'USD' } });
      if (request.route === 'GET /wallet/transactions') return ok({ items: [], next: null });
      return undefined;
    }, settings);
  }

  it('a locked person sees the lock on home with "Contact support" leading to the help page', async () => {
    serveHome(locked);
    renderApp({ path: '/', session: signedInAs(locked) });

    expect(await screen.findByRole('heading', { name: 'Your money is locked' })).toBeTruthy();
    expect(screen.getByText('Deposits and withdrawals are paused until support lifts the lock.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/help');
  });

  it('a banned person is told the account is blocked', async () => {
    serveHome(banned);
    renderApp({ path: '/', session: signedInAs(banned) });

    expect(await screen.findByRole('heading', { name: 'Your account is blocked' })).toBeTruthy();
    expect(screen.getByText('Deposits and withdrawals aren’t available on this account.')).toBeTruthy();
  });

  it('nobody else sees a banner', async () => {
    serveHome(baseSettings);
    renderApp({ path: '/', session: signedInAs(baseSettings) });

    expect(await screen.findByRole('link', { name: 'Account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your money is locked' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your account is blocked' })).toBeNull();
  });
});

describe('the help page', () => {
  it('leads to the support chat with the bot', async () => {
    serve(() => undefined);
    renderApp({ path: '/help', session: signedInAs(baseSettings) });

    expect(await screen.findByRole('heading', { name: 'Help' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Write to support' })).getAttribute('href')).toBe(
      'https://t.me/kopilka_bot',
    );
  });
});
