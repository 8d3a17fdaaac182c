import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Where the local stand-ins live: every one of them under this prefix. */
export const localPagesPrefix = '/local/';

/** A host name no other site can take over: localhost, an IP address, or the configured public host. */
export function isTrustedLocalHost(host: string, publicHost: string | null): boolean {
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || isIP(bare) !== 0 || hostname === publicHost;
}

/**
 * The local stand-ins sign no one in (whoever reaches them acts as operator or reviewer, or reads
 * the mailbox), so they rely on being reachable only from this machine. DNS rebinding breaks that:
 * a page on a name its owner re-points at 127.0.0.1 is, to the browser, the same origin as the
 * stand-ins, and may read and post them. Its requests still carry that name as Host, so the
 * stand-ins answer only to localhost, an IP address (which no page can rebind) or the public URL's
 * host (a tunnel), and answer 421 to any other name.
 */
export function refuseReboundHosts(app: FastifyInstance, publicUrl: string | null): void {
  const publicHost = publicUrl === null ? null : new URL(publicUrl).hostname;
  app.addHook('onRequest', async (request, reply) => {
    // The route matched, not the raw URL: `/%6Cocal/operator` reaches the same page.
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith(localPagesPrefix) || isTrustedLocalHost(request.host, publicHost)) return;
    await reply
      .status(421)
      .headers(localPageHeaders)
      .type('text/plain; charset=utf-8')
      .send('This local page answers only on localhost or an IP address');
  });
}
