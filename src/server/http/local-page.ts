import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverOrigin } from '../modules/local-login/routes';

/**
 * The headers of the server's own local-mode pages (stand-ins): never cached, no scripts at all
 * (inline styles only), forms posted only here, never framed.
 */
export const localPageHeaders = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  // Not no-referrer: under that policy Chromium posts forms with `Origin: null`.
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
} as const;

export function sendLocalPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).headers(localPageHeaders).type('text/html; charset=utf-8').send(html);
}

/** A form post from a page of another site (a browser always sends Origin with a POST). */
export function isCrossSitePost(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== serverOrigin(request);
}
