import { assign, emit, fromPromise, type PromiseActorLogic, setup } from 'xstate';

/**
 * Sign-in and session (spec 000 s.4 "Authentication", s.5, s.7, s.9).
 *
 * Four methods, chosen once from the input in this order of precedence:
 * 1. mini-app init data → actor `signInWithInitData` (`POST /authentication/webapp {initData}`);
 * 2. redirect query parameters of the messenger's login page (id, first_name, last_name,
 *    username, photo_url, auth_date, hash; first_name, id, auth_date and hash must all be present,
 *    see `parseRedirectParams`) → actor `signInWithLoginWidget` (`POST /authentication/telegram`);
 * 3. the hash result `#tgAuthResult=<base64url JSON>` (see `parseHashResult`) → the same actor;
 * 4. otherwise the existing-session check → actor `checkSession` (`GET /user/settings`).
 * Incomplete redirect parameters or an unreadable hash result are not a sign-in attempt: the
 * next method applies.
 *
 * Every actor answers the user's settings; settings without an `id` count as a failed sign-in
 * (`invalid_settings`). Failures are counted up to `MAX_SIGN_IN_FAILURES` (5):
 * - the fifth failure shows the auth error page (`authError`), whatever it was;
 * - below five, a 401 (`unauthorized`) raises the count and logs out (`logOut`): signed out, the
 *   sign-in button shows and the person may try again;
 * - below five, any other failure (`invalid_settings`, `network` when there was no response,
 *   `server` for any other status) retries the same method after `retryDelay` (5 s);
 *   `signIn.retry` skips the wait.
 * Decisions where the spec leaves room (docs/statecharts/signIn.md shows the result):
 * - The existing-session check presents no credentials, so its 401 only means "no session yet":
 *   it logs out (clears whatever token was held) and shows the sign-in button without counting,
 *   and with no `lastError` (nothing failed). Its other failures count and retry like any method's.
 * - On the web, `signIn.start` on the sign-in button is the trip to the messenger's login page
 *   (`redirecting`, actor `redirectToLogin`). It is not a sign-in attempt, so it is not counted:
 *   when it fails (the login page's address could not be fetched) the button shows again with
 *   `lastError` saying why (`network`, or `server` for any status); should it ever finish (the
 *   page came back from the back-forward cache instead of unloading) the button shows again too.
 * - A 401 on a later call while signed in (`session.unauthorized`) logs out without counting:
 *   the sign-in succeeded, the session merely ended. A successful sign-in resets the count.
 * - `session.logout` ends the session on the server (`endSession`) and logs out locally whether
 *   or not the server answered.
 * - The auth error page is the end: only a reload starts over (the count lives in memory).
 *
 * Views render from the snapshot. Every state carries exactly one page tag:
 * `loading` (session check or logging out), `miniAppAuth` (signing in with init data),
 * `webLogin` (signing in with the login page's data), `signedOut` (the sign-in button),
 * `redirecting` (the sign-in button, busy, while the web app opens the login page; a page tag of
 * its own rather than `signedOut` or `webLogin`, because the page differs from both), `signedIn`,
 * `authError` (the auth error page). While a method runs, `submitting` marks the request in
 * flight and `retrying` the 5 s wait. `context.lastError` says why the last attempt failed (a
 * code, never text) and `context.failures` how many have.
 *
 * Entering `signedIn` runs `sessionStarted` and emits `session.signedIn` (for actors started
 * later, such as the deep-link machine, which listen with `actor.on('session.signedIn', …)`).
 *
 * The app provides, with `signInMachine.provide(...)`:
 * - actors `signInWithInitData` (input `{ initData }`), `signInWithLoginWidget` (input
 *   `TelegramLoginData`) and `checkSession` (no input), each resolving with the settings object
 *   and rejecting with a `SignInFailure` `{ status }` (null when there was no response); and
 *   `endSession` (`POST /authentication/logout`); and `redirectToLogin` (no input): on the web,
 *   `signIn.start` sends the person to the messenger's OAuth page (bot id, origin, return
 *   address); it rejects with a `SignInFailure` when the page's address could not be had, and
 *   normally never settles, because the page unloads. Inside the mini app (init data known)
 *   `signIn.start` signs in with the init data again instead. Inert defaults never settle.
 * - action `logOut`: forgets the session locally (the in-memory bearer token, the query cache).
 * - action `sessionStarted` (params `{ settings, method }`), on entering `signedIn`: what follows
 *   every sign-in (seeding the settings cache, the device's time zone, the mini app's cookie
 *   check).
 * - action `retryScheduled` (params `{ failures, error, method }`), on entering a method's 5 s
 *   wait after a failure (the app says so once, on the first).
 * - delay `retryDelay` (5000 ms) only to change it.
 */

