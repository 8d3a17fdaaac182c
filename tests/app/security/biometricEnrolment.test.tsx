/**
 * Turning biometrics on from /account/security (mini app 7.2+, biometrics available, passcode on):
 * the "Turn biometrics on" cell → /account/security/biometrics → the passcode (passcodeConfirm,
 * `addBiometric` with a fresh hash, no biometric offer) → access → `POST /security/biometric` with
 * the confirmation token → the token stored on the device → back to the page showing On. With a
 * fake `Platform.biometry` (granted; refused, then the settings; the add failing) in English and
 * Russian. The enrolment machine on its own: tests/machines/biometricEnrolment.model.test.ts.
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Biometry, Platform } from '../../../src/app/platform/types.ts';
import type { SecurityInfo } from '../../../src/contract/security.ts';
import { type Answer, baseSettings, ok, stubFetch } from '../support/fakeApi.ts';
import { pressTelegramMainButton, telegramMainButton } from '../support/screenActionButtons.tsx';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

interface Sent {
  route: string;
  body: unknown;
}

/** The server as far as the enrolment goes; `addFails` answers the add with a 403 `invalid_token`. */
function fakeServer(options: { addFails?: boolean; language?: 'en' | 'ru' } = {}) {
  const settings = { ...baseSettings, passCode: true, language: options.language ?? baseSettings.language };
  const info: SecurityInfo = {
    passCode: true,
    passCodePending: false,
    email: 'ada@example.com',
    isEmailConfirmed: true,
    biometric: false,
    lockSeconds: null,
    attemptsExhausted: false,
  };
  const sent: Sent[] = [];
  const server = {
    info,
    sent,
    tokens: 0,
    settings,
  };
  const answers: Record<string, () => Answer> = {
    'GET /user/settings': () => ok(settings),
    'GET /security': () => ok(server.info),
    'POST /security/pass-code/token': () => {
      server.tokens += 1;
      return ok({ token: `confirm-${server.tokens}` });
    },
    'POST /security/biometric': () => {
      if (options.addFails) return { status: 403, body: { code: 'invalid_token', message: 'spent' } };
      server.info = { ...server.info, biometric: true };
      return ok({ token: 'bio-1' });
    },
  };
  stubFetch(({ route, body }) => {
    server.sent.push({ route, body });
    return answers[route]?.();
  });
  return server;
}

function fakeBiometry(access: { granted: boolean; onRequest: boolean[] }): Biometry {
  const answers = [...access.onRequest];
  return {
    isAvailable: vi.fn(async () => true),
    accessGranted: vi.fn(async () => access.granted),
    requestAccess: vi.fn(async () => answers.shift() ?? false),
    authenticate: vi.fn(async () => null),
    storeToken: vi.fn(async () => true),
    removeToken: vi.fn(async () => true),
    openSettings: vi.fn(),
  };
}

function miniApp(biometry: Biometry): Platform {
  return { ...fakePlatform('mini-app', '7.2'), biometry };
}

function sentTo(server: ReturnType<typeof fakeServer>, route: string): unknown[] {
  return server.sent.filter((sent) => sent.route === route).map((sent) => sent.body);
}

async function openEnrolment(server: ReturnType<typeof fakeServer>, platform: Platform, cell: string) {
  const session = fakeSession({ status: 'signed-in', settings: server.settings });
  const app = renderApp({ path: '/account/security', session, platform });
  const link = await screen.findByRole('link', { name: cell });
  expect(link.getAttribute('href')).toBe('/account/security/biometrics');
  fireEvent.click(link);
  return app;
}

