import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders.tsx';
import { stylesheetsLoaded } from './appStart.ts';
import { firstLocale, launchParams } from './earlyStart.ts';
import { createSession } from './features/session/session.ts';
import { activateLocale } from './lib/i18n.ts';
import { inspectRunningActor, loadInspector } from './lib/inspector.ts';
import { createToastActor, toastsOf } from './lib/toasts.tsx';
import { createPlatform } from './platform/detect.ts';
import { createQueryClient } from './queryClient.ts';
import { createAppRouter } from './router.tsx';
import './styles/base.css';
import './styles/global.css';
import './styles/launch.css';

/**
 * Start-up. Nothing waits that need not: before this module's framework has even arrived, the page's
 * early start (earlyStart.ts, its own script in index.html) has sent for the locale's catalog and,
 * inside the mini app, the sign-in, the asset catalogue and the signed-in home's chunks, so that
 * the home paints as soon as the sign-in answers (it carries the settings and the balance). Here
 * the platform is set up at once (mini app or web, theme applied before anything paints); then,
 * all at the same time, sign-in starts (taking the early answer; it takes a login page's return
 * off the address before the router reads it) and the first route's chunks load.
 * The router is built, a start parameter goes to the deep-link machine (before the first route
 * loads), and the app renders once the catalog is there, so no text flashes in English.
 */
async function start(): Promise<void> {
  const platform = createPlatform(launchParams);
  // Its download started with the page (earlyStart.ts); this takes it and activates it.
  const catalog = activateLocale(firstLocale);
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

  // index.html starts the stylesheets once the launch screen has painted; this code may come first.
  await stylesheetsLoaded(document);
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
