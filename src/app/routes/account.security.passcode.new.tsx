import { createFileRoute } from '@tanstack/react-router';
import { SetPasscodeFlow } from '../features/security/SecurityFlows.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { useBack } from '../lib/back.ts';

export const Route = createFileRoute('/account/security/passcode/new')({
  // `?suggestion=strict`: the full suggestion first, which cannot be dismissed (spec 001 s.4
  // "Take-offer passcode rule": a taker selling on a buy offer without a passcode comes here).
  validateSearch: (raw: Record<string, unknown>): { suggestion?: 'strict' } =>
    raw.suggestion === 'strict' ? { suggestion: 'strict' } : {},
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: SetPasscodeRoute,
});

/**
 * The set-passcode flow. No redirect on `settings.passCode`: the flow's own settings poll turns it
 * on mid-flow (before the biometric offer and the completed screen). The security page links here
 * only while no passcode is active; a second one is refused by the server (set_failed).
 */
function SetPasscodeRoute() {
  // Finished (or left), it goes back where the person came from: Security, usually (lib/back.ts).
  const onDone = useBack({ to: '/account/security' });
  const { suggestion } = Route.useSearch();
  return (
    <SessionGate>
      {(settings) => <SetPasscodeFlow settings={settings} suggestion={suggestion ?? 'none'} onDone={onDone} />}
    </SessionGate>
  );
}
