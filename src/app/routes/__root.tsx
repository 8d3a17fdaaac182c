import { firstScreenRouteIds } from 'virtual:kopilka/first-screen-routes';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '../features/shell/NotFound.tsx';
import { RootLayout } from '../features/shell/RootLayout.tsx';
import { backSearch } from '../lib/back.ts';
import { loadEveryText } from '../lib/i18n.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // `?back=` on any route: where its back action goes (lib/back.ts).
  validateSearch: backSearch,
  // The first screens come with their own texts only (scripts/vite/catalogParts.ts); any other
  // route waits for the rest of the catalog, once.
  beforeLoad: async ({ matches }) => {
    const firstScreens = firstScreenRouteIds;
    if (firstScreens !== null && matches.some((match) => !firstScreens.includes(match.routeId))) await loadEveryText();
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});
