import { createFileRoute } from '@tanstack/react-router';
import { PasscodeConfirmPage } from '../features/security/confirm/PasscodeConfirmPage.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

/**
 * `/passcode/{id}`: the confirmation page opened from the messenger deep link `passcode-{id}`
 * (spec 001 s.2), outside the main route groups; the id is the hash the confirmation token is
 * bound to (transaction type `p2p`, see PasscodeConfirmPage.tsx).
 */
export const Route = createFileRoute('/passcode/$id')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: PasscodeRoute,
});

function PasscodeRoute() {
  const { id } = Route.useParams();
  return <SessionGate>{() => <PasscodeConfirmPage hash={id} />}</SessionGate>;
}
