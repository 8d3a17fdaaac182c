import type { ReactNode } from 'react';
import type { UserSettings } from '../../contract/settings.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { NotFound } from '../features/shell/NotFound.tsx';
import { canSeeMarketPart, type MarketPart } from '../lib/p2p/marketAccess.ts';

/**
 * Every P2P route's gate: the sign-in pages for someone not signed in, then the not-found page
 * when the person's feature flags hide this part of the market (as if the route did not exist,
 * like any unknown path: nothing tells them what is hidden), else the route with the settings.
 * Blocked people are stopped before this, by the root's blocked guard (guardedPaths.ts).
 */
export function P2PGate({ part, children }: { part: MarketPart; children: (settings: UserSettings) => ReactNode }) {
  return (
    <SessionGate>
      {(settings) => (canSeeMarketPart(settings.feature_flags, part) ? children(settings) : <NotFound />)}
    </SessionGate>
  );
}
