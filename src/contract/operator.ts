import * as z from 'zod/mini';
import { complianceDocument, complianceState, documentType } from './compliance';
import { defineEndpoint } from './endpoint';
import { fileDownload } from './files';
import { compliance } from './settings';
import { verificationLevel } from './verification-level';

/**
 * The operator area (`/operator/...`): compliance operators, named by their Telegram ids in
 * OPERATOR_IDS, look up a person, request documents or a verification level, review documents
 * and set or lift restrictions, each action with a reason and recorded. Anyone else gets the
 * same 404 as an unknown path. The P2P disputes will join the same area. Decided in
 * docs/verification.md.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A Telegram user id as text (a path or a form): digits a JavaScript number holds exactly, so
 * 2^53 + 1 is refused rather than read as 2^53, another person.
 */
export const telegramUserIdText = z.string().check(
  z.regex(/^[1-9][0-9]{0,15}$/, 'Expected a Telegram user id'),
  z.refine((text) => Number.isSafeInteger(Number(text)), 'Expected a Telegram user id'),
);
const userParams = z.object({ user_id: telegramUserIdText });
const documentParams = z.object({
  user_id: telegramUserIdText,
  short_id: z.string().check(z.minLength(1), z.maxLength(32)),
});

/** Why the operator acts: recorded with the action, never shown to the person. */
const reason = z.string().check(z.trim(), z.minLength(1), z.maxLength(500));
/** Text the person reads (the request's message, a document's comment). */
const noteToUser = z.string().check(z.trim(), z.minLength(1), z.maxLength(500));

export const operatorActionNames = [
  'request_documents',
  'request_verification',
  'close_request',
  'approve_document',
  'reject_document',
  'lock',
  'unlock',
  'ban',
  'unban',
  'soft_ban',
  'lift_soft_ban',
] as const;
export const operatorActionName = z.enum(operatorActionNames);
export type OperatorActionName = z.infer<typeof operatorActionName>;

export const operatorAction = z.object({
  /** The operator's Telegram id; null for the local-mode stand-in page. */
  operator_id: z.nullable(z.number()),
  action: operatorActionName,
  reason: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  created_at: isoDateTime,
});
export type OperatorAction = z.infer<typeof operatorAction>;

/** A document as an operator sees it: the person's view plus its file. */
export const operatorDocument = z.object({
  ...complianceDocument.shape,
  file: z.nullable(z.object({ id: z.string(), media_type: z.string(), size: z.number() })),
  reviewed_at: z.nullable(isoDateTime),
});
export type OperatorDocument = z.infer<typeof operatorDocument>;

/** `GET /operator/users/:user_id`: everything compliance knows about one person. */
export const operatorUserView = z.object({
  user: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.nullable(z.string()),
    username: z.nullable(z.string()),
  }),
  compliance,
  request: complianceState,
  documents: z.array(operatorDocument),
  /** The latest actions first, at most 100. */
  actions: z.array(operatorAction),
});
export type OperatorUserView = z.infer<typeof operatorUserView>;

export const documentRequestBody = z.strictObject({
  documents: z
    .array(z.strictObject({ type: documentType, comment: z.optional(noteToUser) }))
    .check(z.minLength(1), z.maxLength(10)),
  message: z.optional(noteToUser),
  reason,
});

export const verificationRequestBody = z.strictObject({
  level: verificationLevel,
  message: z.optional(noteToUser),
  reason,
});

export const closeRequestBody = z.strictObject({ reason });

/** Approve or reject a document on review; a rejection tells the person why (the comment). */
export const documentReviewBody = z
  .strictObject({
    decision: z.enum(['approve', 'reject']),
    comment: z.optional(noteToUser),
    reason: z.optional(reason),
  })
  .check(
    z.refine(
      (body) => body.decision === 'approve' || body.comment !== undefined,
      'A rejection needs a comment for the person',
    ),
  );
export type DocumentReview = z.infer<typeof documentReviewBody>;

/**
 * Restrictions to set or lift; fields left out keep their value. `ban_reason` (shown to the
 * person) goes with `ban: true`; `soft_ban_until` null lifts a soft ban.
 */
export const restrictionsBody = z
  .strictObject({
    lock: z.optional(z.boolean()),
    ban: z.optional(z.boolean()),
    ban_reason: z.optional(noteToUser),
    soft_ban_until: z.optional(z.nullable(isoDateTime)),
    reason,
  })
  .check(
    z.refine(
      (body) => body.lock !== undefined || body.ban !== undefined || body.soft_ban_until !== undefined,
      'Set or lift at least one of lock, ban and soft_ban_until',
    ),
    z.refine((body) => body.ban_reason === undefined || body.ban === true, 'ban_reason goes with ban: true'),
  );
export type RestrictionsChange = z.infer<typeof restrictionsBody>;

/** Stable error codes of the operator area. */
export const operatorErrorCodes = {
  /** 404: no such user. */
  userNotFound: 'user_not_found',
  /** 409: the document is not on review (approve/reject only a document with a file to look at). */
  documentNotOnReview: 'document_not_on_review',
} as const;

export const operatorEndpoints = {
  getOperatorUser: defineEndpoint({
    method: 'GET',
    path: '/operator/users/:user_id',
    params: userParams,
    response: operatorUserView,
    errors: [404],
    auth: true,
  }),
  requestDocuments: defineEndpoint({
    method: 'POST',
    path: '/operator/users/:user_id/document-requests',
    params: userParams,
    body: documentRequestBody,
    response: operatorUserView,
    errors: [404],
    auth: true,
  }),
  requestVerification: defineEndpoint({
    method: 'POST',
    path: '/operator/users/:user_id/verification-request',
    params: userParams,
    body: verificationRequestBody,
    response: operatorUserView,
    errors: [404],
    auth: true,
  }),
  closeRequest: defineEndpoint({
    method: 'POST',
    path: '/operator/users/:user_id/compliance-request/close',
    params: userParams,
    body: closeRequestBody,
    response: operatorUserView,
    errors: [404],
    auth: true,
  }),
  reviewDocument: defineEndpoint({
    method: 'POST',
    path: '/operator/users/:user_id/documents/:short_id/review',
    params: documentParams,
    body: documentReviewBody,
    response: operatorUserView,
    errors: [404, 409],
    auth: true,
  }),
  /** Any person's document file, as an attachment. */
  getDocumentFile: defineEndpoint({
    method: 'GET',
    path: '/operator/users/:user_id/documents/:short_id/file',
    params: documentParams,
    response: fileDownload,
    errors: [404],
    auth: true,
    download: true,
  }),
  setRestrictions: defineEndpoint({
    method: 'POST',
    path: '/operator/users/:user_id/restrictions',
    params: userParams,
    body: restrictionsBody,
    response: operatorUserView,
    errors: [404],
    auth: true,
  }),
} as const;
