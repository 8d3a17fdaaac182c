import { notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';

/**
 * A route's `params.parse`: the params as `schema` reads them, or the not-found page when the
 * URL's segments do not fit (an unknown network, a malformed asset code).
 *
 * `params.parse` is part of the route tree, which every first screen loads: pass it only a
 * schema from a light module (never one from `src/contract/`, which brings the contract and its
 * imports onto every screen). New routes parse with the plain-pattern helpers below instead.
 */
export function parseParamsOrNotFound<S extends z.ZodMiniType>(schema: S, raw: unknown): z.output<S> {
  const result = z.safeParse(schema, raw);
  if (!result.success) throw notFound();
  return result.data;
}

// Plain-pattern parsers for path segments, with no schema: they cost a few bytes in the route
// tree (docs/performance.md, "How to write a route file so it stays off the first screen").

/** The largest row id of the database (a PostgreSQL `integer`). */
const maxRowId = 2_147_483_647;
/** Plain decimal digits, no sign, no leading zero, at most 10 digits. */
const positiveIntPattern = /^[1-9][0-9]{0,9}$/;

/** A numeric id segment (`/p2p/offers/{id}`): 1 to 2,147,483,647 in plain digits, else not found. */
export function idParamOrNotFound(raw: string | undefined): number {
  if (raw === undefined || !positiveIntPattern.test(raw)) throw notFound();
  const id = Number(raw);
  if (id > maxRowId) throw notFound();
  return id;
}

/** A segment that must be one of a few words (`buy|sell`), else not found. */
export function choiceParamOrNotFound<const Choice extends string>(
  choices: readonly Choice[],
  raw: string | undefined,
): Choice {
  const choice = choices.find((candidate) => candidate === raw);
  if (choice === undefined) throw notFound();
  return choice;
}

/** A segment that must match `pattern` whole (anchor it: `/^[A-Z]{3}$/`), else not found. */
export function patternParamOrNotFound(pattern: RegExp, raw: string | undefined): string {
  if (raw === undefined || !pattern.test(raw)) throw notFound();
  return raw;
}
