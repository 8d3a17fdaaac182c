import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '../features/shell/NotFound.tsx';
import { RootLayout } from '../features/shell/RootLayout.tsx';
import { backSearch } from '../lib/back.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // `?back=` on any route: where its back action goes (lib/back.ts).
  validateSearch: backSearch,
  component: RootLayout,
  notFoundComponent: NotFound,
});
