import { firstScreenRouteIds, screenPartRouteIds } from 'virtual:kopilka/first-screen-routes';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '../features/shell/NotFound.tsx';
import { RootLayout } from '../features/shell/RootLayout.tsx';
import { backSearch } from '../lib/back.ts';
import { loadTextsFor } from '../lib/routeTexts.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // `?back=` on any route: where its back action goes (lib/back.ts).
  validateSearch: backSearch,
  // The first screens come with their own texts only (scripts/vite/catalogParts.ts); withdraw waits
  // for its part of the catalog, any other route for the rest, once.
  beforeLoad: ({ matches }) => loadTextsFor(matches, firstScreenRouteIds, screenPartRouteIds),
  component: RootLayout,
  notFoundComponent: NotFound,
});
