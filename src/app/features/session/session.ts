import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { createActor, fromPromise, type InspectionEvent, type Observer, waitFor } from 'xstate';
import {
  hasUserId,
  type SessionSettings,
  type SignInFailure,
  type SignInInput,
  signInMachine,
  type TelegramLoginData,
} from '../../../../machines/signIn.machine.ts';
import { authEndpoints, sessionTokenHeader, signInAnswer } from '../../../contract/auth.ts';
import { normalizeTimeZone, settingsEndpoints, type UserSettings } from '../../../contract/settings.ts';
import type { WalletBalance } from '../../../contract/wallet-operations.ts';
import { authConfigQueryOptions } from '../../api/authConfig.ts';
import { balanceQueryKey } from '../../api/balanceQueryKey.ts';
import { call, parseResponse, request } from '../../api/call.ts';
import { takeEarlySignIn, webAppSignInBody } from '../../api/earlySignIn.ts';
import { ApiCallError, isUnauthorized, normalizeApiError, toApiError } from '../../api/errors.ts';
import { onUnauthorized } from '../../api/http.ts';
import { sessionBegan, sessionEnded } from '../../api/sessionToken.ts';
import { report } from '../../lib/errorReporting.ts';
import type { Session, SessionState } from '../../lib/session.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import type { Toasts } from '../../lib/toasts.tsx';
import type { Platform } from '../../platform/types.ts';
import '../../lib/queryMeta.ts';

/**
 * Sign-in and the session, wired to the sign-in machine (machines/signIn.machine.ts; how it is
 * wired is in docs/app-shell.md, "Session"):
 *
 * - the machine's input comes from the platform and the page: the mini app's raw init data, the
 *   login page's return as query parameters or as `#tgAuthResult=`; both returns are taken off
 *   the address at once (`history.replaceState`), so a reload never submits them again;
 * - its actors are the contract's calls (`POST /authentication/webapp`, `POST
 *   /authentication/telegram`, `GET /user/settings`, `POST /authentication/logout`) and, on the
 *   web, the trip to the login page (`GET /authentication/config`, then `location.assign`);
 *   failures reach it as `{ status }`, null when there was no response;
 * - inside the mini app the session token of the sign-in answer is kept in memory only and sent
 *   as a bearer token (api/sessionToken.ts); every sign-in begins a new session generation, so a
 *   401 to a request sent before it (carrying the cookie of the session it replaced) is stale
 *   and never reaches the machine as `session.unauthorized` (api/http.ts);
 * - its actions are the effects: `logOut`; `sessionStarted` on every sign-in (the settings seed
 *   the settings query; after it, once, a missing time zone is set from the device, and inside
 *   the mini app the session cookie is checked once); `retryScheduled`, which says so on the
 *   first failure of a run.
 */

const signedOut: SessionState = { status: 'signed-out' };

/** The login page's fields; the redirect return carries them as query parameters. */
const loginFields = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;

/** The parts of the page's location that sign-in reads and cleans. */
export interface PageLocation {
  readonly href: string;
  readonly origin: string;
  assign(url: string): void;
}

export interface SessionDeps {
  readonly platform: Platform;
  readonly queryClient: QueryClient;
  readonly toasts: Toasts;
  /** The page (tests pass their own). */
  readonly location?: PageLocation;
  /** Replaces the address without a navigation (tests pass their own). */
  readonly replaceUrl?: (url: string) => void;
  /** The Stately inspector in development (`?inspect`). */
  readonly inspect?: Observer<InspectionEvent>;
  /**
   * Resolves once the active locale's catalog is loaded. Sign-in starts while the catalog is still
   * on its way, so a failure that comes first waits for it before saying so.
   */
  readonly catalogLoaded?: Promise<void>;
}

function isLoginReturn(search: URLSearchParams): boolean {
  // A login page's return is signed: without hash and auth_date it is somebody else's `id`
  // (e.g. `/qr-pay?id=…`), which stays.
  return search.has('hash') && search.has('auth_date');
}