async function typePasscode(heading: string, code: string) {
  await screen.findByRole('heading', { level: 1, name: heading });
  for (const digit of code) fireEvent.click(screen.getByRole('button', { name: digit }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  i18n.activate('en');
});

describe('turning biometrics on from the security page', () => {
  it('confirms the passcode for addBiometric, adds and stores the token, and comes back showing On', async () => {
    const server = fakeServer();
    const device = fakeBiometry({ granted: false, onRequest: [true] });
    const platform = miniApp(device);
    expect(await openEnrolment(server, platform, 'Turn biometrics on')).toBeTruthy();
    await typePasscode('Enter your passcode', '2580');
    await waitFor(() => expect(device.storeToken).toHaveBeenCalledWith('bio-1'));
    const [confirmation] = sentTo(server, 'POST /security/pass-code/token');
    expect(confirmation).toEqual({ code: '2580', transactionType: 'addBiometric', hash: expect.any(String) });
    expect(JSON.stringify(confirmation)).toMatch(/"hash":"[0-9a-f]{32}"/);
    expect(sentTo(server, 'POST /security/biometric')).toEqual([
      { deviceId: expect.any(String), passCodeConfirmationToken: 'confirm-1' },
    ]);
    expect(device.requestAccess).toHaveBeenCalledTimes(1);
    expect(device.openSettings).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Turn biometrics off' })).toBeTruthy();
    // The passcode's status and now the biometrics'.
    expect(screen.getAllByText('On', { selector: '.security-status--on' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Turn biometrics on' })).toBeNull();
    // No biometric offer after this confirmation: it is the enrolment itself.
    expect(screen.queryByText('Confirm with biometrics?')).toBeNull();
  });

  it('opens the settings when access is refused, then asks again with the same confirmation', async () => {
    const server = fakeServer();
    const device = fakeBiometry({ granted: false, onRequest: [false, true] });
    const platform = miniApp(device);
    await openEnrolment(server, platform, 'Turn biometrics on');
    await typePasscode('Enter your passcode', '2580');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access to biometrics' })).toBeTruthy();
    expect(device.openSettings).toHaveBeenCalledTimes(1);
    expect(sentTo(server, 'POST /security/biometric')).toEqual([]);
    pressTelegramMainButton(platform, 'Try again');
    expect(await screen.findByRole('button', { name: 'Turn biometrics off' })).toBeTruthy();
    expect(sentTo(server, 'POST /security/pass-code/token')).toHaveLength(1);
    expect(device.storeToken).toHaveBeenCalledWith('bio-1');
  });

  it('shows the error when the add fails, asks for the passcode again, and Cancel goes back Off', async () => {
    const server = fakeServer({ addFails: true });
    const device = fakeBiometry({ granted: true, onRequest: [] });
    const platform = miniApp(device);
    await openEnrolment(server, platform, 'Turn biometrics on');
    await typePasscode('Enter your passcode', '2580');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add biometric');
    expect(screen.getByRole('heading', { level: 1, name: 'Biometrics are still off' })).toBeTruthy();
    expect(device.storeToken).not.toHaveBeenCalled();
    // "Try again" on Telegram's MainButton; "Cancel" in the page, as 7.2 has no SecondaryButton.
    pressTelegramMainButton(platform, 'Try again');
    await typePasscode('Enter your passcode', '2580');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(sentTo(server, 'POST /security/biometric')).toEqual([
      { deviceId: expect.any(String), passCodeConfirmationToken: 'confirm-1' },
      { deviceId: expect.any(String), passCodeConfirmationToken: 'confirm-2' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('link', { name: 'Turn biometrics on' })).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
  });

  it('in Russian: refused, then the settings; the add failing', async () => {
    i18n.activate('ru');
    const refused = fakeServer({ language: 'ru' });
    const device = fakeBiometry({ granted: false, onRequest: [false] });
    const first = await openEnrolment(refused, miniApp(device), 'Включить биометрию');
    await typePasscode('Введите код‑пароль', '2580');
    expect(await screen.findByRole('heading', { level: 1, name: 'Нет доступа к биометрии' })).toBeTruthy();
    expect(
      screen.getByText('У Копилки нет доступа к биометрии. Разрешите его в открывшихся настройках и попробуйте снова.'),
    ).toBeTruthy();
    expect(device.openSettings).toHaveBeenCalledTimes(1);
    first.unmount();

    const failing = fakeServer({ addFails: true, language: 'ru' });
    const platform = miniApp(fakeBiometry({ granted: true, onRequest: [] }));
    await openEnrolment(failing, platform, 'Включить биометрию');
    await typePasscode('Введите код‑пароль', '2580');
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось подключить биометрию');
    expect(screen.getByRole('heading', { level: 1, name: 'Биометрия всё ещё выключена' })).toBeTruthy();
    expect(telegramMainButton(platform)).toBe('Повторить');
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeTruthy();
  });

  it('is not offered without a passcode, and the route leaves when there is nothing to turn on', async () => {
    const server = fakeServer();
    server.info = { ...server.info, passCode: false };
    const session = fakeSession({ status: 'signed-in', settings: baseSettings });
    const platform = miniApp(fakeBiometry({ granted: true, onRequest: [] }));
    const app = renderApp({ path: '/account/security', session, platform });
    expect(await screen.findByText('Set a passcode first.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Turn biometrics on' })).toBeNull();
    app.unmount();
    const direct = renderApp({ path: '/account/security/biometrics', session, platform });
    await waitFor(() => expect(direct.router.state.location.pathname).toBe('/account/security'));
  });
});
