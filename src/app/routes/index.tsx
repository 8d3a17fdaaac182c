import { createFileRoute } from '@tanstack/react-router';
import { HomeView } from '../features/home/HomeView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { TransactionHistory } from '../features/wallet/TransactionHistory.tsx';

// The session is the sign-in machine's, started with the app: nothing to load here.
export const Route = createFileRoute('/')({
  component: HomeRoute,
});

// Features do not import each other: the home gets the wallet's history from here.
function HomeRoute() {
  return (
    <SessionGate>
      {(settings) => <HomeView history={<TransactionHistory timeZone={settings.timezone} />} />}
    </SessionGate>
  );
}
