import { createFileRoute } from '@tanstack/react-router';
import { ChangePasscodePage } from '../features/security/recovery/ChangePasscodePage.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

/**
 * `/account/security/passcode/change`: change or restore the passcode through an e-mail code
 * ("Forgot passcode?" on the confirmation page and the security page open it; spec 001 s.4).
 */
export const Route = createFileRoute('/account/security/passcode/change')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: ChangePasscodeRoute,
});

function ChangePasscodeRoute() {
  return <SessionGate>{() => <ChangePasscodePage />}</SessionGate>;
}
