import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { deepLinkMachine } from '../../../../machines/deepLink.machine.ts';
import { referralEndpoints } from '../../../contract/auth.ts';
import { request } from '../../api/call.ts';
import type { SignInActor } from '../../lib/session.ts';
import type { LaunchParams } from '../../platform/launchParams.ts';
import type { Platform } from '../../platform/types.ts';

/**
 * Deep links inside the mini app (docs/deep-links.md, machines/deepLink.machine.ts): the
 * launch's start parameter goes to the deepLink machine once per launch, which navigates to the
 * resolved path (replacing the entry the mini app opened on) and, once the person is signed in,
 * registers the referral and tracking hashes, failures ignored.
 */

/** Session storage: the launch whose start parameter was handled already (survives reloads). */
export const handledLaunchKey = 'kopilka/deepLink/handledLaunch';

/**
 * What tells one launch from another: Telegram signs every launch's init data anew (its `hash`),
 * and keeps the same launch parameters across reloads of the mini app.
 */
export function launchIdentity(launch: Pick<LaunchParams, 'startParam' | 'initDataRaw'>): string {
  const data = new URLSearchParams(launch.initDataRaw ?? '');
  return JSON.stringify([launch.startParam, data.get('hash') ?? data.get('auth_date')]);
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The start parameter of this launch if it has not been handled yet, and marks it handled; null
 * when there is none, or on a reload of a launch that had it.
 */
export function takeStartParam(
  launch: Pick<LaunchParams, 'startParam' | 'initDataRaw'> | null,
  storage: KeyValueStorage | null,
): string | null {
  if (launch === null || launch.startParam === null || launch.startParam === '') return null;
  const identity = launchIdentity(launch);
  try {
    if (storage?.getItem(handledLaunchKey) === identity) return null;
    storage?.setItem(handledLaunchKey, identity);
  } catch {
    // Storage refused (private mode, quota): handle it now; a reload may handle it again.
  }
  return launch.startParam;
}

export interface DeepLinkDeps {
  /** Replaces the current history entry with `href` (a path with an optional query string). */
  readonly navigate: (href: string) => void;
  readonly platform: Pick<Platform, 'expand'>;
}

/** The deepLink machine with the app's navigation, expansion and registration calls. */
export function provideDeepLink(deps: DeepLinkDeps) {
  // A 401 here is no reason to end the session: the outcome is ignored either way.
  const quiet = { context: { quietUnauthorized: true } } as const;
  return deepLinkMachine.provide({
    actions: {
      navigateTo: (_, { path, expand }) => {
        deps.navigate(path);
        if (expand) deps.platform.expand();
      },
    },
    actors: {
      registerReferral: fromPromise<void, { inviteHash: string }>(async ({ input }) => {
        await request(referralEndpoints.becomeReferral, { body: { invite_hash: input.inviteHash }, ...quiet });
      }),
      registerTracking: fromPromise<void, { trackingHash: string }>(async ({ input }) => {
        await request(referralEndpoints.track, { body: { tracking_hash: input.trackingHash }, ...quiet });
      }),
    },
  });
}

/**
 * Hands this launch's start parameter (if any, and not handled yet) to the deepLink machine and
 * tells it when the person signs in. Call it before the router's first load, so the first page
 * is already the linked one (and the mini app is not expanded on a page that should not be).
 * Returns the actor (null when there is nothing to do), for tests and the inspector.
 */
export function startDeepLink(options: {
  readonly platform: Platform;
  readonly signIn: SignInActor;
  readonly navigate: (href: string) => void;
  readonly storage?: KeyValueStorage | null;
  readonly inspect?: Observer<InspectionEvent>;
}) {
  const storage = options.storage === undefined ? sessionStorageOrNull() : options.storage;
  const startParam = takeStartParam(options.platform.launchParams, storage);
  if (startParam === null) return null;

  const machine = provideDeepLink({ navigate: options.navigate, platform: options.platform });
  const actor = createActor(machine, {
    input: { startParam, signedIn: options.signIn.getSnapshot().hasTag('signedIn') },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  // The sign-in machine emits it on every entry into `signedIn` (the input covers a sign-in that
  // happened before now).
  options.signIn.on('session.signedIn', () => actor.send({ type: 'session.signedIn' }));
  actor.start();
  return actor;
}
