import { createFileRoute } from '@tanstack/react-router';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { NoAccessView } from '../features/verification/NoAccessView.tsx';

/** `/no-access`: verification, and what needs it, is closed to this person. */
export const Route = createFileRoute('/no-access')({
  component: () => <SessionGate>{() => <NoAccessView />}</SessionGate>,
});
