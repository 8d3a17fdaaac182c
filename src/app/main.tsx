import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders.tsx';
import { createSession } from './features/session/session.ts';
import { activateLocale, pickLocale } from './lib/i18n.ts';
import { inspectRunningActor, loadInspector } from './lib/inspector.ts';
import { createToastActor, toastsOf } from './lib/toasts.tsx';
import { createPlatform } from './platform/detect.ts';
import { createQueryClient } from './queryClient.ts';
import { createAppRouter } from './router.tsx';
import './styles/global.css';

/**
 * Start-up, in order: read the launch parameters once and set up the platform (mini app or
 * web, theme applied before anything paints), load the active locale's catalog, then build the
 * query client and start signing in (which takes a login page's return off the address before
 * the router reads it), build the router, hand a start parameter to the deep-link machine (before
 * the first route loads), and render.
 */
async function start(): Promise<void> {
  const platform = createPlatform();
  const [inspect] = await Promise.all([
    loadInspector(window.location.search),
    activateLocale(pickLocale(platform.preferredLanguages)),
  ]);
  document.title = i18n._(msg`Kopilka`);
  // The theme actor started with the platform, before the inspector could load.
  if (import.meta.env.DEV && inspect) inspectRunningActor(platform.theme, inspect);

  const toastActor = createToastActor(platform, inspect);
  const toasts = toastsOf(toastActor);
  const queryClient = createQueryClient(toasts);
  const session = createSession({ platform, queryClient, toasts, ...(inspect ? { inspect } : {}) });
  const router = createAppRouter({ queryClient, platform, session });
  if (platform.launchParams?.startParam) {
    // Only a mini-app launch with a start parameter needs the grammar: a chunk of its own, loaded
    // before the first route so the first page is the linked one.
    const { startDeepLink } = await import('./features/deepLink/deepLink.ts');
    startDeepLink({
      platform,
      signIn: session.actor,
      navigate: (href) => void router.navigate({ href, replace: true }),
      ...(inspect ? { inspect } : {}),
    });
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
