import { createFileRoute } from '@tanstack/react-router';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { RestrictionRegionView } from '../features/verification/RestrictionRegionView.tsx';

/** `/restriction-region`: verification refused for the country of residence (RESTRICTED_REGION). */
export const Route = createFileRoute('/restriction-region')({
  component: () => <SessionGate>{() => <RestrictionRegionView />}</SessionGate>,
});
