import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders.tsx';
import { createSession, watchUnauthorized } from './features/session/session.ts';
import { activateLocale, pickLocale } from './lib/i18n.ts';
import { createToastActor, toastsOf } from './lib/toasts.tsx';
import { createPlatform } from './platform/detect.ts';
import { createQueryClient } from './queryClient.ts';
import { createAppRouter } from './router.tsx';
import './styles/global.css';

/**
 * Start-up, in order: read the launch parameters once and set up the platform (mini app or
 * web, theme applied before anything paints), load the active locale's catalog, then build the
 * query client, the session and the router, and render.
 */
async function start(): Promise<void> {
  const platform = createPlatform();
  await activateLocale(pickLocale(platform.preferredLanguages));
  document.title = i18n._(msg`Kopilka`);

  const toastActor = createToastActor(platform);
  const toasts = toastsOf(toastActor);
  const queryClient = createQueryClient(toasts);
  watchUnauthorized(queryClient);
  const session = createSession(platform, toasts);
  const router = createAppRouter({ queryClient, platform, session });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