/** The address without the login page's return (query fields or `#tgAuthResult=`). */
export function withoutLoginReturn(href: string): string {
  const url = new URL(href);
  if (isLoginReturn(url.searchParams)) for (const field of loginFields) url.searchParams.delete(field);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (hash.has('tgAuthResult')) {
    hash.delete('tgAuthResult');
    url.hash = hash.size > 0 ? hash.toString() : '';
  }
  return url.toString();
}

/**
 * The sign-in machine's input: the mini app's init data, else what the login page sent back.
 * Reading it also cleans the address of the login page's return (`replaceUrl`).
 */
export function readSignInInput(
  platform: Platform,
  location: PageLocation,
  replaceUrl: (url: string) => void,
): SignInInput {
  const url = new URL(location.href);
  const redirectParams: Record<string, string> = {};
  if (isLoginReturn(url.searchParams)) {
    for (const field of loginFields) {
      const value = url.searchParams.get(field);
      if (value !== null) redirectParams[field] = value;
    }
  }
  const input: SignInInput = {
    initData: platform.launchParams?.initDataRaw ?? null,
    redirectParams,
    hashResult: url.hash.includes('tgAuthResult=') ? url.hash : null,
  };
  const clean = withoutLoginReturn(location.href);
  if (clean !== url.toString()) replaceUrl(clean);
  return input;
}

/** What a sign-in actor rejects with: the HTTP status, or null when there was no response. */
export function toSignInFailure(thrown: unknown): SignInFailure {
  return { status: toApiError(thrown)?.code ?? null };
}

/** A sign-in actor: whatever its call throws reaches the machine as `{ status }`. */
function fromSignIn<TOutput, TInput>(run: (input: TInput) => Promise<TOutput>) {
  return fromPromise<TOutput, TInput>(async ({ input }) => {
    try {
      return await run(input);
    } catch (thrown) {
      throw toSignInFailure(thrown);
    }
  });
}

/**
 * Settings without an id go to the machine as they are (it counts them as a failed sign-in);
 * settings with one must match the contract of the call that answered them (a broken answer is a
 * failure with a status). A sign-in's settings carry the balance too.
 */
function acceptSettings(
  json: unknown,
  endpoint:
    | typeof settingsEndpoints.getSettings
    | typeof authEndpoints.signInWithWebApp
    | typeof authEndpoints.signInWithTelegram,
): SessionSettings {
  if (!hasUserId(json)) return typeof json === 'object' && json !== null ? { ...json } : {};
  return parseResponse(endpoint, json);
}

/** The login page's fields as the contract sends them (id and auth_date are numbers). */
export function toLoginBody(data: TelegramLoginData) {
  const id = Number(data.id);
  const authDate = Number(data.auth_date);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(authDate)) return null;
  return { ...data, id, auth_date: authDate };
}

/** GET /user/settings: 401 or settings without an id mean signed out (spec 000 s.4). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionState> {
  try {
    const body = await request(settingsEndpoints.getSettings, { signal });
    if (!hasUserId(body)) return signedOut;
    return { status: 'signed-in', settings: parseResponse(settingsEndpoints.getSettings, body) };
  } catch (error) {
    if (isUnauthorized(error)) return signedOut;
    throw error;
  }
}

/**
 * Telegram's OAuth page (or the server's stand-in in local mode) with the bot id, our origin and
 * the address to come back to (spec 000 s.7 "cloud sign-in redirect").
 */
export function loginPageUrl(
  config: { bot_id: number; login_url: string },
  location: Pick<PageLocation, 'href' | 'origin'>,
): string {
  const url = new URL(config.login_url, location.origin);
  url.searchParams.set('bot_id', String(config.bot_id));
  url.searchParams.set('origin', location.origin);
  url.searchParams.set('return_to', withoutLoginReturn(location.href));
  url.searchParams.set('request_access', 'write');
  return url.toString();
}

/** The device's time zone under its current IANA name, or null when the device does not say. */
export function deviceTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? normalizeTimeZone(zone) : null;
  } catch {
    return null;
  }
}

