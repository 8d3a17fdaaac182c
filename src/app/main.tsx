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
import { preloadSignedInHome } from './routes/-preloadSignedInHome.ts';
import './styles/global.css';

/**
 * Start-up. Nothing waits that need not: the platform is set up at once (mini app or web, theme
 * applied before anything paints); then, all at the same time, the active locale's catalog
 * downloads, sign-in starts (it takes a login page's return off the address before the router
 * reads it), the first route's chunks load, and inside the mini app the signed-in home's chunks and
 * the asset catalogue too, so that the home paints as soon as the sign-in answers (it carries the
 * settings and the balance).
 * The router is built, a start parameter goes to the deep-link machine (before the first route
 * loads), and the app renders once the catalog is there, so no text flashes in English.
 */
async function start(): Promise<void> {
  const platform = createPlatform();
  const catalog = activateLocale(pickLocale(platform.preferredLanguages));
  // Only a mini-app launch with a start parameter needs the grammar: a chunk of its own.
  const deepLink = platform.launchParams?.startParam ? import('./features/deepLink/deepLink.ts') : null;
  const inspect = await loadInspector(window.location.search);
  // The theme actor started with the platform, before the inspector could load.
  if (import.meta.env.DEV && inspect) inspectRunningActor(platform.theme, inspect);

  const toastActor = createToastActor(platform, inspect);
  const toasts = toastsOf(toastActor);
  const queryClient = createQueryClient(toasts);
  const session = createSession({
    platform,
    queryClient,
    toasts,
    catalogLoaded: catalog,
    ...(inspect ? { inspect } : {}),
  });
  if (platform.launchParams?.initDataRaw) preloadSignedInHome(window.location.pathname);
  const router = createAppRouter({ queryClient, platform, session });
  // The first route's code downloads now, alongside the catalog and sign-in, not once the app
  // renders (a chunk that fails here fails again, and is shown, when the route renders).
  const [firstRoutes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of firstRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);
  await catalog;
  document.title = i18n._(msg`Kopilka`);
  if (deepLink) {
    const { startDeepLink } = await deepLink;
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
