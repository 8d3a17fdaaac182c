import { createFileRoute } from '@tanstack/react-router';
import { HomeView } from '../features/home/HomeView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

// The session is the sign-in machine's, started with the app: nothing to load here.
export const Route = createFileRoute('/')({
  component: HomeRoute,
});

function HomeRoute() {
  return <SessionGate>{(settings) => <HomeView settings={settings} />}</SessionGate>;
}