/** The sign-in machine with the app's actors and actions (tests provide fakes instead). */
export function provideSignIn(deps: SessionDeps) {
  const { platform, queryClient, toasts } = deps;
  const location = deps.location ?? window.location;

  let timeZoneSent = false;
  let cookieChecked = false;

  return signInMachine.provide({
    actors: {
      signInWithInitData: fromSignIn(async ({ initData }: { initData: string }) => {
        let token: string | null = null;
        // Telegram's client platform labels this session in the list of signed-in devices.
        const client = platform.launchParams?.platform ?? '';
        // The page's early start sent the first one already (api/earlySignIn.ts); retries go out here.
        const sent = takeEarlySignIn(initData);
        const json = await request(authEndpoints.signInWithWebApp, {
          body: webAppSignInBody(initData, client),
          ...(sent === null ? {} : { sent }),
          onResponse: (response) => {
            token = response.headers.get(sessionTokenHeader);
          },
        });
        const settings = acceptSettings(json, authEndpoints.signInWithWebApp);
        if (hasUserId(settings)) sessionBegan(token);
        return settings;
      }),
      signInWithLoginWidget: fromSignIn(async (data: TelegramLoginData) => {
        const body = toLoginBody(data);
        // Not numbers: nothing Telegram signed; the server would refuse it too.
        if (body === null) throw new ApiCallError(normalizeApiError(400, 'Malformed login data'));
        // The web wallet's session is the HttpOnly cookie; the answer's token header is ignored.
        const settings = acceptSettings(
          await request(authEndpoints.signInWithTelegram, { body }),
          authEndpoints.signInWithTelegram,
        );
        if (hasUserId(settings)) sessionBegan(null);
        return settings;
      }),
      checkSession: fromSignIn(async () =>
        acceptSettings(await request(settingsEndpoints.getSettings), settingsEndpoints.getSettings),
      ),
      endSession: fromSignIn(async () => {
        await request(authEndpoints.logOut);
      }),
      redirectToLogin: fromSignIn(async () => {
        const config = await queryClient.fetchQuery(authConfigQueryOptions());
        location.assign(loginPageUrl(config, location));
        // The page unloads, so this normally never ends; a page brought back from the
        // back-forward cache ends it, and the sign-in button is ready again.
        await new Promise<void>((resolve) => window.addEventListener('pageshow', () => resolve(), { once: true }));
      }),
    },
    actions: {
      logOut: () => {
        sessionEnded();
        // Everything the person's session could read goes; public data (meta.public) stays.
        queryClient.removeQueries({ predicate: (query) => query.meta?.public !== true });
      },
      sessionStarted: (_, { settings: raw, method }) => {
        const parsed = signInAnswer.safeParse(raw);
        if (!parsed.success) return;
        const { balance, ...settings } = parsed.data;
        const state: SessionState = { status: 'signed-in', settings };
        queryClient.setQueryData(sessionQueryKey, state);
        // The home shows it at once; its query refetches it every 5 s from here on.
        if (balance !== undefined) queryClient.setQueryData<WalletBalance>(balanceQueryKey, balance);
        const checkCookie = method === 'initData' && platform.kind === 'mini-app' && !cookieChecked;
        if (checkCookie) cookieChecked = true;
        const timezone = settings.timezone === null && !timeZoneSent ? deviceTimeZone() : null;
        if (timezone !== null) {
          timeZoneSent = true;
          // On a first sign-in the time zone's request doubles as the cookie check: one request, not two.
          void sendDeviceTimeZone(queryClient, timezone, checkCookie);
        } else if (checkCookie) {
          void checkSessionCookie();
        }
      },
      // The first failure of a run says so once (a toast, or the messenger's alert); the page then
      // shows the retry, and later failures of the same run stay quiet.
      retryScheduled: (_, { failures, method }) => {
        if (failures !== 1) return;
        const say = () =>
          toasts.show(
            'error',
            method === 'session'
              ? i18n._(msg`Couldn’t reach Kopilka. Check your connection and try again.`)
              : i18n._(msg`Couldn’t sign you in yet. Trying again in a few seconds.`),
          );
        if (deps.catalogLoaded === undefined) say();
        else void deps.catalogLoaded.then(say);
      },
    },
  });
}

export type ProvidedSignInMachine = ReturnType<typeof provideSignIn>;

/** The session as the app holds it; `stop` is for tests. */
export interface RunningSession extends Session {
  stop(): void;
}

