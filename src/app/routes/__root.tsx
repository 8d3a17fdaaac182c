import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '../features/shell/NotFound.tsx';
import { RootLayout } from '../features/shell/RootLayout.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});
