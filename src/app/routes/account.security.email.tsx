import { createFileRoute } from '@tanstack/react-router';
import { EmailChangeFlow } from '../features/security/SecurityFlows.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { useBack } from '../lib/back.ts';

export const Route = createFileRoute('/account/security/email')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: EmailRoute,
});

function EmailRoute() {
  // Finished (or left), it goes back where the person came from: Security, usually (lib/back.ts).
  const onDone = useBack({ to: '/account/security' });
  return <SessionGate>{() => <EmailChangeFlow onDone={onDone} />}</SessionGate>;
}
