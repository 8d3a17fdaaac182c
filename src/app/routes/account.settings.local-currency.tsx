import { createFileRoute } from '@tanstack/react-router';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { LocalCurrencyView } from '../features/settings/LocalCurrencyView.tsx';

export const Route = createFileRoute('/account/settings/local-currency')({
  // The view fetches the catalogue itself (its schemas stay out of the first screen).
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: LocalCurrencyRoute,
});

function LocalCurrencyRoute() {
  return <SessionGate>{(settings) => <LocalCurrencyView settings={settings} />}</SessionGate>;
}
