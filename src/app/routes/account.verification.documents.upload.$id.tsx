import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { RequestedDocumentUploadView } from '../features/verification/DocumentUploadPages.tsx';
import { complianceDocumentQueryOptions } from '../features/verification/documentsApi.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** A document's short id as the contract takes it; anything else is the not-found page. */
const documentParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(32)) });

/** `/account/verification/documents/upload/{id}`: the file of a requested document. */
export const Route = createFileRoute('/account/verification/documents/upload/$id')({
  params: { parse: (raw) => parseParamsOrNotFound(documentParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(complianceDocumentQueryOptions(params.id));
  },
  component: RequestedUploadRoute,
});

function RequestedUploadRoute() {
  const { id } = Route.useParams();
  return (
    <SessionGate>{(settings) => <RequestedDocumentUploadView key={id} id={id} settings={settings} />}</SessionGate>
  );
}
