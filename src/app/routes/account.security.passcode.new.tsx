import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SetPasscodeFlow } from '../features/security/SecurityFlows.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

export const Route = createFileRoute('/account/security/passcode/new')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: SetPasscodeRoute,
});

/**
 * The set-passcode flow. No redirect on `settings.passCode`: the flow's own settings poll turns it
 * on mid-flow (before the biometric offer and the completed screen). The security page links here
 * only while no passcode is active; a second one is refused by the server (set_failed).
 */
function SetPasscodeRoute() {
  const navigate = Route.useNavigate();
  const onDone = useCallback(() => void navigate({ to: '/account/security', replace: true }), [navigate]);
  return <SessionGate>{(settings) => <SetPasscodeFlow settings={settings} onDone={onDone} />}</SessionGate>;
}
