import { useIsFetching } from '@tanstack/react-query';
import { Outlet, useRouteContext, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { sessionQueryKey } from '../../lib/session.ts';
import { Header } from './Header.tsx';
import { silenceHarmlessGlobalErrors } from './harmlessGlobalErrors.ts';
import { LoadingIndicator } from './LoadingIndicator.tsx';
import { ToastHost } from './ToastHost.tsx';
import './shell.css';

/**
 * The shell around every screen: the header on the web only (the mini app has Telegram's own
 * chrome), the settings button inside the mini app (opens the account), the loading indicator
 * for route loads and the session check, and the toast area.
 */
export function RootLayout() {
  const { platform } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const routePending = useRouterState({ select: (state) => state.status === 'pending' });
  const sessionFetching = useIsFetching({ queryKey: sessionQueryKey }) > 0;

  useEffect(() => silenceHarmlessGlobalErrors(), []);
  useEffect(() => platform.onSettingsButton(() => void router.navigate({ to: '/account' })), [platform, router]);
  useEffect(() => platform.ready(), [platform]);

  return (
    <>
      {platform.kind === 'web' ? <Header /> : null}
      <main className="shell-main">
        <Outlet />
      </main>
      <LoadingIndicator busy={routePending || sessionFetching} />
      <ToastHost />
    </>
  );
}