/**
 * Starts the sign-in machine (already provided: its actions are the effects) and wires it to the
 * app: 401s and the settings query.
 */
export function startSession(
  machine: ProvidedSignInMachine | typeof signInMachine,
  deps: Pick<SessionDeps, 'inspect'> & { readonly input: SignInInput },
): RunningSession {
  const actor = createActor(machine, { input: deps.input, ...(deps.inspect ? { inspect: deps.inspect } : {}) });
  // Spec 000 s.8: a 401 from any call while signed in logs out (the machine ignores it otherwise).
  const stopWatching = onUnauthorized(() => actor.send({ type: 'session.unauthorized' }));
  actor.start();

  const settledState = (snapshot: ReturnType<typeof actor.getSnapshot>) =>
    snapshot.hasTag('signedIn') || snapshot.hasTag('signedOut') || snapshot.hasTag('authError');

  return {
    actor,
    queryOptions: queryOptions({
      queryKey: sessionQueryKey,
      queryFn: async ({ signal }) => {
        // Asked before sign-in has finished (a route preloading it): its answer is the machine's.
        const settled = await waitFor(actor, settledState, { signal });
        if (!settled.hasTag('signedIn')) return signedOut;
        return fetchSession(signal);
      },
      // Spec 000 s.7/s.9: settings are fresh for 60 s; no retries.
      staleTime: 60_000,
      retry: false,
      meta: { errorMessage: msg`Couldn’t reach Kopilka. Check your connection and try again.` },
    }),
    signIn: () => actor.send({ type: 'signIn.start' }),
    retry: () => actor.send({ type: 'signIn.retry' }),
    logOut: () => actor.send({ type: 'session.logout' }),
    stop: () => {
      stopWatching();
      actor.stop();
    },
  };
}

/**
 * Spec 000 s.7: the device's time zone is sent once when the settings have none. With
 * `checkCookie` it goes first on the session cookie alone (the cookie check below): a 401 then
 * reports the missing cookie and the bearer token sends it again.
 */
async function sendDeviceTimeZone(queryClient: QueryClient, timezone: string, checkCookie: boolean): Promise<void> {
  const update = (withoutBearer: boolean) =>
    call(settingsEndpoints.updateSettings, {
      body: { timezone },
      ...(withoutBearer ? { context: { withoutBearer: true, quietUnauthorized: true } } : {}),
    });
  try {
    let settings: UserSettings;
    try {
      settings = await update(checkCookie);
    } catch (thrown) {
      if (!checkCookie || !isUnauthorized(thrown)) throw thrown;
      report({ kind: 'session_cookie_missing', detail: '401 without the bearer token' });
      settings = await update(false);
    }
    queryClient.setQueryData<SessionState>(sessionQueryKey, (current): SessionState | undefined =>
      current?.status === 'signed-in' ? { status: 'signed-in', settings } : current,
    );
  } catch {
    // Kept in the recent API errors; the zone is sent again on the next sign-in.
  }
}

/**
 * Spec 000 s.8: after a mini-app sign-in, whether the session cookie stuck. The same settings
 * call without the bearer token: a 401 (or no user) means the messenger's frame dropped the
 * cookie, and the app lives on the in-memory token alone.
 */
async function checkSessionCookie(): Promise<void> {
  try {
    const json = await request(settingsEndpoints.getSettings, {
      context: { withoutBearer: true, quietUnauthorized: true },
    });
    if (!hasUserId(json)) report({ kind: 'session_cookie_missing', detail: 'settings without a user' });
  } catch (thrown) {
    if (isUnauthorized(thrown)) report({ kind: 'session_cookie_missing', detail: '401 without the bearer token' });
  }
}

/** The app's session: reads the page, cleans the address, provides and starts the machine. */
export function createSession(deps: SessionDeps): RunningSession {
  const location = deps.location ?? window.location;
  const replaceUrl = deps.replaceUrl ?? ((url: string) => window.history.replaceState(window.history.state, '', url));
  const input = readSignInInput(deps.platform, location, replaceUrl);
  return startSession(provideSignIn(deps), { ...deps, input });
}
