import { createFileRoute } from '@tanstack/react-router';
import { AccountView } from '../features/account/AccountView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

export const Route = createFileRoute('/account')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: AccountRoute,
});

function AccountRoute() {
  return <SessionGate>{(settings) => <AccountView settings={settings} />}</SessionGate>;
}
