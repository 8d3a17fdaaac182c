import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { findSessionUser, sessionCookieName } from '../modules/auth/sessions';
import { ApiError, unauthorized } from './api-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * A cross-site page can make a browser send the cookie with a form post, but not with a JSON
 * body or a custom header (those need a CORS preflight the server never grants). So a write
 * authenticated by cookie must carry one of them.
 */
function isForgeable(request: FastifyRequest): boolean {
  if (safeMethods.has(request.method)) return false;
  const isJson = (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json');
  return !isJson && request.headers['x-requested-with'] === undefined;
}

/**
 * The signed-in user of a request: the session token comes as a bearer token (the mini app,
 * where third-party cookies may be dropped) or in the HttpOnly session cookie (the web wallet).
 */
export async function authenticate(db: Database, request: FastifyRequest, now: Date): Promise<number> {
  const fromHeader = bearerToken(request);
  const token = fromHeader ?? request.cookies[sessionCookieName];
  if (token === undefined || token === '') throw unauthorized();
  const userId = await findSessionUser(db, token, now);
  if (userId === null) throw unauthorized();
  if (fromHeader === undefined && isForgeable(request)) {
    throw new ApiError(
      403,
      'forbidden',
      'A cookie-authenticated write needs a JSON body or an X-Requested-With header',
    );
  }
  return userId;
}
