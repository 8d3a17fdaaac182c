import { QueryClient, queryOptions } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type React from 'react';
import { type Mock, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type SessionSettings, signInMachine } from '../../machines/signIn.machine.ts';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { type Session, type SessionState, sessionQueryKey } from '../../src/app/lib/session.ts';
import { createToastActor } from '../../src/app/lib/toasts.tsx';
import { createScreenActionsStore } from '../../src/app/platform/screenActions.ts';
import { createThemeActor, themeStore } from '../../src/app/platform/theme.ts';
import type { Platform } from '../../src/app/platform/types.ts';
import { capabilitiesFor } from '../../src/app/platform/versionGates.ts';
import { createAppRouter } from '../../src/app/router.tsx';

export function fakePlatform(kind: 'web' | 'mini-app', version = '8.0'): Platform {
  // The real theme machine, light, storing nothing (tests/app/theme drives it along its model).
  const theme = createThemeActor({
    root: document.documentElement,
    storage: null,
    deviceScheme: 'light',
    messengerScheme: kind === 'mini-app' ? 'light' : null,
  });
  return {
    kind,
    messenger: kind === 'mini-app' ? { version, platform: 'ios', desktop: false } : null,
    launchParams: null,
    capabilities: capabilitiesFor(kind === 'mini-app' ? version : null),
    preferredLanguages: [],
    theme,
    ...themeStore(theme),
    haptic: vi.fn(),
    alert: vi.fn(() => Promise.resolve()),
    onSettingsButton: vi.fn(() => () => {}),
    screenActions: createScreenActionsStore(),
    navigated: vi.fn(),
    expand: vi.fn(),
    ready: vi.fn(),
    requestContact: vi.fn(() => Promise.resolve({ status: 'unavailable' as const })),
  };
}

export type FakeSession = Session & {
  signIn: Mock<() => void>;
  retry: Mock<() => void>;
  logOut: Mock<() => void>;
};

/**
 * A session whose sign-in machine is the real one, with a session check that answers `state`
 * (signed in: the settings; signed out: a 401; an Error: no response, so it retries after 5 s).
 * Nothing leaves the test: the trip to the login page never ends, logout answers at once.
 */
export function fakeSession(state: SessionState | Error): FakeSession {
  const machine = signInMachine.provide({
    actors: {
      checkSession: fromPromise<SessionSettings, void>(async () => {
        if (state instanceof Error) throw { status: null };
        if (state.status === 'signed-out') throw { status: 401 };
        return state.settings;
      }),
      endSession: fromPromise<void, void>(async () => {}),
    },
    actions: { logOut: () => {} },
  });
  const actor = createActor(machine, { input: {} }).start();
  return {
    actor,
    queryOptions: queryOptions({
      queryKey: sessionQueryKey,
      queryFn: () => (state instanceof Error ? Promise.reject(state) : Promise.resolve(state)),
      retry: false,
    }),
    signIn: vi.fn(() => actor.send({ type: 'signIn.start' })),
    retry: vi.fn(() => actor.send({ type: 'signIn.retry' })),
    logOut: vi.fn(() => actor.send({ type: 'session.logout' })),
  };
}

export const signedIn: SessionState = {
  status: 'signed-in',
  settings: {
    id: 42,
    language: 'en',
    local_currency: 'USD',
    timezone: 'Europe/Berlin',
    permissions: {},
    compliance: { lock: false, ban: false, ban_reason: null, pending_actions_from_user: false, soft_ban_until: null },
    is_tester: false,
    feature_flags: {},
  },
};

/** Renders the whole app (providers, router, shell) at `path` with fakes for the outside world. */
export function renderApp(options: { path?: string; platform?: Platform; session?: Session } = {}) {
  const platform = options.platform ?? fakePlatform('web');
  const session = options.session ?? fakeSession({ status: 'signed-out' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const toastActor = createToastActor(platform);
  const history = createMemoryHistory({ initialEntries: [options.path ?? '/'] });
  const router = createAppRouter({ queryClient, platform, session }, history);
  const result = render(
    <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, platform, session, toastActor, queryClient };
}

/** Renders one piece of UI inside the app's providers (no router). */
export function renderWithProviders(ui: React.ReactNode, options: { platform?: Platform; session?: Session } = {}) {
  const platform = options.platform ?? fakePlatform('web');
  const session = options.session ?? fakeSession({ status: 'signed-out' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const toastActor = createToastActor(platform);
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={session}>
      {children}
    </AppProviders>
  );
  // The wrapper stays around on rerender, so providers are never lost.
  return { ...render(ui, { wrapper }), platform, toastActor, session, queryClient };
}
