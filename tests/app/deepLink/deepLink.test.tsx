/**
 * Deep links in the app: the start parameter of a launch is handled once (a reload of the same
 * launch does not navigate again), the resolved path replaces the entry the mini app opened on
 * (an unbuilt route shows the not-found page), the mini app is expanded by the machine's flag,
 * and the referral and tracking hashes are posted once after sign-in, failures ignored.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type SessionSettings, signInMachine } from '../../../machines/signIn.machine.ts';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import {
  handledLaunchKey,
  type KeyValueStorage,
  provideDeepLink,
  startDeepLink,
  takeStartParam,
} from '../../../src/app/features/deepLink/deepLink.ts';
import { createToastActor } from '../../../src/app/lib/toasts.tsx';
import type { LaunchParams } from '../../../src/app/platform/launchParams.ts';
import type { Platform } from '../../../src/app/platform/types.ts';
import { createAppRouter } from '../../../src/app/router.tsx';
import {
  type DeepLinkScenario,
  deepLinkPaths,
  describeEvent,
  scenarios,
} from '../../machines/support/deepLinkModel.ts';
import { flush, isActorSettle, isTimePass } from '../../machines/support/model.ts';
import { HeldServer, settle } from '../support/heldServer.ts';
import { expectStates, leafStates } from '../support/stateExpectations.ts';
import { fakePlatform, fakeSession, signedIn } from '../support.tsx';

function launch(startParam: string | null, hash = 'h1'): LaunchParams {
  return {
    version: '8.0',
    platform: 'ios',
    themeParams: {},
    initDataRaw: `auth_date=1700000000&hash=${hash}`,
    user: null,
    startParam,
    raw: '',
  };
}

function miniApp(startParam: string | null, hash?: string): Platform {
  return { ...fakePlatform('mini-app'), launchParams: launch(startParam, hash) };
}

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value) };
}

/** A sign-in actor whose sign-in the test completes with `finish()`. */
function signInActor() {
  let finish: (settings: SessionSettings) => void = () => {};
  const machine = signInMachine.provide({
    actors: {
      checkSession: fromPromise<SessionSettings, void>(
        () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      ),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  return { actor, finish: (settings: SessionSettings) => finish(settings) };
}

const fetchMock = vi.fn<(input: Request) => Promise<Response>>();
const posted = () =>
  fetchMock.mock.calls.map(([input]) => `${input.method} ${new URL(input.url).pathname.replace('/api/v1', '')}`);

const bodies: unknown[] = [];

beforeEach(() => {
  bodies.length = 0;
  fetchMock.mockImplementation(async (input) => {
    bodies.push(await input.clone().json());
    return Response.json({ code: 'server_error', message: '' }, { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the start parameter of a launch', () => {
  it('is handled once: a reload of the same launch gets nothing, a new launch gets its own', () => {
    const storage = memoryStorage();
    expect(takeStartParam(launch('offer-42'), storage)).toBe('offer-42');
    expect(takeStartParam(launch('offer-42'), storage)).toBeNull();
    expect(takeStartParam(launch('offer-42', 'h2'), storage)).toBe('offer-42');
    expect(storage.map.has(handledLaunchKey)).toBe(true);
  });

  it('is nothing outside the mini app or on a launch without one', () => {
    expect(takeStartParam(null, memoryStorage())).toBeNull();
    expect(takeStartParam(launch(null), memoryStorage())).toBeNull();
    expect(takeStartParam(launch(''), memoryStorage())).toBeNull();
  });

  it('is still handled when storage refuses', () => {
    const storage: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(takeStartParam(launch('help-fees'), storage)).toBe('help-fees');
  });
});

describe('the deep-link machine in the app', () => {
  it('navigates to the resolved path, expands by its flag, and registers both hashes once after sign-in', async () => {
    const platform = miniApp('r-ref42_i-ads7_offer-42');
    const navigate = vi.fn<(href: string) => void>();
    const { actor, finish } = signInActor();
    const deepLink = startDeepLink({ platform, signIn: actor, navigate, storage: memoryStorage() });

    expect(navigate.mock.calls).toEqual([['/p2p/offers/42']]);
    expect(platform.expand).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();

    const settings = signedIn.status === 'signed-in' ? signedIn.settings : {};
    finish(settings);
    await vi.waitFor(() => expect(posted()).toEqual(['POST /referrals/become', 'POST /tracking']));
    expect(bodies).toEqual([{ invite_hash: 'ref42' }, { tracking_hash: 'ads7' }]);
    await vi.waitFor(() => expect(deepLink?.getSnapshot().hasTag('registering')).toBe(false));

    // Failures ignored and never retried, even when the person signs out and in again.
    actor.send({ type: 'session.unauthorized' });
    await flush();
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    actor.stop();
    deepLink?.stop();
  });

  it('keeps the mini app at its height on help, invoice and add-home paths', () => {
    const platform = miniApp('help-fees');
    const navigate = vi.fn<(href: string) => void>();
    const { actor } = signInActor();
    startDeepLink({ platform, signIn: actor, navigate, storage: memoryStorage() })?.stop();
    expect(navigate.mock.calls).toEqual([['/help/fees']]);
    expect(platform.expand).not.toHaveBeenCalled();
    actor.stop();
  });

  it('does nothing on the web or on a reload of a handled launch', () => {
    const navigate = vi.fn<(href: string) => void>();
    const { actor } = signInActor();
    const storage = memoryStorage();
    expect(startDeepLink({ platform: fakePlatform('web'), signIn: actor, navigate, storage })).toBeNull();
    startDeepLink({ platform: miniApp('offer-1'), signIn: actor, navigate, storage })?.stop();
    expect(startDeepLink({ platform: miniApp('offer-1'), signIn: actor, navigate, storage })).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('opens the linked page as the first page, replacing the one the mini app opened on', async () => {
    const platform = miniApp('swap-BTC-USDT');
    const session = fakeSession({ status: 'signed-out' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const router = createAppRouter({ queryClient, platform, session }, history);
    startDeepLink({
      platform,
      signIn: session.actor,
      navigate: (href) => void router.navigate({ href, replace: true }),
      storage: memoryStorage(),
    });
    render(
      <AppProviders
        platform={platform}
        queryClient={queryClient}
        toastActor={createToastActor(platform)}
        session={session}
      >
        <RouterProvider router={router} />
      </AppProviders>,
    );
    // /swap is not built yet: the not-found page shows, which is right until it is.
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/swap');
    expect(router.state.location.search).toEqual({ base: 'BTC', quote: 'USDT' });
    expect(history.length).toBe(1);
    await act(async () => {
      await flush();
    });
    expect(platform.navigated).not.toHaveBeenCalledWith('/');
    session.actor.stop();
  });
});

/**
 * The deep-link machine's paths (tests/machines/support/deepLinkModel.ts) replayed on the machine
 * as the app provides it (`provideDeepLink`: the router's navigation, the mini app's expansion,
 * the real registration calls) against a fake server whose answers the path decides. What must
 * hold in each state is written here by hand from spec 000 s.2, s.6, s.7: where the launch leads
 * (`TARGETS`), and which registrations reached the server with which bodies.
 */
describe('deep links along the deep-link machine’s paths', () => {
  const REFERRAL = 'POST /referrals/become';
  const TRACKING = 'POST /tracking';

  /** Where each scenario's start parameter must lead, and whether the mini app expands there. */
  const TARGETS: Record<DeepLinkScenario, { path: string; expand: boolean } | null> = {
    'both hashes, signed out': { path: '/p2p/offers/42', expand: true },
    'both hashes, signed in': { path: '/invoices/IV1234567890/choose', expand: false },
    'referral only, signed out': { path: '/', expand: true },
    'tracking only, signed in': { path: '/help/fees', expand: false },
    'no hashes': { path: '/', expand: true },
    'a market user, no hashes': { path: '/p2p/users/55', expand: true },
    'no start parameter': null,
  };

  interface Seen {
    scenario: DeepLinkScenario;
    navigations: string[];
    expansions: number;
    /** Signed in at the start or since (spec 000 s.6: registrations need a signed-in user). */
    signedIn: boolean;
    server: HeldServer;
  }

  const bodiesTo = (seen: Seen, route: string) =>
    seen.server.requests.filter((request) => request.route === route).map((request) => request.body);

  /** One hand-written expectation per state of each region. */
  const EXPECTED: Record<string, (seen: Seen) => void> = {
    'navigation.navigated': (seen) => {
      const target = TARGETS[seen.scenario];
      expect(seen.navigations).toEqual(target === null ? [] : [target.path]);
      expect(seen.expansions).toBe(target?.expand === true ? 1 : 0);
    },
    'navigation.skipped': (seen) => {
      expect(seen.navigations).toEqual([]);
      expect(seen.expansions).toBe(0);
    },
    'referral.skipped': (seen) => expect(bodiesTo(seen, REFERRAL)).toEqual([]),
    'referral.waitingForSignIn': (seen) => expect(bodiesTo(seen, REFERRAL)).toEqual([]),
    'referral.registering': (seen) => {
      expect(seen.signedIn, 'signed in').toBe(true);
      expect(bodiesTo(seen, REFERRAL)).toEqual([{ invite_hash: 'ref42' }]);
      expect(seen.server.isWaiting(REFERRAL)).toBe(true);
    },
    'referral.done': (seen) => {
      expect(seen.signedIn, 'signed in').toBe(true);
      expect(bodiesTo(seen, REFERRAL)).toEqual([{ invite_hash: 'ref42' }]);
      expect(seen.server.isWaiting(REFERRAL)).toBe(false);
    },
    'tracking.skipped': (seen) => expect(bodiesTo(seen, TRACKING)).toEqual([]),
    'tracking.waitingForSignIn': (seen) => expect(bodiesTo(seen, TRACKING)).toEqual([]),
    'tracking.registering': (seen) => {
      expect(seen.signedIn, 'signed in').toBe(true);
      expect(bodiesTo(seen, TRACKING)).toEqual([{ tracking_hash: 'ads7' }]);
      expect(seen.server.isWaiting(TRACKING)).toBe(true);
    },
    'tracking.done': (seen) => {
      expect(seen.signedIn, 'signed in').toBe(true);
      expect(bodiesTo(seen, TRACKING)).toEqual([{ tracking_hash: 'ads7' }]);
      expect(seen.server.isWaiting(TRACKING)).toBe(false);
    },
  };

  const SCENARIOS = Object.keys(scenarios).filter((name): name is DeepLinkScenario => name in scenarios);

  describe.each(SCENARIOS)('%s', (scenario) => {
    for (const path of deepLinkPaths(scenario)) {
      it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
        const server = new HeldServer(new Set([REFERRAL, TRACKING]));
        server.install();
        const seen: Seen = {
          scenario,
          navigations: [],
          expansions: 0,
          signedIn: scenarios[scenario].signedIn === true,
          server,
        };
        const machine = provideDeepLink({
          navigate: (href) => void seen.navigations.push(href),
          platform: {
            expand: () => {
              seen.expansions += 1;
            },
          },
        });
        const actor = createActor(machine, { input: scenarios[scenario] }).start();
        await settle();
        expectStates(EXPECTED, leafStates(actor.getSnapshot().value), seen, 'at the start');
        for (const step of path.steps) {
          const event = step.event;
          if (isActorSettle(event)) {
            const route = event.id === 'registerReferral' ? REFERRAL : TRACKING;
            await server.answer(
              route,
              event.type === 'actor.done'
                ? { status: 200, body: { result: true } }
                : { status: 500, body: { code: 'server_error', message: 'down' } },
            );
          } else if (!isTimePass(event)) {
            seen.signedIn = true;
            actor.send(event);
            await settle();
          }
          expectStates(EXPECTED, leafStates(actor.getSnapshot().value), seen, `after "${describeEvent(event)}"`);
        }
        actor.stop();
      });
    }
  });
});
