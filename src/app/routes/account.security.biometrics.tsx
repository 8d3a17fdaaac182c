import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { BiometricEnrolmentFlow } from '../features/security/SecurityFlows.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

export const Route = createFileRoute('/account/security/biometrics')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: BiometricsRoute,
});

/** Turning biometrics on: the passcode, then the enrolment; back to the security page at the end. */
function BiometricsRoute() {
  const navigate = Route.useNavigate();
  const onDone = useCallback(() => void navigate({ to: '/account/security', replace: true }), [navigate]);
  return <SessionGate>{() => <BiometricEnrolmentFlow onDone={onDone} />}</SessionGate>;
}
