import { createFileRoute } from '@tanstack/react-router';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { TimeZoneView } from '../features/settings/TimeZoneView.tsx';

export const Route = createFileRoute('/account/settings/time-zone')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: TimeZoneRoute,
});

function TimeZoneRoute() {
  return <SessionGate>{(settings) => <TimeZoneView settings={settings} />}</SessionGate>;
}
