import { createFileRoute } from '@tanstack/react-router';
import { authConfigQueryOptions } from '../api/authConfig.ts';
import { HelpView } from '../features/help/HelpView.tsx';

export const Route = createFileRoute('/help/')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(authConfigQueryOptions()),
  component: HelpView,
});
