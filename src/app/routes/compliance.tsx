import { createFileRoute } from '@tanstack/react-router';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { ComplianceView } from '../features/verification/ComplianceView.tsx';
import { complianceQueryOptions } from '../features/verification/documentsApi.ts';

/** `/compliance`: what compliance asks of the person, and the account's restrictions. */
export const Route = createFileRoute('/compliance')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(complianceQueryOptions());
  },
  component: () => <SessionGate>{(settings) => <ComplianceView settings={settings} />}</SessionGate>,
});
