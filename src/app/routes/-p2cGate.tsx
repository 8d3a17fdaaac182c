import type { ReactNode } from 'react';
import type { UserSettings } from '../../contract/settings.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { NotFound } from '../features/shell/NotFound.tsx';

/**
 * Every signed-in P2C route's gate (spec 001 s.2): the sign-in pages for someone not signed in,
 * then the not-found page unless the `show_p2c` flag is on for the person (an absent flag hides
 * the area, as the P2P gate does), else the route with the settings. Blocked people are stopped
 * before this on /p2c/orders by the root's blocked guard (guardedPaths.ts).
 */
export function P2cGate({ children }: { children: (settings: UserSettings) => ReactNode }) {
  return (
    <SessionGate>
      {(settings) => (settings.feature_flags.show_p2c === true ? children(settings) : <NotFound />)}
    </SessionGate>
  );
}
