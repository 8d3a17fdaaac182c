import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { EmailChangeFlow } from '../features/security/SecurityFlows.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

export const Route = createFileRoute('/account/security/email')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: EmailRoute,
});

function EmailRoute() {
  const navigate = Route.useNavigate();
  const onDone = useCallback(() => void navigate({ to: '/account/security', replace: true }), [navigate]);
  return <SessionGate>{() => <EmailChangeFlow onDone={onDone} />}</SessionGate>;
}
