import { createFileRoute } from '@tanstack/react-router';
import { DiagnosticView } from '../features/diagnostic/DiagnosticView.tsx';
import { healthQueryOptions } from '../features/diagnostic/healthQuery.ts';

export const Route = createFileRoute('/diagnostic')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(healthQueryOptions()),
  component: DiagnosticView,
});
