import { QueryClient, queryOptions } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type React from 'react';
import { type Mock, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { type Session, type SessionState, sessionQueryKey } from '../../src/app/lib/session.ts';
import { createToastActor } from '../../src/app/lib/toasts.tsx';
import type { Platform, ThemeState } from '../../src/app/platform/types.ts';
import { capabilitiesFor } from '../../src/app/platform/versionGates.ts';
import { createAppRouter } from '../../src/app/router.tsx';

export function fakePlatform(kind: 'web' | 'mini-app', version = '8.0'): Platform {
  // getTheme must return the same object until the theme changes (useSyncExternalStore).
  const theme: ThemeState = { scheme: 'light', source: kind === 'mini-app' ? 'telegram' : 'device' };
  return {
    kind,
    messenger: kind === 'mini-app' ? { version, platform: 'ios', desktop: false } : null,
    launchParams: null,
    capabilities: capabilitiesFor(kind === 'mini-app' ? version : null),
    preferredLanguages: [],
    getTheme: () => theme,
    subscribeTheme: () => () => {},
    haptic: vi.fn(),
    alert: vi.fn(() => Promise.resolve()),
    onSettingsButton: vi.fn(() => () => {}),
    navigated: vi.fn(),
    ready: vi.fn(),
  };
}

export function fakeSession(state: SessionState | Error): Session & { signIn: Mock<() => void> } {
  return {
    queryOptions: queryOptions({
      queryKey: sessionQueryKey,
      queryFn: () => (state instanceof Error ? Promise.reject(state) : Promise.resolve(state)),
      retry: false,
    }),
    signIn: vi.fn<() => void>(),
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
    <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, platform, session, toastActor, queryClient };
}

/** Renders one piece of UI inside the app's providers (no router). */
export function renderWithProviders(ui: React.ReactNode, options: { platform?: Platform } = {}) {
  const platform = options.platform ?? fakePlatform('web');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const toastActor = createToastActor(platform);
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor}>
      {children}
    </AppProviders>
  );
  // The wrapper stays around on rerender, so providers are never lost.
  return { ...render(ui, { wrapper }), platform, toastActor };
}
