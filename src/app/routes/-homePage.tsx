import { lazy, Suspense } from 'react';
import { SessionGate } from '../features/session/SessionGate.tsx';

// The signed-out first screen is the sign-in prompt: the wallet (money and date formatting,
// icons, history) loads only once someone is signed in, in parallel with their balance.
const SignedInHome = lazy(() => import('./-signedInHome.tsx'));

/** Home, for `/` and `/qr-pay` alike (spec 000 s.2: "/qr-pay shows the same page"). */
export function HomePage() {
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
