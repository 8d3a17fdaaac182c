import { createFileRoute } from '@tanstack/react-router';
import { SecurityView } from '../features/security/SecurityView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

export const Route = createFileRoute('/account/security/')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: SecurityRoute,
});

function SecurityRoute() {
  return <SessionGate>{() => <SecurityView />}</SessionGate>;
}
