import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { findSessionUser, hashSessionToken, type SessionPolicy, sessionCookieName } from '../modules/auth/sessions';
import { ApiError, unauthorized } from './api-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session token sent as `Authorization: Bearer …` (the mini app), if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The session token of the HttpOnly cookie (the web wallet), if any. */
export function cookieToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[sessionCookieName];
  return token === undefined || token === '' ? undefined : token;
}

/** The hash of the session token a request carries (header first, as `authenticate` reads it), if any. */
export function sessionCredential(request: FastifyRequest): string | undefined {
  const token = bearerToken(request) ?? cookieToken(request);
  return token === undefined ? undefined : hashSessionToken(token);
}

/**
 * A cross-site page can make a browser send the cookie with a form post, but not with a JSON
 * body or a custom header (those need a CORS preflight the server never grants). So a write
 * authenticated by cookie must carry one of them.
 */
export function isForgeable(request: FastifyRequest): boolean {
  if (safeMethods.has(request.method)) return false;
  const isJson = (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json');
  return !isJson && request.headers['x-requested-with'] === undefined;
}

export function forgeableCookieWrite(): ApiError {
  return new ApiError(403, 'forbidden', 'A cookie-authenticated write needs a JSON body or an X-Requested-With header');
}

/**
 * The signed-in user of a request: the session token comes as a bearer token (the mini app,
 * where third-party cookies may be dropped) or in the HttpOnly session cookie (the web wallet).
 */
export async function authenticate(
  db: Database,
  request: FastifyRequest,
  now: Date,
  policy: SessionPolicy,
): Promise<number> {
  const fromHeader = bearerToken(request);
  const token = fromHeader ?? cookieToken(request);
  if (token === undefined) throw unauthorized();
  const userId = await findSessionUser(db, token, now, policy);
  if (userId === null) throw unauthorized();
  if (fromHeader === undefined && isForgeable(request)) throw forgeableCookieWrite();
  return userId;
}
