import { createFileRoute } from '@tanstack/react-router';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { DocumentsView } from '../features/verification/DocumentsView.tsx';
import { complianceDocumentsQueryOptions } from '../features/verification/documentsApi.ts';

/** `/account/verification/documents`: the person's documents and their statuses. */
export const Route = createFileRoute('/account/verification/documents/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(complianceDocumentsQueryOptions());
  },
  component: () => <SessionGate>{(settings) => <DocumentsView settings={settings} />}</SessionGate>,
});
