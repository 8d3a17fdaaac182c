import * as z from 'zod/mini';
import type { ValidationFailedData } from '../../contract/errors';
import { validationFailed } from './api-error';

type Location = ValidationFailedData['location'];

/** What a part of the request parses to: the schema's output, or undefined where there is none. */
export type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

function toIssues(error: z.core.$ZodError): ValidationFailedData['issues'] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
    code: issue.code,
    message: issue.message,
  }));
}

/** Parses one part of a request, or throws a 400 `validation_failed` naming every issue. */
export function parseRequestPart<S extends z.ZodMiniType | undefined>(
  schema: S,
  value: unknown,
  location: Location,
): Parsed<S>;
export function parseRequestPart(schema: z.ZodMiniType | undefined, value: unknown, location: Location): unknown {
  if (schema === undefined) return undefined;
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationFailed({ location, issues: toIssues(result.error) });
  return result.data;
}

/** Parses an answer; a mismatch is the server's bug, so it becomes a 500 with the issues logged. */
export function parseResponse<S extends z.ZodMiniType>(schema: S, value: unknown, path: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    throw new Error(`Answer of ${path} does not match its contract: ${JSON.stringify(toIssues(result.error))}`);
  }
  return result.data;
}
