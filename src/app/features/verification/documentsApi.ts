import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { complianceEndpoints, type DocumentType } from '../../../contract/compliance.ts';
import { call } from '../../api/call.ts';
import { uploadCall } from '../../api/upload.ts';
import type { UploadFile } from '../../ui/documentUpload.ts';

/** Spec 000 s.3 and s.9: the document list and the compliance request are polled every 5 s, fresh for 5 s. */
export const compliancePollMs = 5000;

const complianceKey = ['compliance'] as const;

/** GET /user/compliance-documents, every 5 s while a screen shows it. */
export function complianceDocumentsQueryOptions() {
  return queryOptions({
    queryKey: [...complianceKey, 'documents'] as const,
    queryFn: ({ signal }) => call(complianceEndpoints.listComplianceDocuments, { signal }),
    refetchInterval: compliancePollMs,
  });
}

/** GET /user/compliance-documents/{short_id}: one document, polled like the list. */
export function complianceDocumentQueryOptions(shortId: string) {
  return queryOptions({
    queryKey: [...complianceKey, 'documents', shortId] as const,
    queryFn: ({ signal }) => call(complianceEndpoints.getComplianceDocument, { params: { short_id: shortId }, signal }),
    refetchInterval: compliancePollMs,
  });
}

/** GET /user/compliance, every 5 s while a screen shows it. */
export function complianceQueryOptions() {
  return queryOptions({
    queryKey: [...complianceKey, 'request'] as const,
    queryFn: ({ signal }) => call(complianceEndpoints.getCompliance, { signal }),
    staleTime: compliancePollMs,
    refetchInterval: compliancePollMs,
  });
}

/** After an upload, the list and the request are stale (a requested document may be on review now). */
export function refreshCompliance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: complianceKey });
}

/** The file of a document compliance asked for: POST /user/compliance-documents/{short_id}/file. */
export function uploadRequestedDocument(shortId: string): UploadFile {
  return (file, { signal, onProgress }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadCall(complianceEndpoints.uploadRequestedDocument, {
      params: { short_id: shortId },
      form,
      signal,
      onProgress,
    });
  };
}

/** A document the person adds: POST /user/compliance-documents with its type, then the file. */
export function uploadNewDocument(type: DocumentType): UploadFile {
  return (file, { signal, onProgress }) => {
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, file.name);
    return uploadCall(complianceEndpoints.uploadDocument, { form, signal, onProgress });
  };
}
