/**
 * The sign-in wiring against a faked `fetch`: what goes over the wire (bodies, the bearer token,
 * `X-Requested-With`), the address cleaned of a login page's return, the trip to the login page
 * (its address, the busy button, its failures), the session cookie check, 401s, logout, the
 * settings cache and the device's time zone: the actors and actions `provideSignIn` gives the
 * machine.
 */
import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import { request } from '../../../src/app/api/call.ts';
import { signInEarly, takeEarlySignIn, webAppSignInPath } from '../../../src/app/api/earlySignIn.ts';
import { sessionEnded, sessionToken } from '../../../src/app/api/sessionToken.ts';
import { SessionGate } from '../../../src/app/features/session/SessionGate.tsx';
import {
  createSession,
  loginPageUrl,
  type PageLocation,
  type RunningSession,
  readSignInInput,
  withoutLoginReturn,
} from '../../../src/app/features/session/session.ts';
import {
  clearApiErrors,
  type ErrorReport,
  recentApiErrors,
  setErrorReporter,
} from '../../../src/app/lib/errorReporting.ts';
import { type SessionState, sessionQueryKey } from '../../../src/app/lib/session.ts';
import { createToastActor, toastsOf } from '../../../src/app/lib/toasts.tsx';
import type { LaunchParams } from '../../../src/app/platform/launchParams.ts';
import type { Platform } from '../../../src/app/platform/types.ts';
import { authEndpoints } from '../../../src/contract/auth.ts';
import { settingsEndpoints } from '../../../src/contract/settings.ts';
import { telegramMainButton } from '../support/screenActionButtons.tsx';
import { fakePlatform, signedIn } from '../support.tsx';

const SETTINGS = signedIn.status === 'signed-in' ? signedIn.settings : null;
if (SETTINGS === null) throw new Error('fixture');

const INIT_DATA = 'user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = vi.fn<(input: Request) => Promise<Response>>();
let routes: Record<string, Handler> = {};
/** The body each request was sent with (the handler may read the request's own). */
const sentBodies = new Map<Request, Promise<unknown>>();

