import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from './sessions';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http to this machine: the one case where a browser would refuse a Secure cookie. */
export function isPlainHttpLocalhost(request: FastifyRequest): boolean {
  return request.protocol === 'http' && loopbackHosts.has(request.hostname.toLowerCase());
}

function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    secure: !isPlainHttpLocalhost(request),
    sameSite: 'lax',
    path: '/',
    maxAge: maxAgeSeconds,
  } as const;
}

/** `kopilka_session=…; Max-Age=…; Path=/; HttpOnly; Secure; SameSite=Lax` (no Secure on http://localhost). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.setCookie(sessionCookieName, token, cookieOptions(request, Math.floor(maxAgeMs / 1000)));
}

/** The same cookie, emptied and expired at once. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.setCookie(sessionCookieName, '', cookieOptions(request, 0));
}
