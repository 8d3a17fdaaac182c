import * as z from 'zod/mini';
import { documentType } from './document-types';
import { defineEndpoint } from './endpoint';
import { fileDownload } from './files';
import { verificationLevel } from './verification-level';

/**
 * Compliance requests and documents (spec 000 s.3, s.4, s.7). Shapes beyond the document item are
 * ours, decided in docs/verification.md. Files travel as multipart (`@fastify/multipart`), not JSON:
 * `POST /user/compliance-documents/:short_id/file` uploads the file of a requested document and
 * `POST /user/compliance-documents` (field `type`, then `file`) adds a document the person chose;
 * both answer a `complianceDocument`. `GET /user/compliance-documents/:short_id/file` serves the
 * file to its owner only (operators read it through the operator area).
 */

export const complianceRequestKinds = ['inactive', 'pending', 'verification_requested', 'documents_requested'] as const;
export const complianceRequestKind = z.enum(complianceRequestKinds);
export type ComplianceRequestKind = z.infer<typeof complianceRequestKind>;

export const documentStatuses = ['approved', 'rejected', 'on_review', 'requested'] as const;
export const documentStatus = z.enum(documentStatuses);
export type DocumentStatus = z.infer<typeof documentStatus>;

export { type DocumentType, documentType, documentTypes } from './document-types';

/** Uploads are images (JPEG, PNG, WebP, HEIC) or PDF, recognised by their bytes, at most this big. */
export const maxUploadBytes = 10 * 1024 * 1024;
/** What one account may keep in all: this many files, of at most this many bytes together. */
export const maxStoredFilesPerAccount = 100;
export const maxStoredBytesPerAccount = 200 * 1024 * 1024;
export const uploadMediaTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;

const isoDateTime = z.iso.datetime({ offset: true });

/** Spec 000 s.3 "Verification document item", plus what the list needs to explain a status. */
export const complianceDocument = z.object({
  short_id: z.string(),
  type: documentType,
  status: documentStatus,
  /** When the file was uploaded, or null while the document is only requested. */
  uploaded_at: z.nullable(isoDateTime),
  uploaded_name: z.nullable(z.string()),
  /** The operator's note: what to upload, or why it was rejected. */
  comment: z.nullable(z.string()),
});
export type ComplianceDocument = z.infer<typeof complianceDocument>;

export const complianceDocumentList = z.object({ items: z.array(complianceDocument) });

/** `GET /user/compliance`: the current request from compliance, if any. */
export const complianceState = z.object({
  kind: complianceRequestKind,
  /** The operator's message to the person, or null. */
  message: z.nullable(z.string()),
  /** With `verification_requested`: the level to pass. */
  level: z.nullable(verificationLevel),
  /** With `documents_requested`: the documents still to upload. */
  requested_documents: z.array(z.string()),
  updated_at: z.nullable(isoDateTime),
});
export type ComplianceState = z.infer<typeof complianceState>;

export const complianceErrorCodes = {
  /** 403: `can_upload_files` is false. */
  uploadsForbidden: 'uploads_forbidden',
  /** 413: more than {@link maxUploadBytes}. */
  fileTooLarge: 'file_too_large',
  /** 415: the bytes are not an image or PDF, whatever the name says. */
  fileTypeRefused: 'file_type_refused',
  /**
   * 429: the account keeps as many files as one may (100, or 200 MB in all); support can clear
   * old ones. Bounds what one account can write to the server's disk.
   */
  uploadQuotaReached: 'upload_quota_reached',
  /** 400: the multipart body has no file, or more than one. */
  fileMissing: 'file_missing',
  /** 404: no such document for this person. */
  documentNotFound: 'document_not_found',
  /** 409: the document is not waiting for a file (already on review or approved). */
  documentNotRequested: 'document_not_requested',
} as const;

const shortIdParams = z.object({ short_id: z.string().check(z.minLength(1), z.maxLength(32)) });

export const complianceEndpoints = {
  getCompliance: defineEndpoint({
    method: 'GET',
    path: '/user/compliance',
    response: complianceState,
    errors: [401],
    auth: true,
  }),
  listComplianceDocuments: defineEndpoint({
    method: 'GET',
    path: '/user/compliance-documents',
    response: complianceDocumentList,
    errors: [401],
    auth: true,
  }),
  /**
   * Multipart: the one part `file`. Declared without a body schema: the handler reads the stream
   * (`@fastify/multipart`), the app sends it with progress (src/app/api/upload.ts).
   */
  uploadRequestedDocument: defineEndpoint({
    method: 'POST',
    path: '/user/compliance-documents/:short_id/file',
    params: shortIdParams,
    response: complianceDocument,
    errors: [401, 403, 404, 409, 413, 415, 429],
    auth: true,
    upload: true,
  }),
  /** Multipart: the field `type` (a {@link documentType}), then the part `file`. */
  uploadDocument: defineEndpoint({
    method: 'POST',
    path: '/user/compliance-documents',
    response: complianceDocument,
    errors: [401, 403, 413, 415, 429],
    auth: true,
    upload: true,
  }),
  /** The document's file, to its owner only (operators read it through the operator area). */
  getComplianceDocumentFile: defineEndpoint({
    method: 'GET',
    path: '/user/compliance-documents/:short_id/file',
    params: shortIdParams,
    response: fileDownload,
    errors: [401, 404],
    auth: true,
    download: true,
  }),
  getComplianceDocument: defineEndpoint({
    method: 'GET',
    path: '/user/compliance-documents/:short_id',
    params: shortIdParams,
    response: complianceDocument,
    errors: [401, 404],
    auth: true,
  }),
} as const;
