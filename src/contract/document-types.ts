import * as z from 'zod/mini';

/**
 * What a document is; operators request one of these, a person may add any of them. A module of
 * its own: the upload route's search schema (part of the route tree every first screen loads)
 * needs only this from the compliance contract, and a module goes into one chunk whole
 * (docs/performance.md).
 */
export const documentTypes = [
  'passport',
  'id_card',
  'driving_licence',
  'proof_of_address',
  'selfie',
  'source_of_funds',
  'bank_statement',
  'other',
] as const;
export const documentType = z.enum(documentTypes);
export type DocumentType = z.infer<typeof documentType>;