async function bodyOf(input: Request | undefined): Promise<unknown> {
  return input === undefined ? undefined : sentBodies.get(input);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The requests the fake server has read (and handed to its route), in that order. */
const received: Request[] = [];

function requests(method: string, path: string): Request[] {
  return received.filter((input) => input.method === method && new URL(input.url).pathname === `/api/v1${path}`);
}

function miniApp(initDataRaw: string = INIT_DATA): Platform {
  const launchParams: LaunchParams = {
    version: '8.0',
    platform: 'ios',
    themeParams: {},
    initDataRaw,
    user: null,
    startParam: null,
    raw: '',
  };
  return { ...fakePlatform('mini-app'), launchParams };
}

function page(href: string): PageLocation & { assign: ReturnType<typeof vi.fn<(url: string) => void>> } {
  return { href, origin: new URL(href).origin, assign: vi.fn<(url: string) => void>() };
}

let running: RunningSession | null = null;
const reports: ErrorReport[] = [];

function start(platform: Platform, href = 'http://localhost:3000/', catalogLoaded?: Promise<void>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const toastActor = createToastActor(platform);
  const location = page(href);
  const replaceUrl = vi.fn<(url: string) => void>();
  const session = createSession({
    platform,
    queryClient,
    toasts: toastsOf(toastActor),
    location,
    replaceUrl,
    ...(catalogLoaded ? { catalogLoaded } : {}),
  });
  running = session;
  return { session, queryClient, location, replaceUrl, toastActor };
}

const settled = (session: RunningSession) =>
  waitForActor(session.actor, (snapshot) => !snapshot.hasTag('submitting'), { timeout: 2000 });

beforeEach(() => {
  routes = {};
  fetchMock.mockImplementation(async (input) => {
    const body = input
      .clone()
      .text()
      .then((text): unknown => (text === '' ? undefined : JSON.parse(text)));
    sentBodies.set(input, body);
    await body;
    received.push(input);
    const handler = routes[`${input.method} ${new URL(input.url).pathname.replace('/api/v1', '')}`];
    return handler ? handler(input) : json(404, { code: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  setErrorReporter((value) => void reports.push(value));
});
afterEach(() => {
  running?.stop();
  running = null;
  sessionEnded();
  setErrorReporter(null);
  reports.length = 0;
  received.length = 0;
  clearApiErrors();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the mini app signs in with its init data', () => {
  it('posts the raw init data, keeps the token in memory only and sends it as a bearer token', async () => {
    routes['POST /authentication/webapp'] = () => json(200, SETTINGS, { 'x-session-token': 'tok-1' });
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    const { session, queryClient } = start(miniApp());
    await settled(session);

    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    const [signIn] = requests('POST', '/authentication/webapp');
    // Telegram's platform goes along, to label the session in the list of devices.
    expect(await bodyOf(signIn)).toEqual({ initData: INIT_DATA, platform: 'ios' });
    expect(signIn?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(sessionToken()).toBe('tok-1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('tok-1');
    // The settings cache is seeded with what sign-in answered.
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ status: 'signed-in', settings: SETTINGS });

    await request(settingsEndpoints.getSettings);
    expect(requests('GET', '/user/settings').at(-1)?.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('seeds the balance query with the balance the sign-in answered, and keeps it out of the settings', async () => {
    const balance = { total: { currency: 'USD', amount: '250000000' }, balances: [] };
    routes['POST /authentication/webapp'] = () => json(200, { ...SETTINGS, balance }, { 'x-session-token': 'tok-1' });
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    const { session, queryClient } = start(miniApp());
    await settled(session);

    expect(queryClient.getQueryData(['wallet', 'balance'])).toEqual(balance);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ status: 'signed-in', settings: SETTINGS });
    expect(requests('GET', '/wallet/balance')).toHaveLength(0);
  });

  it('checks once, without the bearer token, that the session cookie stuck, and reports when it did not', async () => {
    routes['POST /authentication/webapp'] = () => json(200, SETTINGS, { 'x-session-token': 'tok-2' });
    routes['GET /user/settings'] = (input) =>
      input.headers.has('authorization')
        ? json(200, SETTINGS)
        : json(401, { code: 'unauthorized', message: 'No session' });
    const { session } = start(miniApp());
    await settled(session);
    await vi.waitFor(() => expect(reports).toHaveLength(1));

    const [check] = requests('GET', '/user/settings');
    expect(check?.headers.get('authorization')).toBeNull();
    expect(check?.credentials).toBe('include');
    expect(reports[0]).toMatchObject({ kind: 'session_cookie_missing' });
    // The check's 401 is an answer, not the end of the session.
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('reports nothing when the cookie stuck', async () => {
    routes['POST /authentication/webapp'] = () => json(200, SETTINGS, { 'x-session-token': 'tok-3' });
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    const { session } = start(miniApp());
    await settled(session);
    await vi.waitFor(() => expect(requests('GET', '/user/settings')).toHaveLength(1));
    expect(reports).toEqual([]);
  });

  it('on a first sign-in without a time zone, sends the zone on the cookie alone as the cookie check: no second request', async () => {
    const withoutZone = { ...SETTINGS, timezone: null };
    routes['POST /authentication/webapp'] = () => json(200, withoutZone, { 'x-session-token': 'tok-4' });
    routes['PUT /user/settings'] = async (input) => json(200, { ...withoutZone, ...((await input.json()) as object) });
    const { session } = start(miniApp());
    await settled(session);
    await vi.waitFor(() => expect(requests('PUT', '/user/settings')).toHaveLength(1));

    const [update] = requests('PUT', '/user/settings');
    expect(update?.headers.get('authorization')).toBeNull();
    expect(update?.credentials).toBe('include');
    expect(await bodyOf(update)).toEqual({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(requests('GET', '/user/settings')).toHaveLength(0);
    expect(reports).toEqual([]);
  });

  it('reports a missing cookie from the time zone request, then sends the zone again with the bearer token', async () => {
    const withoutZone = { ...SETTINGS, timezone: null };
    routes['POST /authentication/webapp'] = () => json(200, withoutZone, { 'x-session-token': 'tok-5' });
    routes['PUT /user/settings'] = async (input) =>
      input.headers.has('authorization')
        ? json(200, { ...withoutZone, ...((await input.json()) as object) })
        : json(401, { code: 'unauthorized', message: 'No session' });
    const { session, queryClient } = start(miniApp());
    await settled(session);
    await vi.waitFor(() => expect(requests('PUT', '/user/settings')).toHaveLength(2));

    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ kind: 'session_cookie_missing' });
    expect(requests('PUT', '/user/settings')[1]?.headers.get('authorization')).toBe('Bearer tok-5');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<SessionState>(sessionQueryKey)).toMatchObject({ settings: { timezone: zone } }),
    );
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('keeps no token from a rejected sign-in', async () => {
    routes['POST /authentication/webapp'] = () =>
      json(401, { code: 'unauthorized', message: 'Invalid init data' }, { 'x-session-token': 'nope' });
    const { session } = start(miniApp());
    await settled(session);
    expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(session.actor.getSnapshot().context.failures).toBe(1);
    expect(sessionToken()).toBeNull();
  });
});

describe("the page's early sign-in (earlyStart.ts)", () => {
  it('is sent to the path of the contract', () => {
    expect(`/${webAppSignInPath}`).toBe(authEndpoints.signInWithWebApp.path);
  });

  it('is taken by the sign-in instead of posting the init data a second time', async () => {
    routes['POST /authentication/webapp'] = () => json(200, SETTINGS, { 'x-session-token': 'tok-early' });
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    signInEarly(INIT_DATA, 'ios');
    const { session, queryClient } = start(miniApp());
    await settled(session);

    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    const posts = requests('POST', '/authentication/webapp');
    expect(posts).toHaveLength(1);
    expect(await bodyOf(posts[0])).toEqual({ initData: INIT_DATA, platform: 'ios' });
    expect(posts[0]?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(sessionToken()).toBe('tok-early');
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ status: 'signed-in', settings: SETTINGS });
  });

  it('refused is a failed sign-in like any other', async () => {
    routes['POST /authentication/webapp'] = () => json(401, { code: 'invalid_init_data', message: 'Bad init data' });
    signInEarly(INIT_DATA, 'ios');
    const { session } = start(miniApp());
    await settled(session);

    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(requests('POST', '/authentication/webapp')).toHaveLength(1);
    expect(sessionToken()).toBeNull();
  });

  it('for other init data is not taken: the sign-in posts its own', async () => {
    routes['POST /authentication/webapp'] = () => json(200, SETTINGS, { 'x-session-token': 'tok-own' });
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    signInEarly('user=%7B%22id%22%3A7%7D&auth_date=1700000000&hash=def', 'ios');
    const { session } = start(miniApp());
    await settled(session);

    const posts = requests('POST', '/authentication/webapp');
    expect(posts).toHaveLength(2);
    expect(await bodyOf(posts[1])).toEqual({ initData: INIT_DATA, platform: 'ios' });
    expect(takeEarlySignIn('user=%7B%22id%22%3A7%7D&auth_date=1700000000&hash=def')).not.toBeNull();
  });

  it('is taken once', () => {
    routes['POST /authentication/webapp'] = () => json(200, SETTINGS);
    signInEarly(INIT_DATA, 'ios');
    expect(takeEarlySignIn(INIT_DATA)).not.toBeNull();
    expect(takeEarlySignIn(INIT_DATA)).toBeNull();
  });
});

describe('a 401 while signed in, and logging out', () => {
  it('logs out on a 401 from any call: the token and the user data go, public data stays', async () => {
    routes['POST /authentication/webapp'] = () => json(200, SETTINGS, { 'x-session-token': 'tok-4' });
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    const { session, queryClient } = start(miniApp());
    await settled(session);
    queryClient.setQueryData(['wallet', 'balance'], { total: '1' });
    queryClient.setQueryDefaults(['public'], { meta: { public: true } });
    queryClient.setQueryData(['public', 'prices'], { TON: '1' });
    await vi.waitFor(() => expect(requests('GET', '/user/settings')).toHaveLength(1));

    routes['GET /wallet/balance'] = () => json(401, { code: 'unauthorized', message: 'Session expired' });
    await request({
      method: 'GET',
      path: '/wallet/balance',
      response: settingsEndpoints.getSettings.response,
      auth: true,
    }).catch(() => {});

    expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(sessionToken()).toBeNull();
    expect(queryClient.getQueryData(sessionQueryKey)).toBeUndefined();
    expect(queryClient.getQueryData(['wallet', 'balance'])).toBeUndefined();
    expect(queryClient.getQueryData(['public', 'prices'])).toEqual({ TON: '1' });
  });

  it('a reload’s sign-in never signs out: a read sent with the replaced session’s cookie is sent again with the new token', async () => {
    // The server as it behaves on a reload: the sign-in deletes the session the cookie held, so
    // a request without the new bearer token is refused; the sign-in answers only once the
    // page's first request has left.
    let answerSignIn: () => void = () => {};
    const signInAnswered = new Promise<void>((resolve) => {
      answerSignIn = resolve;
    });
    routes['POST /authentication/webapp'] = async () => {
      await signInAnswered;
      return json(200, SETTINGS, { 'x-session-token': 'tok-new' });
    };
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    let refuseOldCookie: () => void = () => {};
    const oldCookieRefused = new Promise<void>((resolve) => {
      refuseOldCookie = resolve;
    });
    routes['GET /user/profile'] = async (sent) => {
      if (sent.headers.get('authorization') === 'Bearer tok-new') return json(200, { id: 42 });
      await oldCookieRefused;
      return json(401, { code: 'unauthorized', message: 'Not signed in' });
    };
    const { session } = start(miniApp());
    const profile = request({
      method: 'GET',
      path: '/user/profile',
      response: settingsEndpoints.getSettings.response,
      auth: true,
    });
    await vi.waitFor(() => expect(requests('GET', '/user/profile')).toHaveLength(1));

    answerSignIn();
    await vi.waitFor(() => expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true));
    refuseOldCookie();

    await expect(profile).resolves.toEqual({ id: 42 });
    expect(requests('GET', '/user/profile').map((sent) => sent.headers.get('authorization'))).toEqual([
      null,
      'Bearer tok-new',
    ]);
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(sessionToken()).toBe('tok-new');
  });

  it('a write sent before the sign-in answered is not repeated, and its 401 does not sign out either', async () => {
    let answerSignIn: () => void = () => {};
    const signInAnswered = new Promise<void>((resolve) => {
      answerSignIn = resolve;
    });
    routes['POST /authentication/webapp'] = async () => {
      await signInAnswered;
      return json(200, SETTINGS, { 'x-session-token': 'tok-new' });
    };
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    let refuseOldCookie: () => void = () => {};
    const oldCookieRefused = new Promise<void>((resolve) => {
      refuseOldCookie = resolve;
    });
    routes['PUT /user/settings'] = async () => {
      await oldCookieRefused;
      return json(401, { code: 'unauthorized', message: 'Not signed in' });
    };
    const { session } = start(miniApp());
    const write = request(settingsEndpoints.updateSettings, { body: { language: 'ru' } });
    await vi.waitFor(() => expect(requests('PUT', '/user/settings')).toHaveLength(1));
    answerSignIn();
    await vi.waitFor(() => expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true));
    refuseOldCookie();

    await expect(write).rejects.toMatchObject({ error: { code: 401 } });
    expect(requests('PUT', '/user/settings')).toHaveLength(1);
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('a 401 to a read sent under the current session still signs out', async () => {
    routes['POST /authentication/webapp'] = () => json(200, SETTINGS, { 'x-session-token': 'tok-5' });
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    const { session } = start(miniApp());
    await settled(session);
    routes['GET /user/profile'] = () => json(401, { code: 'unauthorized', message: 'Session ended' });

    await request({
      method: 'GET',
      path: '/user/profile',
      response: settingsEndpoints.getSettings.response,
      auth: true,
    }).catch(() => {});

    expect(requests('GET', '/user/profile')).toHaveLength(1);
    expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('ends the session on the server on logout', async () => {
    routes['GET /user/settings'] = () => json(200, SETTINGS);
    routes['POST /authentication/logout'] = () => json(200, { success: true });
    const { session, queryClient } = start(fakePlatform('web'));
    await settled(session);
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);

    session.logOut();
    await waitForActor(session.actor, (snapshot) => snapshot.hasTag('signedOut'), { timeout: 2000 });
    const [logout] = requests('POST', '/authentication/logout');
    expect(logout?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)).toBeUndefined();
  });
});

describe('the web wallet', () => {
  it('checks for an existing session and is signed out on a 401', async () => {
    routes['GET /user/settings'] = () => json(401, { code: 'unauthorized', message: 'No session' });
    const { session } = start(fakePlatform('web'));
    await settled(session);
    expect(session.actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(session.actor.getSnapshot().context.failures).toBe(0);
  });

  it('says once that the session check failed, and retries quietly after that', async () => {
    vi.useFakeTimers();
    routes['GET /user/settings'] = () => json(500, { code: 'internal_error', message: 'Internal error' });
    const { session, toastActor } = start(fakePlatform('web'));
    const shown: string[] = [];
    toastActor.subscribe((snapshot) => {
      const message = snapshot.context.toast?.message;
      if (message !== undefined && shown.at(-1) !== message) shown.push(message);
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(session.actor.getSnapshot().hasTag('retrying')).toBe(true);
    expect(shown).toEqual(['Couldn’t reach Kopilka. Check your connection and try again.']);
    await vi.advanceTimersByTimeAsync(5_010);
    expect(session.actor.getSnapshot().context.failures).toBe(2);
    expect(shown).toHaveLength(1);
  });

  it('says a failure that came before the catalog only once the catalog is loaded', async () => {
    routes['GET /user/settings'] = () => json(500, { code: 'internal_error', message: 'Internal error' });
    let catalogArrives = () => {};
    const catalogLoaded = new Promise<void>((resolve) => {
      catalogArrives = resolve;
    });
    const { session, toastActor } = start(fakePlatform('web'), 'http://localhost:3000/', catalogLoaded);
    await waitForActor(session.actor, (snapshot) => snapshot.hasTag('retrying'), { timeout: 2000 });
    expect(toastActor.getSnapshot().context.toast).toBeNull();

    catalogArrives();
    await catalogLoaded;

    expect(toastActor.getSnapshot().context.toast?.message).toBe(
      'Couldn’t reach Kopilka. Check your connection and try again.',
    );
  });

  it('sends the person to the login page with the bot id, the origin and the way back', async () => {
    routes['GET /user/settings'] = () => json(401, { code: 'unauthorized', message: 'No session' });
    routes['GET /authentication/config'] = () =>
      json(200, {
        bot_id: 7000000001,
        bot_username: 'kopilka_bot',
        login_url: '/api/v1/local-login',
        local_mode: true,
      });
    const { session, location } = start(fakePlatform('web'), 'http://localhost:3000/account?back=%2F');
    await settled(session);
    session.signIn();
    await vi.waitFor(() => expect(location.assign).toHaveBeenCalledTimes(1));
    const url = new URL(location.assign.mock.calls[0]?.[0] ?? '');
    expect(url.origin + url.pathname).toBe('http://localhost:3000/api/v1/local-login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      bot_id: '7000000001',
      origin: 'http://localhost:3000',
      return_to: 'http://localhost:3000/account?back=%2F',
      request_access: 'write',
    });
  });

  it('shows the busy button while the login page opens, from the machine', async () => {
    routes['GET /user/settings'] = () => json(401, { code: 'unauthorized', message: 'No session' });
    let answer: (response: Response) => void = () => {};
    routes['GET /authentication/config'] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    const platform = fakePlatform('web');
    const { session, queryClient, toastActor, location } = start(platform);
    await settled(session);
    render(
      <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={session}>
        <SessionGate>{() => null}</SessionGate>
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Telegram' }));
    expect(session.actor.getSnapshot().value).toBe('redirecting');
    const busy = screen.getByRole('button', { name: 'Opening Telegram…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    await vi.waitFor(() => expect(requests('GET', '/authentication/config')).toHaveLength(1));

    await act(async () => {
      answer(json(200, { bot_id: 1, bot_username: 'kopilka_bot', login_url: '/api/v1/local-login', local_mode: true }));
      await vi.waitFor(() => expect(location.assign).toHaveBeenCalledTimes(1));
    });
    // The page is on its way out: still busy.
    expect(screen.getByRole('button', { name: 'Opening Telegram…' })).toBeTruthy();

    // Brought back from the back-forward cache instead: the button is ready again, nothing failed.
    await act(async () => {
      window.dispatchEvent(new Event('pageshow'));
      await vi.waitFor(() => expect(session.actor.getSnapshot().value).toBe('signedOut'));
    });
    expect(screen.getByRole('button', { name: 'Sign in with Telegram' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(session.actor.getSnapshot().context).toMatchObject({ failures: 0, lastError: null });
  });

  it.each([
    ['answers an error', () => json(500, { code: 'internal_error', message: 'Internal error' }), 'server'],
    [
      'cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'network',
    ],
  ] as const)('says why when the login page’s address %s, without counting a failure', async (_, answer, code) => {
    routes['GET /user/settings'] = () => json(401, { code: 'unauthorized', message: 'No session' });
    routes['GET /authentication/config'] = answer;
    const platform = fakePlatform('web');
    const { session, queryClient, toastActor, location } = start(platform);
    await settled(session);
    render(
      <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={session}>
        <SessionGate>{() => null}</SessionGate>
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Telegram' }));
    await act(async () => {
      await waitForActor(session.actor, (snapshot) => snapshot.hasTag('signedOut'), { timeout: 2000 });
    });
    expect(location.assign).not.toHaveBeenCalled();
    expect(session.actor.getSnapshot().context).toMatchObject({ failures: 0, lastError: code });
    expect(screen.getByRole('alert').textContent).toBe(
      code === 'network'
        ? 'Couldn’t sign you in. Kopilka couldn’t be reached. Check your internet connection.'
        : 'Couldn’t sign you in. Something went wrong on our side.',
    );
    expect(screen.getByRole('button', { name: 'Sign in with Telegram' }).hasAttribute('disabled')).toBe(false);
  });

  it('builds the address of the real login page the same way', () => {
    expect(
      loginPageUrl(
        { bot_id: 1, login_url: 'https://oauth.telegram.org/auth' },
        {
          href: 'https://wallet.example/?id=1&first_name=A&auth_date=2&hash=h#tgAuthResult=x',
          origin: 'https://wallet.example',
        },
      ),
    ).toBe(
      'https://oauth.telegram.org/auth?bot_id=1&origin=https%3A%2F%2Fwallet.example&return_to=https%3A%2F%2Fwallet.example%2F&request_access=write',
    );
  });

  it('signs in with the query parameters of the return, and takes them off the address', async () => {
    routes['POST /authentication/telegram'] = () => json(200, SETTINGS);
    const { session, replaceUrl } = start(
      fakePlatform('web'),
      'http://localhost:3000/account?back=x&id=42&first_name=Ada&username=ada&auth_date=1700000000&hash=c0ffee',
    );
    expect(replaceUrl).toHaveBeenCalledWith('http://localhost:3000/account?back=x');
    await settled(session);
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(await bodyOf(requests('POST', '/authentication/telegram')[0])).toEqual({
      id: 42,
      first_name: 'Ada',
      username: 'ada',
      auth_date: 1700000000,
      hash: 'c0ffee',
    });
  });

  it('signs in with the #tgAuthResult of the return, and takes it off the address', async () => {
    routes['POST /authentication/telegram'] = () => json(200, SETTINGS);
    const result = btoa(JSON.stringify({ id: 42, first_name: 'Ada', auth_date: 1700000000, hash: 'c0ffee' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const { session, replaceUrl } = start(fakePlatform('web'), `http://localhost:3000/#tgAuthResult=${result}`);
    expect(replaceUrl).toHaveBeenCalledWith('http://localhost:3000/');
    await settled(session);
    expect(await bodyOf(requests('POST', '/authentication/telegram')[0])).toEqual({
      id: 42,
      first_name: 'Ada',
      auth_date: 1700000000,
      hash: 'c0ffee',
    });
  });

  it('leaves an address alone that is not a login return', () => {
    const replaceUrl = vi.fn();
    const input = readSignInInput(fakePlatform('web'), page('http://localhost:3000/qr-pay?id=77'), replaceUrl);
    expect(replaceUrl).not.toHaveBeenCalled();
    expect(input).toEqual({ initData: null, redirectParams: {}, hashResult: null });
    expect(withoutLoginReturn('http://localhost:3000/qr-pay?id=77#x=1')).toBe('http://localhost:3000/qr-pay?id=77#x=1');
  });

  it('sends the device time zone once when the settings have none', async () => {
    const withoutZone = { ...SETTINGS, timezone: null };
    routes['GET /user/settings'] = () => json(200, withoutZone);
    routes['PUT /user/settings'] = async (input) => json(200, { ...withoutZone, ...((await input.json()) as object) });
    const { session, queryClient } = start(fakePlatform('web'));
    await settled(session);
    await vi.waitFor(() => expect(requests('PUT', '/user/settings')).toHaveLength(1));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(await bodyOf(requests('PUT', '/user/settings')[0])).toEqual({ timezone: zone });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<SessionState>(sessionQueryKey)).toMatchObject({ settings: { timezone: zone } }),
    );
  });
});

describe('error reporting', () => {
  it('keeps the last 10 API errors and reports a 500 without a message with its trace id', async () => {
    routes['GET /user/settings'] = () => json(500, {}, { 'x-request-id': 'req-123' });
    for (let index = 0; index < 12; index += 1) await request(settingsEndpoints.getSettings).catch(() => {});
    expect(recentApiErrors()).toHaveLength(10);
    expect(recentApiErrors()[0]).toMatchObject({
      method: 'GET',
      path: '/user/settings',
      status: 500,
      traceId: 'req-123',
    });
    expect(reports).toHaveLength(12);
    expect(reports[0]).toMatchObject({ kind: 'server_error', error: { traceId: 'req-123' } });
  });

  it('reads the trace id from data.request_id, and does not report a 500 that says what happened', async () => {
    routes['GET /user/settings'] = () => json(500, { data: { request_id: 'req-9' } });
    await request(settingsEndpoints.getSettings).catch(() => {});
    expect(reports[0]).toMatchObject({ error: { traceId: 'req-9' } });
    routes['GET /user/settings'] = () => json(500, { message: 'Database: down' });
    await request(settingsEndpoints.getSettings).catch(() => {});
    expect(reports).toHaveLength(1);
  });
});

describe('the auth error page', () => {
  it('reads in Russian for a Russian reader', async () => {
    vi.useFakeTimers();
    i18n.activate('ru');
    routes['POST /authentication/webapp'] = () => json(401, { code: 'unauthorized', message: 'Invalid init data' });
    const platform = miniApp();
    const { session, queryClient, toastActor } = start(platform);
    render(
      <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={session}>
        <SessionGate>{() => null}</SessionGate>
      </AppProviders>,
    );
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await act(() => vi.advanceTimersByTimeAsync(10));
      if (attempt < 5) act(() => session.signIn());
    }
    expect(session.actor.getSnapshot().hasTag('authError')).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Не удалось войти' })).toBeTruthy();
    expect(screen.getByText(/Ваши деньги в безопасности\./)).toBeTruthy();
    // Inside the mini app "Reload" is Telegram's MainButton.
    expect(telegramMainButton(platform)).toBe('Перезагрузить');
  });
});

describe('a sign-in refused for too many sign-ins', () => {
  it('says so, not that something broke, and tries again', async () => {
    vi.useFakeTimers();
    routes['POST /authentication/webapp'] = () =>
      json(429, { code: 'rate_limited', message: 'Too many requests; try again later', data: { seconds: 20 } });
    const platform = miniApp();
    const { session, queryClient, toastActor } = start(platform);
    render(
      <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={session}>
        <SessionGate>{() => null}</SessionGate>
      </AppProviders>,
    );
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(session.actor.getSnapshot().context.lastError).toBe('rate_limited');
    expect(screen.getByRole('heading', { level: 1, name: 'Couldn’t sign you in yet' })).toBeTruthy();
    expect(
      screen.getByText('There were too many sign-ins in a short time. Trying again in a few seconds.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Something went wrong on our side/)).toBeNull();
  });
});
