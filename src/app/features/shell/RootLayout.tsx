import { Outlet, useRouteContext, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSignIn } from '../../lib/session.ts';
import { BlockedGuard } from '../blocked/BlockedGuard.tsx';
import { useFollowSettings } from '../settings/useFollowSettings.ts';
import { Header } from './Header.tsx';
import { silenceHarmlessGlobalErrors } from './harmlessGlobalErrors.ts';
import { LoadingIndicator } from './LoadingIndicator.tsx';
import { ScreenActionBar } from './ScreenActionBar.tsx';
import { ToastHost } from './ToastHost.tsx';
import { useWaitingForServer } from './useWaiting.ts';
import './shell.css';

/**
 * The shell around every screen: the header on the web only (the mini app has Telegram's own
 * chrome), the settings button inside the mini app (opens the account), the loading indicator
 * for route loads, the session check and every request the person waits for, and the toast area.
 */
export function RootLayout() {
  const { platform } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const routePending = useRouterState({ select: (state) => state.status === 'pending' });
  // The session check (or logging out) in flight; a failed check shows its own retry page.
  const sessionLoading = useSignIn((snapshot) => snapshot.hasTag('loading') && !snapshot.hasTag('retrying'));
  const waitingForServer = useWaitingForServer();

  useEffect(() => silenceHarmlessGlobalErrors(), []);
  useEffect(() => platform.onSettingsButton(() => void router.navigate({ to: '/account' })), [platform, router]);
  useEffect(() => platform.ready(), [platform]);
  // The signed-in person's saved language (and device time zone while none is saved).
  useFollowSettings();

  return (
    <>
      {platform.kind === 'web' ? <Header /> : null}
      <main className="shell-main">
        {/* Guarded areas show the blocked screen to a blocked person (features/blocked). */}
        <BlockedGuard>
          <Outlet />
        </BlockedGuard>
        {/* The screen's main and secondary actions where Telegram does not draw them. */}
        <ScreenActionBar />
      </main>
      <LoadingIndicator busy={routePending || sessionLoading || waitingForServer} />
      <ToastHost />
    </>
  );
}
