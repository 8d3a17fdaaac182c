import { notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';

/**
 * A route's `params.parse`: the params as `schema` reads them, or the not-found page when the
 * URL's segments do not fit (an unknown network, a malformed asset code).
 */
export function parseParamsOrNotFound<S extends z.ZodMiniType>(schema: S, raw: unknown): z.output<S> {
  const result = z.safeParse(schema, raw);
  if (!result.success) throw notFound();
  return result.data;
}
