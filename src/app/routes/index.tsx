import { createFileRoute } from '@tanstack/react-router';
import { HomeView } from '../features/home/HomeView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

export const Route = createFileRoute('/')({
  // Start the session check with the route; the gate shows its states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: HomeRoute,
});

function HomeRoute() {
  return <SessionGate>{(settings) => <HomeView settings={settings} />}</SessionGate>;
}
