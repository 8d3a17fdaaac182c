/**
 * What the view tests that replay a machine's model paths share: the flow's view rendered on its
 * own, and the model steps no one does on the screen.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type React from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import { Header } from '../../../src/app/features/shell/Header.tsx';
import { ScreenActionBar } from '../../../src/app/features/shell/ScreenActionBar.tsx';
import { ToastHost } from '../../../src/app/features/shell/ToastHost.tsx';
import { createToastActor } from '../../../src/app/lib/toasts.tsx';
import { type ActorSettle, flush, isTimePass, type TimePass } from '../../machines/support/model.ts';
import { fakePlatform, fakeSession, signedIn } from '../support.tsx';

/**
 * The view inside the app's providers and a router of its own at `path` (for its links), with the
 * web shell's header (its "Back"), the screen's action buttons and the toasts; answers once the
 * first render's effects have run.
 */
export async function renderFlowView(view: React.ReactNode, path = '/') {
  const platform = fakePlatform('web');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const toastActor = createToastActor(platform);
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Header />
        {view}
        <ScreenActionBar />
        <ToastHost />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={fakeSession(signedIn)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await act(async () => {
    await flush();
  });
  return { platform, router };
}

/** Plays a step that has no control on screen: time passes (fake timers), or an invoked fake settles. */
export async function playOffScreen(
  event: TimePass | ActorSettle,
  fakes: { settle(event: ActorSettle): void },
): Promise<void> {
  if (isTimePass(event)) {
    act(() => vi.advanceTimersByTime(event.ms));
    return;
  }
  await act(async () => {
    fakes.settle(event);
    await flush();
  });
}
