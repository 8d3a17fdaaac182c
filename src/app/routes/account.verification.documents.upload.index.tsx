import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { documentType } from '../../contract/document-types.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { ChooseDocumentTypeView, NewDocumentUploadView } from '../features/verification/DocumentUploadPages.tsx';

/** One URL per step: no `type` is the type choice, `?type=passport` the file's upload. */
const uploadSearch = z.object({ type: z.catch(z.optional(documentType), undefined) });

/** `/account/verification/documents/upload`: add a document (what it is, then its file). */
export const Route = createFileRoute('/account/verification/documents/upload/')({
  validateSearch: uploadSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: UploadRoute,
});

function UploadRoute() {
  const type = Route.useSearch({ select: (search) => search.type });
  return (
    <SessionGate>
      {(settings) =>
        type === undefined ? <ChooseDocumentTypeView /> : <NewDocumentUploadView type={type} settings={settings} />
      }
    </SessionGate>
  );
}