/** Spec 000 s.9: "at most 5 sign-in error counts". */
export const MAX_SIGN_IN_FAILURES = 5;
/** Spec 000 s.9: "failed sign-in retry 5 s". */
export const SIGN_IN_RETRY_MS = 5000;

export type SignInMethod = 'initData' | 'redirect' | 'hashResult' | 'session';
export type SignInError = 'unauthorized' | 'rate_limited' | 'invalid_settings' | 'network' | 'server';

/** What the sign-in actors reject with: the HTTP status, or null when there was no response. */
export interface SignInFailure {
  status: number | null;
}

/** The settings answer, opaque to the machine beyond its `id` (the app parses it with the contract). */
export type SessionSettings = Readonly<Record<string, unknown>>;

/** The messenger login page's signed fields, as strings exactly as received (the hash covers them). */
export interface TelegramLoginData {
  id: string;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: string;
  hash: string;
}

export interface SignInInput {
  /** The mini app's raw init data (launch parameters), when inside the messenger. */
  initData?: string | null;
  /** The page's query parameters, for the redirect form of the login page's return. */
  redirectParams?: Readonly<Record<string, string | undefined>> | null;
  /** The page's hash (`#tgAuthResult=…`), for the hash form of the login page's return. */
  hashResult?: string | null;
}

export interface SignInContext {
  method: SignInMethod;
  initData: string | null;
  loginData: TelegramLoginData | null;
  /** Failed sign-in attempts so far, at most `MAX_SIGN_IN_FAILURES`. */
  failures: number;
  /** The settings of the signed-in user, null otherwise. */
  settings: SessionSettings | null;
  lastError: SignInError | null;
}

export type SignInEvent =
  | { type: 'signIn.start' }
  | { type: 'signIn.retry' }
  | { type: 'session.unauthorized' }
  | { type: 'session.logout' };

/** What the machine emits for listeners (`actor.on(type, …)`). */
export type SignInEmitted = { type: 'session.signedIn' };

export type SignInTag =
  | 'loading'
  | 'miniAppAuth'
  | 'webLogin'
  | 'signedOut'
  | 'redirecting'
  | 'signedIn'
  | 'authError'
  | 'submitting'
  | 'retrying';

/** The tags that each name one page; every state has exactly one. */
export const signInPageTags = [
  'loading',
  'miniAppAuth',
  'webLogin',
  'signedOut',
  'redirecting',
  'signedIn',
  'authError',
] as const;

const LOGIN_FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;
const REQUIRED_LOGIN_FIELDS = ['id', 'first_name', 'auth_date', 'hash'] as const;

function toLoginData(read: (field: string) => string | undefined): TelegramLoginData | null {
  const [id, firstName, authDate, hash] = REQUIRED_LOGIN_FIELDS.map(read);
  if (!id || !firstName || !authDate || !hash) return null;
  const data: TelegramLoginData = { id, first_name: firstName, auth_date: authDate, hash };
  const lastName = read('last_name');
  const username = read('username');
  const photoUrl = read('photo_url');
  if (lastName !== undefined) data.last_name = lastName;
  if (username !== undefined) data.username = username;
  if (photoUrl !== undefined) data.photo_url = photoUrl;
  return data;
}

/** Spec 000 s.5: a redirect sign-in needs first_name, id, auth_date and hash all present. */
export function parseRedirectParams(
  params: Readonly<Record<string, string | undefined>> | null | undefined,
): TelegramLoginData | null {
  if (params === null || params === undefined) return null;
  return toLoginData((field) => (Object.hasOwn(params, field) ? params[field] : undefined));
}

function decodeBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * The hash form of the login page's return: `#tgAuthResult=<base64url of a JSON object>` (the
 * whole hash, with or without `#`). Numbers in the JSON (id, auth_date) become their decimal
 * strings; the same fields as the redirect form are required.
 */
export function parseHashResult(hash: string | null | undefined): TelegramLoginData | null {
  if (hash === null || hash === undefined) return null;
  const encoded = new URLSearchParams(hash.replace(/^#/, '')).get('tgAuthResult');
  if (encoded === null) return null;
  const json = decodeBase64Url(encoded);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = new Map<string, string>();
  for (const field of LOGIN_FIELDS) {
    const raw: unknown = Reflect.get(value, field);
    if (typeof raw === 'string') fields.set(field, raw);
    else if (typeof raw === 'number' && Number.isSafeInteger(raw)) fields.set(field, String(raw));
  }
  return toLoginData((field) => fields.get(field));
}

/** The method the input allows, in the spec's order of precedence, and its data. */
export function chooseSignInMethod(input: SignInInput): Pick<SignInContext, 'method' | 'initData' | 'loginData'> {
  const initData = input.initData === undefined || input.initData === '' ? null : input.initData;
  if (initData !== null) return { method: 'initData', initData, loginData: null };
  const redirect = parseRedirectParams(input.redirectParams);
  if (redirect !== null) return { method: 'redirect', initData: null, loginData: redirect };
  const hashed = parseHashResult(input.hashResult);
  if (hashed !== null) return { method: 'hashResult', initData: null, loginData: hashed };
  return { method: 'session', initData: null, loginData: null };
}

/** Turns whatever an actor rejected with into an error code (a `SignInFailure` normally). */
export function classifyFailure(error: unknown): SignInError {
  const status = typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : undefined;
  if (status === 401) return 'unauthorized';
  // Too many sign-ins of one account or from one address: the retry in 5 s may pass once the
  // minute is over, and the person should not be told the server is broken.
  if (status === 429) return 'rate_limited';
  if (typeof status === 'number') return 'server';
  return 'network';
}

/** Why the trip to the login page failed: no response, or any status (even a 401: not a sign-in). */
export function classifyRedirectFailure(error: unknown): Extract<SignInError, 'network' | 'server'> {
  return classifyFailure(error) === 'network' ? 'network' : 'server';
}

/** Settings count as a signed-in user only with an id (spec 000 s.4). */
export function hasUserId(settings: unknown): boolean {
  if (typeof settings !== 'object' || settings === null) return false;
  const id: unknown = Reflect.get(settings, 'id');
  return (typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id !== '');
}

/** An inert promise actor: it never settles (the app provides the real one). */
function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    tags: {} as SignInTag,
    emitted: {} as SignInEmitted,
    children: {} as {
      signInWithInitData: 'signInWithInitData';
      signInWithLoginWidget: 'signInWithLoginWidget';
      checkSession: 'checkSession';
      endSession: 'endSession';
      redirectToLogin: 'redirectToLogin';
    },
  },
  actions: {
    storeSettings: assign((_, params: { settings: unknown }) => ({
      settings: typeof params.settings === 'object' && params.settings !== null ? { ...params.settings } : null,
      failures: 0,
      lastError: null,
    })),
    countFailure: assign(({ context }, params: { error: SignInError }) => ({
      failures: Math.min(MAX_SIGN_IN_FAILURES, context.failures + 1),
      lastError: params.error,
    })),
    forgetSettings: assign({ settings: null }),
    forgetError: assign({ lastError: null }),
    noteRedirectFailure: assign((_, params: { error: unknown }) => ({
      lastError: classifyRedirectFailure(params.error),
    })),
    announceSignedIn: emit({ type: 'session.signedIn' }),
    // Inert: the app drops the in-memory token and clears the query cache.
    logOut: () => {},
    // Inert: the app seeds the settings cache and does what follows a sign-in.
    sessionStarted: (_, _params: { settings: SessionSettings | null; method: SignInMethod }) => {},
    // Inert: the app tells the person about the first failure.
    retryScheduled: (_, _params: { failures: number; error: SignInError | null; method: SignInMethod }) => {},
  },
  guards: {
    usesInitData: ({ context }) => context.method === 'initData',
    usesLoginWidget: ({ context }) => context.method === 'redirect' || context.method === 'hashResult',
    hasInitData: ({ context }) => context.initData !== null,
    hasUserId: (_, params: { settings: unknown }) => hasUserId(params.settings),
    isUnauthorized: (_, params: { error: unknown }) => classifyFailure(params.error) === 'unauthorized',
    isLastAttempt: ({ context }) => context.failures + 1 >= MAX_SIGN_IN_FAILURES,
  },
  actors: {
    signInWithInitData: fromPending<SessionSettings, { initData: string }>(),
    signInWithLoginWidget: fromPending<SessionSettings, TelegramLoginData>(),
    checkSession: fromPending<SessionSettings, void>(),
    endSession: fromPending<void, void>(),
    redirectToLogin: fromPending<void, void>(),
  },
  delays: {
    retryDelay: SIGN_IN_RETRY_MS,
  },
}).createMachine({
  id: 'signIn',
  description:
    'Four sign-in methods, failures counted to 5, 401 logs out, other failures retry after 5 s; on the web the sign-in button leaves for the login page.',
  context: ({ input }) => ({ ...chooseSignInMethod(input), failures: 0, settings: null, lastError: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Goes to the method chosen from the input: init data, login data, else the session check.',
      always: [
        { guard: 'usesInitData', target: 'initData' },
        { guard: 'usesLoginWidget', target: 'loginWidget' },
        { target: 'session' },
      ],
    },
    initData: {
      description: 'The mini-app auth page: POST /authentication/webapp with the init data.',
      tags: ['miniAppAuth'],
      initial: 'submitting',
      states: {
        submitting: {
          tags: ['submitting'],
          invoke: {
            id: 'signInWithInitData',
            src: 'signInWithInitData',
            input: ({ context }) => ({ initData: context.initData ?? '' }),
            onDone: [
              {
                guard: { type: 'hasUserId', params: ({ event }) => ({ settings: event.output }) },
                target: '#signIn.signedIn',
                actions: { type: 'storeSettings', params: ({ event }) => ({ settings: event.output }) },
              },
              {
                guard: 'isLastAttempt',
                target: '#signIn.authError',
                actions: { type: 'countFailure', params: { error: 'invalid_settings' } },
              },
              { target: 'waiting', actions: { type: 'countFailure', params: { error: 'invalid_settings' } } },
            ],
            onError: [
              {
                guard: 'isLastAttempt',
                target: '#signIn.authError',
                actions: { type: 'countFailure', params: ({ event }) => ({ error: classifyFailure(event.error) }) },
              },
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#signIn.signedOut',
                actions: [{ type: 'countFailure', params: { error: 'unauthorized' } }, 'logOut'],
              },
              {
                target: 'waiting',
                actions: { type: 'countFailure', params: ({ event }) => ({ error: classifyFailure(event.error) }) },
              },
            ],
          },
        },
        waiting: {
          tags: ['retrying'],
          entry: {
            type: 'retryScheduled',
            params: ({ context }) => ({ failures: context.failures, error: context.lastError, method: context.method }),
          },
          after: { retryDelay: { target: 'submitting' } },
          on: { 'signIn.retry': { target: 'submitting' } },
        },
      },
    },
    loginWidget: {
      description: "The web login page: POST /authentication/telegram with the login page's fields.",
      tags: ['webLogin'],
      initial: 'submitting',
      states: {
        submitting: {
          tags: ['submitting'],
          invoke: {
            id: 'signInWithLoginWidget',
            src: 'signInWithLoginWidget',
            input: ({ context }) => ({ id: '', first_name: '', auth_date: '', hash: '', ...context.loginData }),
            onDone: [
              {
                guard: { type: 'hasUserId', params: ({ event }) => ({ settings: event.output }) },
                target: '#signIn.signedIn',
                actions: { type: 'storeSettings', params: ({ event }) => ({ settings: event.output }) },
              },
              {
                guard: 'isLastAttempt',
                target: '#signIn.authError',
                actions: { type: 'countFailure', params: { error: 'invalid_settings' } },
              },
              { target: 'waiting', actions: { type: 'countFailure', params: { error: 'invalid_settings' } } },
            ],
            onError: [
              {
                guard: 'isLastAttempt',
                target: '#signIn.authError',
                actions: { type: 'countFailure', params: ({ event }) => ({ error: classifyFailure(event.error) }) },
              },
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#signIn.signedOut',
                actions: [{ type: 'countFailure', params: { error: 'unauthorized' } }, 'logOut'],
              },
              {
                target: 'waiting',
                actions: { type: 'countFailure', params: ({ event }) => ({ error: classifyFailure(event.error) }) },
              },
            ],
          },
        },
        waiting: {
          tags: ['retrying'],
          entry: {
            type: 'retryScheduled',
            params: ({ context }) => ({ failures: context.failures, error: context.lastError, method: context.method }),
          },
          after: { retryDelay: { target: 'submitting' } },
          on: { 'signIn.retry': { target: 'submitting' } },
        },
      },
    },
    session: {
      description: 'Loading: GET /user/settings tells whether a session exists already.',
      tags: ['loading'],
      initial: 'submitting',
      states: {
        submitting: {
          tags: ['submitting'],
          invoke: {
            id: 'checkSession',
            src: 'checkSession',
            onDone: [
              {
                guard: { type: 'hasUserId', params: ({ event }) => ({ settings: event.output }) },
                target: '#signIn.signedIn',
                actions: { type: 'storeSettings', params: ({ event }) => ({ settings: event.output }) },
              },
              {
                guard: 'isLastAttempt',
                target: '#signIn.authError',
                actions: { type: 'countFailure', params: { error: 'invalid_settings' } },
              },
              { target: 'waiting', actions: { type: 'countFailure', params: { error: 'invalid_settings' } } },
            ],
            onError: [
              {
                description: 'No session yet: not a failed attempt, so not counted.',
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#signIn.signedOut',
                actions: ['forgetError', 'logOut'],
              },
              {
                guard: 'isLastAttempt',
                target: '#signIn.authError',
                actions: { type: 'countFailure', params: ({ event }) => ({ error: classifyFailure(event.error) }) },
              },
              {
                target: 'waiting',
                actions: { type: 'countFailure', params: ({ event }) => ({ error: classifyFailure(event.error) }) },
              },
            ],
          },
        },
        waiting: {
          tags: ['retrying'],
          entry: {
            type: 'retryScheduled',
            params: ({ context }) => ({ failures: context.failures, error: context.lastError, method: context.method }),
          },
          after: { retryDelay: { target: 'submitting' } },
          on: { 'signIn.retry': { target: 'submitting' } },
        },
      },
    },
    signedOut: {
      description: 'The sign-in button (fewer than 5 failures).',
      tags: ['signedOut'],
      on: {
        'signIn.start': [
          { description: 'Inside the mini app: the init data again.', guard: 'hasInitData', target: 'initData' },
          { description: "On the web: off to the messenger's login page.", target: 'redirecting' },
        ],
        'signIn.retry': { description: 'The same method again.', target: 'starting' },
      },
    },
    redirecting: {
      description: "On the web: fetches the login page's address and leaves for it; not a sign-in attempt.",
      tags: ['redirecting'],
      invoke: {
        id: 'redirectToLogin',
        src: 'redirectToLogin',
        onDone: { description: 'The page came back instead of unloading.', target: 'signedOut' },
        onError: {
          target: 'signedOut',
          actions: { type: 'noteRedirectFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      entry: [
        {
          type: 'sessionStarted',
          params: ({ context }) => ({ settings: context.settings, method: context.method }),
        },
        'announceSignedIn',
      ],
      on: {
        'session.unauthorized': {
          description: 'A 401 on a later call: logged out, not counted.',
          target: 'signedOut',
          actions: ['forgetSettings', 'logOut'],
        },
        'session.logout': { target: 'loggingOut' },
      },
    },
    loggingOut: {
      description: 'POST /authentication/logout; logged out locally whatever the answer.',
      tags: ['loading'],
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: { target: 'signedOut', actions: ['forgetSettings', 'logOut'] },
        onError: { target: 'signedOut', actions: ['forgetSettings', 'logOut'] },
      },
    },
    authError: {
      description: 'The auth error page after 5 failures; only a reload starts over.',
      tags: ['authError'],
      entry: 'logOut',
    },
  },
});
