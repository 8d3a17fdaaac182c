/**
 * /account/security and /account/security/email against a fake security API behind a stubbed
 * `fetch`: the passcode's three statuses and where its actions lead, the backup e-mail (shown,
 * added, confirmed with the 6-digit code), the error texts of spec 001 s.8 in English and
 * Russian, and biometrics (only inside the mini app with biometrics available; off = DELETE).
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../../src/app/api/errors.ts';
import { callErrorMessage, machineErrorMessage } from '../../../src/app/lib/securityMessages.ts';
import type { Biometry } from '../../../src/app/platform/types.ts';
import type { SecurityInfo, SessionItem } from '../../../src/contract/security.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { flush } from '../../machines/support/model.ts';
import { baseSettings } from '../support/fakeApi.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

interface Answer {
  status: number;
  body: unknown;
}

interface FakeSecurityApi {
  info: SecurityInfo;
  sessions: SessionItem[];
  settings: UserSettings;
  /** Answers by route ("POST /user/verify-email") instead of the normal one. */
  failing: Record<string, Answer>;
  sent: Array<{ route: string; body: unknown; search: string }>;
}

function json({ status, body }: Answer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const off: SecurityInfo = {
  passCode: false,
  passCodePending: false,
  email: null,
  isEmailConfirmed: false,
  biometric: false,
  lockSeconds: null,
  attemptsExhausted: false,
};

function installSecurityApi(info: Partial<SecurityInfo> = {}, settings: Partial<UserSettings> = {}): FakeSecurityApi {
  const api: FakeSecurityApi = {
    info: { ...off, ...info },
    sessions: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        platform: 'web',
        device: 'Chrome on Windows',
        createdAt: '2026-11-20T08:00:00.000Z',
        lastSeenAt: '2026-11-23T09:30:00.000Z',
        current: true,
      },
      {
        id: '22222222-2222-4222-8222-222222222222',
        platform: 'mini_app',
        device: 'Telegram iOS',
        createdAt: '2026-11-18T07:00:00.000Z',
        lastSeenAt: '2026-11-22T18:15:00.000Z',
        current: false,
      },
      {
        id: '33333333-3333-4333-8333-333333333333',
        platform: null,
        device: null,
        createdAt: '2026-11-01T10:00:00.000Z',
        lastSeenAt: '2026-11-02T10:00:00.000Z',
        current: false,
      },
    ],
    settings: { ...baseSettings, ...settings },
    failing: {},
    sent: [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const route = `${request.method} ${url.pathname.replace(/^\/api\/v1/, '')}`;
      const text = await request.clone().text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      api.sent.push({ route, body, search: url.search });
      const failure = api.failing[route];
      if (failure) return json(failure);
      switch (route) {
        case 'GET /user/settings':
          return json({ status: 200, body: api.settings });
        case 'GET /security':
          return json({ status: 200, body: api.info });
        case 'GET /authentication/config':
          return json({
            status: 200,
            body: { bot_id: 1, bot_username: 'kopilka_bot', login_url: '/x', local_mode: true },
          });
        case 'POST /user/verify-email':
          return json({ status: 200, body: { id: 'code-7' } });
        case 'POST /security/pass-code/token':
          return json({ status: 200, body: { token: 'pass-token-change-email' } });
        case 'POST /security/email-code':
          return json({ status: 200, body: { id: 'old-code-3' } });
        case 'POST /security/email-code/token':
          return json({ status: 200, body: { token: 'mail-token-change-email' } });
        case 'POST /user/confirm-email':
          api.info = { ...api.info, email: 'ada@example.com', isEmailConfirmed: true };
          return json({ status: 200, body: { result: true } });
        case 'POST /security/pass-code':
          api.info = { ...api.info, passCodePending: true };
          return json({ status: 200, body: { result: true } });
        case 'GET /security/sessions':
          return json({ status: 200, body: { sessions: api.sessions } });
        case 'DELETE /security/sessions':
          api.sessions = api.sessions.filter((session) => session.current);
          return json({ status: 200, body: { result: true } });
        case 'DELETE /security/biometric':
          api.info = { ...api.info, biometric: false };
          return json({ status: 200, body: { result: true } });
        default: {
          const ended = /^DELETE \/security\/sessions\/(.+)$/.exec(route)?.[1];
          if (ended !== undefined && api.sessions.some((session) => session.id === ended && !session.current)) {
            api.sessions = api.sessions.filter((session) => session.id !== ended);
            return json({ status: 200, body: { result: true } });
          }
          return json({ status: 404, body: { code: 'not_found', message: `No fake for ${route}` } });
        }
      }
    }),
  );
  return api;
}

