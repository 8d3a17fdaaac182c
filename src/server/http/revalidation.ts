import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How a private answer that the app polls may be kept: only in the person's own browser
 * (`private`, never a proxy or a shared cache), and never used without asking the server first
 * (`no-cache`), so the browser revalidates with `If-None-Match` on every poll.
 */
export const revalidatedCacheControl = 'private, no-cache';

/** A strong validator: the SHA-256 of the exact JSON body, so equal tags mean equal bytes. */
export function entityTag(body: string): string {
  return `"${hash('sha256', body, 'base64url')}"`;
}

/** Whether an `If-None-Match` header names `tag` (weak comparison, RFC 9110 s.13.1.2) or is `*`. */
export function matchesAny(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === tag;
  });
}

/**
 * Sends `answer` as JSON with an ETag over its bytes, or 304 with no body when the request's
 * `If-None-Match` already names those bytes. A 304 only ever confirms a body the client holds, so
 * it tells no one anything they could not already read.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, answer: unknown): FastifyReply {
  const body = JSON.stringify(answer);
  const tag = entityTag(body);
  reply.header('etag', tag).header('cache-control', revalidatedCacheControl);
  if (matchesAny(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
