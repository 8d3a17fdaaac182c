import * as z from 'zod/mini';

/**
 * Every error answer of the API has this one shape. `code` is a stable machine
 * code (snake_case) that clients may branch on; the HTTP status travels beside it.
 */
export const apiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  data: z.optional(z.unknown()),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** Stable machine codes the server uses across areas; areas add their own. */
export const commonErrorCodes = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'internal_error',
] as const;
export type CommonErrorCode = (typeof commonErrorCodes)[number];

/** `data` of a 400 `validation_failed` answer: which part of the request was wrong, and how. */
export const validationFailedData = z.object({
  location: z.enum(['params', 'query', 'body']),
  issues: z.array(
    z.object({
      path: z.array(z.union([z.string(), z.number()])),
      code: z.string(),
      message: z.string(),
    }),
  ),
});
export type ValidationFailedData = z.infer<typeof validationFailedData>;