function sessionOf(api: FakeSecurityApi) {
  return fakeSession({ status: 'signed-in', settings: api.settings });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

function linkNamed(name: string): HTMLAnchorElement {
  const link = screen.getByRole('link', { name });
  if (!(link instanceof HTMLAnchorElement)) throw new Error(`${name} is not a link`);
  return link;
}

describe('the security page', () => {
  it('shows a passcode that is not set, with the way to set one, and no e-mail yet', async () => {
    const api = installSecurityApi();
    renderApp({ path: '/account/security', session: sessionOf(api) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
    expect(await screen.findByText('Not set')).toBeTruthy();
    expect(linkNamed('Set passcode').getAttribute('href')).toBe('/account/security/passcode/new');
    expect(screen.queryByRole('link', { name: 'Change passcode' })).toBeNull();
    expect(screen.getByText('No e-mail yet')).toBeTruthy();
    expect(linkNamed('Add e-mail').getAttribute('href')).toBe('/account/security/email');
    // The web has no biometrics.
    expect(screen.queryByText('Biometrics')).toBeNull();
    const query = api.sent.find((sent) => sent.route === 'GET /security');
    expect(query?.search).toMatch(/^\?deviceId=.+/);
  });

  it('shows a passcode waiting for the bot, and an unconfirmed e-mail', async () => {
    const api = installSecurityApi({ passCodePending: true, email: 'ada@example.com' });
    renderApp({ path: '/account/security', session: sessionOf(api) });
    expect(await screen.findByText('Waiting for confirmation in the bot')).toBeTruthy();
    expect(linkNamed('Set the passcode again').getAttribute('href')).toBe('/account/security/passcode/new');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Not confirmed')).toBeTruthy();
    expect(linkNamed('Change e-mail').getAttribute('href')).toBe('/account/security/email');
  });

  it('shows a passcode that is on, with Change and Forgot leading to the change flow', async () => {
    const api = installSecurityApi({ passCode: true, email: 'ada@example.com', isEmailConfirmed: true });
    renderApp({ path: '/account/security', session: sessionOf(api) });
    expect(await screen.findByText('On')).toBeTruthy();
    expect(linkNamed('Change passcode').getAttribute('href')).toBe('/account/security/passcode/change');
    expect(linkNamed('Forgot passcode?').getAttribute('href')).toBe('/account/security/passcode/change');
    expect(screen.queryByRole('link', { name: 'Set passcode' })).toBeNull();
    expect(screen.getByText('Confirmed')).toBeTruthy();
  });

  it('says so when the security info cannot be loaded, and tries again', async () => {
    const api = installSecurityApi();
    api.failing['GET /security'] = { status: 500, body: { code: 'failed', message: 'down' } };
    renderApp({ path: '/account/security', session: sessionOf(api) });
    expect(await screen.findByText('Couldn’t load your security settings.')).toBeTruthy();
    delete api.failing['GET /security'];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Not set')).toBeTruthy();
  });

  it('in Russian', async () => {
    const api = installSecurityApi({ passCode: true }, { language: 'ru' });
    i18n.activate('ru');
    renderApp({ path: '/account/security', session: sessionOf(api) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Безопасность' })).toBeTruthy();
    expect(await screen.findByText('Вкл.')).toBeTruthy();
    expect(linkNamed('Сменить код‑пароль').getAttribute('href')).toBe('/account/security/passcode/change');
    expect(linkNamed('Забыли код‑пароль?').getAttribute('href')).toBe('/account/security/passcode/change');
  });
});

describe('setting a passcode with the real calls', () => {
  it('sends the passcode once it is repeated, then asks to confirm it in the bot (local mailbox in local mode)', async () => {
    const api = installSecurityApi(
      { email: 'ada@example.com', isEmailConfirmed: true },
      {
        email: 'ada@example.com',
        isEmailConfirmed: true,
        passCode: false,
      },
    );
    renderApp({ path: '/account/security/passcode/new', session: sessionOf(api) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a passcode' })).toBeTruthy();
    for (const digit of '4826') fireEvent.click(screen.getByRole('button', { name: digit }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Repeat the passcode' })).toBeTruthy();
    for (const digit of '4826') fireEvent.click(screen.getByRole('button', { name: digit }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm in the bot' })).toBeTruthy();
    expect(api.sent.find((sent) => sent.route === 'POST /security/pass-code')?.body).toEqual({ code: '4826' });
    expect((await screen.findByRole('link', { name: 'local mailbox' })).getAttribute('href')).toBe('/local/mailbox');
  });

  it('asks for the backup e-mail first when none is confirmed', async () => {
    const api = installSecurityApi();
    renderApp({ path: '/account/security/passcode/new', session: sessionOf(api) });
    await screen.findByRole('heading', { level: 1, name: 'Create a passcode' });
    for (const digit of '48264826') fireEvent.click(screen.getByRole('button', { name: digit }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a backup e-mail' })).toBeTruthy();
    expect(api.sent.some((sent) => sent.route === 'POST /security/pass-code')).toBe(false);
  });
});

describe('biometrics on the security page', () => {
  function biometry(available: boolean): Biometry {
    return {
      isAvailable: vi.fn(async () => available),
      accessGranted: vi.fn(async () => true),
      requestAccess: vi.fn(async () => true),
      authenticate: vi.fn(async () => null),
      storeToken: vi.fn(async () => true),
      removeToken: vi.fn(async () => true),
      openSettings: vi.fn(),
    };
  }

  it('turns biometrics off for this device inside the mini app (7.2+, available)', async () => {
    const api = installSecurityApi({ passCode: true, biometric: true });
    const device = biometry(true);
    const platform = { ...fakePlatform('mini-app', '7.2'), biometry: device };
    renderApp({ path: '/account/security', session: sessionOf(api), platform });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn biometrics off' }));
    await waitFor(() => expect(device.removeToken).toHaveBeenCalled());
    const removal = api.sent.find((sent) => sent.route === 'DELETE /security/biometric');
    expect(removal?.search).toMatch(/^\?deviceId=.+/);
    expect(await screen.findByText('Off')).toBeTruthy();
  });

  it('is not offered below 7.2 or without biometrics on the device', async () => {
    const api = installSecurityApi({ passCode: true });
    const old = { ...fakePlatform('mini-app', '7.1'), biometry: biometry(true) };
    const first = renderApp({ path: '/account/security', session: sessionOf(api), platform: old });
    await screen.findByText('On');
    expect(screen.queryByText('Biometrics')).toBeNull();
    first.unmount();
    const none = { ...fakePlatform('mini-app', '8.0'), biometry: biometry(false) };
    renderApp({ path: '/account/security', session: sessionOf(api), platform: none });
    await screen.findByText('On');
    await act(flush);
    expect(screen.queryByText('Biometrics')).toBeNull();
  });
});

describe('adding the backup e-mail', () => {
  async function submitEmail(address: string) {
    const field = await screen.findByRole('textbox', { name: /E-mail|Электронная почта/ });
    fireEvent.change(field, { target: { value: address } });
    const form = field.closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
  }

  it('sends the address, then confirms it with the 6-digit code', async () => {
    const api = installSecurityApi();
    const platform = fakePlatform('web');
    renderApp({ path: '/account/security/email', session: sessionOf(api), platform });
    await submitEmail('  Ada@Example.com ');
    expect(await screen.findByText('We sent a 6-digit code to ada@example.com')).toBeTruthy();
    expect(api.sent.find((sent) => sent.route === 'POST /user/verify-email')?.body).toEqual({
      email: 'ada@example.com',
    });
    const resend = screen.getByRole('button', { name: /Send a new code in 01:00|Send a new code in 00:59/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
    const code = screen.getByRole('textbox', { name: 'Code from the e-mail' });
    fireEvent.paste(code, { clipboardData: { getData: () => '12-34 56' } });
    expect(await screen.findByText('E-mail confirmed')).toBeTruthy();
    expect(api.sent.find((sent) => sent.route === 'POST /user/confirm-email')?.body).toEqual({
      code: '123456',
      id: 'code-7',
    });
    expect(platform.haptic).toHaveBeenCalledWith('success');
  });

  it('checks the address before sending it', async () => {
    const api = installSecurityApi();
    renderApp({ path: '/account/security/email', session: sessionOf(api) });
    await submitEmail('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an e-mail address');
    await submitEmail('ada@');
    expect((await screen.findByRole('alert')).textContent).toBe('This doesn’t look like an e-mail address');
    expect(api.sent.some((sent) => sent.route === 'POST /user/verify-email')).toBe(false);
  });

  it('says when the address belongs to another account (409), in English and Russian', async () => {
    const api = installSecurityApi();
    api.failing['POST /user/verify-email'] = { status: 409, body: { code: 'email_in_use', message: 'in use' } };
    const first = renderApp({ path: '/account/security/email', session: sessionOf(api) });
    await submitEmail('ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('This e-mail is already used by another account');
    first.unmount();

    const russian = installSecurityApi({}, { language: 'ru' });
    russian.failing['POST /user/verify-email'] = { status: 409, body: { code: 'email_in_use', message: 'in use' } };
    i18n.activate('ru');
    renderApp({ path: '/account/security/email', session: sessionOf(russian) });
    await submitEmail('ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Этот адрес уже привязан к другому аккаунту');
  });

  it('clears a wrong code with no message and error haptics (403); an expired one says so (404)', async () => {
    const api = installSecurityApi();
    const platform = fakePlatform('web');
    api.failing['POST /user/confirm-email'] = { status: 403, body: { code: 'wrong_code', message: 'wrong' } };
    renderApp({ path: '/account/security/email', session: sessionOf(api), platform });
    await submitEmail('ada@example.com');
    const code = await screen.findByRole('textbox', { name: 'Code from the e-mail' });
    fireEvent.paste(code, { clipboardData: { getData: () => '111111' } });
    await waitFor(() => expect(platform.haptic).toHaveBeenCalledWith('error'));
    await waitFor(() => expect(code).toHaveProperty('value', ''));
    expect(screen.queryByRole('alert')).toBeNull();
    api.failing['POST /user/confirm-email'] = { status: 404, body: { code: 'code_not_found', message: 'gone' } };
    fireEvent.paste(code, { clipboardData: { getData: () => '222222' } });
    expect((await screen.findByRole('alert')).textContent).toBe('This code has expired. Ask for a new one.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toBeTruthy();
  });
});

describe('the security error texts (spec 001 s.8)', () => {
  const failure = (code: number, reason: string | null) =>
    new ApiCallError({ code, message: '', data: undefined, reason });

  it('shows nothing for a 403 on a code or passcode check, and the call’s default otherwise', () => {
    expect(callErrorMessage('confirm-email', failure(403, 'wrong_code'))).toBeNull();
    expect(callErrorMessage('verify-passcode', failure(403, 'wrong_pass_code'))).toBeNull();
    const text = (call: Parameters<typeof callErrorMessage>[0], thrown: unknown) => {
      const message = callErrorMessage(call, thrown);
      return message ? i18n._(message) : null;
    };
    expect(text('set-passcode', failure(502, 'bot_unavailable'))).toBe('Failed to set passcode');
    expect(text('send-email-code', new Error('offline'))).toBe('Failed to send code to email');
    expect(text('confirm-email', failure(500, null))).toBe('Failed to confirm email');
    expect(text('verify-email-code', failure(500, null))).toBe('Failed to verify confirmation code');
    expect(text('forgot-passcode', failure(403, 'invalid_token'))).toBe('Failed to restore passcode');
    expect(text('verify-biometric', failure(500, null))).toBe('Failed to verify biometric');
    expect(text('add-biometric', failure(403, 'invalid_token'))).toBe('Failed to add biometric');
    expect(text('verify-email', failure(409, 'email_already_confirmed'))).toBe('This e-mail is already confirmed');
    expect(text('confirm-email', failure(404, 'code_not_found'))).toBe('This code has expired. Ask for a new one.');
  });

  it('has every machine error in Russian', () => {
    i18n.activate('ru');
    expect(i18n._(machineErrorMessage('set_failed'))).toBe('Не удалось установить код‑пароль');
    expect(i18n._(machineErrorMessage('send_failed'))).toBe('Не удалось отправить код на почту');
    expect(i18n._(machineErrorMessage('too_many_attempts'))).toBe('Слишком много попыток. Напишите в поддержку.');
    expect(i18n._(machineErrorMessage('biometric_failed'))).toBe('Не удалось подключить биометрию');
  });
});

describe('the signed-in devices', () => {
  it('lists every session with its device and how it signed in, this one marked, the others with End', async () => {
    const api = installSecurityApi({ passCode: true, email: 'ada@example.com', isEmailConfirmed: true });
    renderApp({ path: '/account/security', session: sessionOf(api) });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.ui-cell-title')?.textContent)).toEqual([
      'Chrome on Windows',
      'Telegram iOS',
      'Unknown device',
    ]);
    expect(rows[0]?.textContent).toContain('This device');
    expect(rows[0]?.textContent).toMatch(/^Chrome on WindowsWeb wallet · signed in \d+ Nov \d\d:\d\d · active \d+ Nov/);
    expect(within(rows[0] ?? document.body).queryByRole('button')).toBeNull();
    expect(rows[1]?.textContent).toContain('Mini app · signed in');
    expect(screen.getByRole('button', { name: 'End the session on Telegram iOS' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End the session on Unknown device' })).toBeTruthy();
  });

  it('asks before ending another session; Cancel ends nothing, End session ends that one only', async () => {
    const api = installSecurityApi({ passCode: true });
    renderApp({ path: '/account/security', session: sessionOf(api) });
    fireEvent.click(await screen.findByRole('button', { name: 'End the session on Telegram iOS' }));
    const sheet = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(sheet.textContent).toContain('Telegram iOS is signed out at once.');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent.some((sent) => sent.route.startsWith('DELETE /security/sessions'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'End the session on Telegram iOS' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End session' }));
    await waitFor(() =>
      expect(api.sent.filter((sent) => sent.route.startsWith('DELETE /security/sessions')).map((s) => s.route)).toEqual(
        ['DELETE /security/sessions/22222222-2222-4222-8222-222222222222'],
      ),
    );
    await waitFor(() => expect(screen.queryByText('Telegram iOS')).toBeNull());
    expect(screen.getByText('Unknown device')).toBeTruthy();
  });

  it('ends all other sessions after asking, and keeps this one', async () => {
    const api = installSecurityApi({ passCode: true });
    renderApp({ path: '/account/security', session: sessionOf(api) });
    fireEvent.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    const sheet = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    expect(sheet.textContent).toContain('Every other device is signed out at once.');
    fireEvent.click(within(sheet).getByRole('button', { name: 'End all' }));
    await waitFor(() => expect(screen.queryByText('Telegram iOS')).toBeNull());
    expect(api.sent.filter((sent) => sent.route.startsWith('DELETE /security/sessions')).map((s) => s.route)).toEqual([
      'DELETE /security/sessions',
    ]);
    expect(screen.getByText('Chrome on Windows')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull();
  });

  it('says so when a session could not be ended', async () => {
    const api = installSecurityApi({ passCode: true });
    api.failing['DELETE /security/sessions'] = { status: 500, body: { code: 'internal_error', message: 'x' } };
    renderApp({ path: '/account/security', session: sessionOf(api) });
    fireEvent.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End all' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Couldn’t end the session. Try again.');
    expect(screen.getByText('Telegram iOS')).toBeTruthy();
  });
});

describe('the outflow hold', () => {
  it('says on the security page that withdrawals are paused, and until when', async () => {
    const until = new Date(Date.now() + 20 * 60 * 60_000).toISOString();
    const api = installSecurityApi({ passCode: true, outflowsHeldUntil: until });
    renderApp({ path: '/account/security', session: sessionOf(api) });
    const notice = await screen.findByText(/For your safety, withdrawals are paused until/);
    expect(notice.textContent).toMatch(
      /^For your safety, withdrawals are paused until \d+ \w{3} \d\d:\d\d after the change of your passcode or backup e-mail\.$/,
    );
  });

  it('says nothing without a hold', async () => {
    const api = installSecurityApi({ passCode: true, outflowsHeldUntil: null });
    renderApp({ path: '/account/security', session: sessionOf(api) });
    await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(screen.queryByText(/withdrawals are paused/)).toBeNull();
  });
});

describe('changing a confirmed backup e-mail', () => {
  it('says so when the security settings cannot be loaded, and starts once they can', async () => {
    const api = installSecurityApi({ passCode: true, email: 'old@example.com', isEmailConfirmed: true });
    api.failing['GET /security'] = { status: 500, body: { code: 'internal_error', message: 'x' } };
    renderApp({ path: '/account/security/email', session: sessionOf(api) });
    expect((await screen.findByRole('alert')).textContent).toContain('Couldn’t load your security settings.');
    delete api.failing['GET /security'];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Enter your passcode')).toBeTruthy();
  });

  it('asks for the passcode, then the code sent to the current address, then sends the new address with both tokens', async () => {
    const api = installSecurityApi({ passCode: true, email: 'old@example.com', isEmailConfirmed: true });
    renderApp({ path: '/account/security/email', session: sessionOf(api) });
    expect(await screen.findByText('Enter your passcode')).toBeTruthy();
    expect(api.sent.some((sent) => sent.route === 'POST /security/email-code')).toBe(false);
    const keypad = screen.getByRole('group', { name: 'Keypad' });
    for (const digit of '2580') fireEvent.click(within(keypad).getByRole('button', { name: digit }));
    expect(await screen.findByText('We sent a 6-digit code to your current e-mail old@example.com')).toBeTruthy();
    const passCheck = api.sent.find((sent) => sent.route === 'POST /security/pass-code/token')?.body;
    expect(passCheck).toEqual({
      code: '2580',
      transactionType: 'change_email',
      hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // The passcode token shows the send is the person's own (it need not wait behind another code).
    expect(api.sent.find((sent) => sent.route === 'POST /security/email-code')?.body).toEqual({
      transactionType: 'change_email',
      passCodeConfirmationToken: 'pass-token-change-email',
    });
    fireEvent.paste(screen.getByRole('textbox', { name: 'Code from the current e-mail' }), {
      clipboardData: { getData: () => '654321' },
    });
    expect(await screen.findByText('New backup e-mail')).toBeTruthy();
    expect(api.sent.find((sent) => sent.route === 'POST /security/email-code/token')?.body).toEqual({
      code: '654321',
      id: 'old-code-3',
    });
    const field = screen.getByRole('textbox', { name: 'E-mail' });
    if (!(field instanceof HTMLInputElement)) throw new Error('the e-mail field is not an input');
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: 'new@example.com' } });
    const form = field.closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    expect(await screen.findByText('We sent a 6-digit code to new@example.com')).toBeTruthy();
    expect(api.sent.find((sent) => sent.route === 'POST /user/verify-email')?.body).toEqual({
      email: 'new@example.com',
      passCodeConfirmationToken: 'pass-token-change-email',
      mailConfirmationToken: 'mail-token-change-email',
    });
  });
});
