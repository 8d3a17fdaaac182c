import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { SessionGate } from '../features/session/SessionGate.tsx';

// The signed-out first screen is the sign-in prompt: the wallet (money and date formatting,
// icons, history) loads only once someone is signed in, in parallel with their balance.
const SignedInHome = lazy(() => import('./-signedInHome.tsx'));

// The session is the sign-in machine's, started with the app: nothing to load here.
export const Route = createFileRoute('/')({
  component: HomeRoute,
});

function HomeRoute() {
  return (
    <SessionGate>
      {(settings) => (
        <Suspense fallback={null}>
          <SignedInHome settings={settings} />
        </Suspense>
      )}
    </SessionGate>
  );
}
