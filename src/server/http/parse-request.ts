import * as z from 'zod/mini';
import type { ValidationFailedData } from '../../contract/errors';
import { validationFailed } from './api-error';
import { strictRequestSchema } from './strict-schema';

type Location = ValidationFailedData['location'];

/** What a part of the request parses to: the schema's output, or undefined where there is none. */
export type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

type Issue = ValidationFailedData['issues'][number];

/** At most this many issues about the text of one request part (a huge body could have millions). */
const maxTextIssues = 20;

/** Unknown keys named in a message: at most 10, each cut to 64 characters. */
function listKeys(keys: readonly string[]): string {
  const shown = keys.slice(0, 10).map((key) => (key.length > 64 ? `${key.slice(0, 64)}…` : key));
  return `${shown.join(', ')}${keys.length > shown.length ? ', …' : ''}`;
}

function toIssues(error: z.core.$ZodError): Issue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
    code: issue.code,
    message: issue.code === 'unrecognized_keys' ? `Unknown fields: ${listKeys(issue.keys)}` : issue.message,
  }));
}

// A lone surrogate (half of a UTF-16 pair) has no UTF-8 form: the database would store U+FFFD.
const loneSurrogate = /\p{Cs}/u;

function textIssue(text: string, path: () => (string | number)[]): Issue | null {
  if (text.includes('\u0000')) {
    return { path: path(), code: 'nul_character', message: 'Text must not contain the NUL character (U+0000)' };
  }
  if (loneSurrogate.test(text)) {
    return { path: path(), code: 'ill_formed_text', message: 'Text must not contain a lone surrogate' };
  }
  return null;
}

/** Where a value sits: its key and its parent's place; the path is built only for an issue. */
interface Place {
  readonly key: string | number;
  readonly parent: Place | null;
}

function pathOf(place: Place | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let current = place; current !== null; current = current.parent) path.push(current.key);
  return path.reverse();
}

/**
 * Every string of a request part, keys included, that the database could not store as sent: a
 * NUL character (PostgreSQL's text cannot hold U+0000, so the query fails) or a lone surrogate
 * (stored as U+FFFD, so the saved text would differ from the sent one). Walks with an explicit
 * stack and parent links, so a body nested 100,000 deep neither overflows the call stack nor
 * costs more than one step per value.
 */
export function textIssues(value: unknown): Issue[] {
  const issues: Issue[] = [];
  const pending: { readonly value: unknown; readonly place: Place | null }[] = [{ value, place: null }];
  for (let next = pending.pop(); next !== undefined && issues.length < maxTextIssues; next = pending.pop()) {
    const { value: current, place } = next;
    if (typeof current === 'string') {
      const issue = textIssue(current, () => pathOf(place));
      if (issue !== null) issues.push(issue);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        pending.push({ value: item, place: { key: index, parent: place } });
      });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const child: Place = { key, parent: place };
        const keyIssue = textIssue(key, () => pathOf(child));
        if (keyIssue !== null) issues.push(keyIssue);
        pending.push({ value: item, place: child });
      }
    }
  }
  return issues.slice(0, maxTextIssues);
}

/**
 * What a part the endpoint does not define must be: nothing. Path params and the query string
 * arrive as empty objects; a body may be absent or JSON null or {}.
 */
const absentPart: Readonly<Record<Location, z.ZodMiniType>> = {
  params: z.strictObject({}),
  query: z.strictObject({}),
  body: z.optional(z.nullable(z.strictObject({}))),
};

/**
 * Parses one part of a request, or throws a 400 `validation_failed` naming every issue: text the
 * database cannot store (anywhere, keys included), fields the schema does not define, and the
 * schema's own issues. Pass the schema through {@link requestSchema} first, so its objects refuse
 * unknown fields. A part the endpoint has no schema for must be empty and parses to undefined.
 */
export function parseRequestPart<S extends z.ZodMiniType | undefined>(
  schema: S,
  value: unknown,
  location: Location,
): Parsed<S>;
export function parseRequestPart(schema: z.ZodMiniType | undefined, value: unknown, location: Location): unknown {
  const issues = textIssues(value);
  const result = z.safeParse(schema ?? absentPart[location], value);
  if (!result.success) issues.push(...toIssues(result.error));
  if (issues.length > 0) throw validationFailed({ location, issues });
  return schema === undefined ? undefined : result.data;
}

/** The schema a request part is checked with: the contract's, with every object refusing unknown fields. */
export function requestSchema<S extends z.ZodMiniType | undefined>(schema: S): S {
  if (schema === undefined) return schema;
  return strictRequestSchema<NonNullable<S>>(schema);
}

/** Parses an answer; a mismatch is the server's bug, so it becomes a 500 with the issues logged. */
export function parseResponse<S extends z.ZodMiniType>(schema: S, value: unknown, path: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    throw new Error(`Answer of ${path} does not match its contract: ${JSON.stringify(toIssues(result.error))}`);
  }
  return result.data;
}
