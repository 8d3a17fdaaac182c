import { createFileRoute } from '@tanstack/react-router';
import { verificationOverviewQueryOptions } from '../api/verificationQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { VerificationLevelsView } from '../features/verification/VerificationLevelsView.tsx';

/** `/account/verification`: what is verified and every level (features/verification). */
export const Route = createFileRoute('/account/verification/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(verificationOverviewQueryOptions());
  },
  component: () => <SessionGate>{() => <VerificationLevelsView />}</SessionGate>,
});
