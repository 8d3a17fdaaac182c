import { createFileRoute } from '@tanstack/react-router';
import { BiometricEnrolmentFlow } from '../features/security/SecurityFlows.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { useBack } from '../lib/back.ts';

export const Route = createFileRoute('/account/security/biometrics')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: BiometricsRoute,
});

/** Turning biometrics on: the passcode, then the enrolment; back to the security page at the end. */
function BiometricsRoute() {
  // Finished (or left), it goes back where the person came from: Security, usually (lib/back.ts).
  const onDone = useBack({ to: '/account/security' });
  return <SessionGate>{() => <BiometricEnrolmentFlow onDone={onDone} />}</SessionGate>;
}
