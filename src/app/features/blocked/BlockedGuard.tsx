import { useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { isBlocked } from '../../../contract/settings.ts';
import { useSignedInSettings } from '../../lib/signedInSettings.ts';
import { isGuardedPath } from './guardedPaths.ts';

// The screen (and its date formatting) loads only when someone blocked opens a guarded area.
const BlockedScreen = lazy(() => import('./BlockedScreen.tsx').then((module) => ({ default: module.BlockedScreen })));

/**
 * The root layout's guard around the routes: on a guarded path (see guardedPaths.ts) a
 * signed-in person whose compliance is locked or banned sees the blocked screen instead of the
 * route. Other paths, people who are not signed in (the route shows the session's pages) and
 * unblocked people see the route.
 */
export function BlockedGuard({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const guarded = isGuardedPath(pathname);
  const session = useSignedInSettings({ enabled: guarded });
  if (!guarded) return children;
  // Signed in, settings on their way: nothing yet, so a guarded screen never flashes.
  if (session.status === 'loading') return null;
  if (session.status === 'signed-in' && isBlocked(session.settings.compliance)) {
    return (
      <Suspense fallback={null}>
        <BlockedScreen compliance={session.settings.compliance} timeZone={session.settings.timezone} />
      </Suspense>
    );
  }
  return children;
}
