import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { type DeepLinkRoute, resolveStartParam } from './deepLink/resolveStartParam.ts';

/**
 * Deep links (spec 000 s.2 "Deep links", s.1, s.6, s.7; spec 001 s.2): the messenger start
 * parameter is resolved once to a path (pure: machines/deepLink/resolveStartParam.ts, grammar in
 * docs/deep-links.md), the app navigates there, and once the person is signed in the referral
 * (`r-`) and tracking (`i-`) hashes are registered once each, failures ignored.
 *
 * Input: `{ startParam, signedIn }`. `startParam` is the launch parameters' start parameter
 * (null or absent outside the mini app, or on a launch without one): then nothing navigates and
 * nothing is registered. The app should give the start parameter of a launch to one machine only
 * (Telegram keeps it in the launch parameters across reloads: remember in session storage that
 * it was handled). `signedIn` is whether the person is signed in already; otherwise the app sends
 * `session.signedIn` when the sign-in machine reaches `signedIn`.
 *
 * The three regions run side by side. Their end states are deliberately not final: a done actor
 * would warn about every later `session.signedIn` (the person may sign out and in again), and
 * there is nothing to wait for. The app may stop the actor once `hasTag('registering')` is false
 * and neither region waits for sign-in, or simply keep it for the session.
 *
 * The app provides, with `deepLinkMachine.provide(...)`:
 * - action `navigateTo(_, { path, expand })`: router navigation (replace) to `path`, a path with
 *   an optional query string; `expand` says whether to expand the mini app (false on invoice,
 *   help and add-home paths). Runs only when a start parameter was given. Inert default: nothing.
 * - actor `registerReferral` (input `{ inviteHash }`): `POST /referrals/become {invite_hash}`.
 * - actor `registerTracking` (input `{ trackingHash }`): `POST /tracking {tracking_hash}`.
 *   Their outcome is ignored (spec 000 s.7 "failure ignored silently"); inert defaults never
 *   settle.
 */

export interface DeepLinkInput {
  startParam?: string | null;
  signedIn?: boolean;
}

export interface DeepLinkContext {
  /** The start parameter as given, or null. */
  startParam: string | null;
  /** The resolved path (`/` when the start parameter was absent, unknown or malformed). */
  path: string;
  expand: boolean;
  route: DeepLinkRoute;
  referralHash: string | null;
  trackingHash: string | null;
  signedIn: boolean;
}

export type DeepLinkEvent = { type: 'session.signedIn' };

/** An inert promise actor: it never settles (the app provides the real one). */
function fromPending<TInput>(): PromiseActorLogic<void, TInput> {
  return fromPromise<void, TInput>(() => new Promise<void>(() => {}));
}

export const deepLinkMachine = setup({
  types: {
    context: {} as DeepLinkContext,
    events: {} as DeepLinkEvent,
    input: {} as DeepLinkInput,
    children: {} as { registerReferral: 'registerReferral'; registerTracking: 'registerTracking' },
  },
  actions: {
    // Inert: the app navigates with its router (and expands the mini app when `expand`).
    navigateTo: (_, _params: { path: string; expand: boolean }) => {},
    markSignedIn: assign({ signedIn: true }),
  },
  guards: {
    hasStartParam: ({ context }) => context.startParam !== null,
    hasReferralHash: ({ context }) => context.referralHash !== null,
    hasTrackingHash: ({ context }) => context.trackingHash !== null,
    isSignedIn: ({ context }) => context.signedIn,
  },
  actors: {
    // Inert defaults: never settle. The app posts the hash; the outcome is ignored either way.
    registerReferral: fromPending<{ inviteHash: string }>(),
    registerTracking: fromPending<{ trackingHash: string }>(),
  },
}).createMachine({
  id: 'deepLink',
  description: 'Start parameter → path once; referral and tracking hashes registered once after sign-in.',
  context: ({ input }) => {
    const startParam = input.startParam === undefined || input.startParam === '' ? null : input.startParam;
    const resolution = resolveStartParam(startParam);
    return {
      startParam,
      path: resolution.path,
      expand: resolution.expand,
      route: resolution.route,
      referralHash: resolution.referralHash,
      trackingHash: resolution.trackingHash,
      signedIn: input.signedIn === true,
    };
  },
  type: 'parallel',
  on: {
    'session.signedIn': {
      description: 'Remembered; the regions waiting for it move on by their eventless transitions.',
      actions: 'markSignedIn',
    },
  },
  states: {
    navigation: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            {
              guard: 'hasStartParam',
              target: 'navigated',
              actions: {
                type: 'navigateTo',
                params: ({ context }) => ({ path: context.path, expand: context.expand }),
              },
            },
            { target: 'skipped' },
          ],
        },
        navigated: { description: 'Sent to the resolved path (home when unknown).' },
        skipped: { description: 'No start parameter: the current page stays.' },
      },
    },
    referral: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hasReferralHash', target: 'waitingForSignIn' }, { target: 'skipped' }],
        },
        waitingForSignIn: {
          description: 'Referral registration requires a signed-in user (spec 000 s.6).',
          always: { guard: 'isSignedIn', target: 'registering' },
        },
        registering: {
          tags: ['registering'],
          invoke: {
            id: 'registerReferral',
            src: 'registerReferral',
            input: ({ context }) => ({ inviteHash: context.referralHash ?? '' }),
            onDone: { target: 'done' },
            onError: { target: 'done', description: 'Failure ignored silently; never retried.' },
          },
        },
        done: { description: 'Posted once, whatever the answer.' },
        skipped: { description: 'No r- prefix.' },
      },
    },
    tracking: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hasTrackingHash', target: 'waitingForSignIn' }, { target: 'skipped' }],
        },
        waitingForSignIn: {
          description: 'Tracking is registered for the signed-in user too.',
          always: { guard: 'isSignedIn', target: 'registering' },
        },
        registering: {
          tags: ['registering'],
          invoke: {
            id: 'registerTracking',
            src: 'registerTracking',
            input: ({ context }) => ({ trackingHash: context.trackingHash ?? '' }),
            onDone: { target: 'done' },
            onError: { target: 'done', description: 'Failure ignored silently; never retried.' },
          },
        },
        done: { description: 'Posted once, whatever the answer.' },
        skipped: { description: 'No i- prefix.' },
      },
    },
  },
});
