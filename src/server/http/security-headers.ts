import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { apiBasePath } from '../../contract/endpoint';
import { type InlineSources, noInlineSources } from './inline-sources';

/**
 * The pages that may frame the app: Telegram's web clients (web.telegram.org serves both /k and
 * /a; the older hosts still open mini apps). Mobile and desktop clients use a web view, not a
 * frame, so they need no entry; any other site framing the wallet is refused.
 */
export const telegramWebClients = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
] as const;

/** Telegram's profile photos (`photo_url` of init data and the Login Widget). */
const telegramPhotoOrigins = ['https://t.me', 'https://*.telegram.org', 'https://*.telegram-cdn.org'] as const;

const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer, through @fastify/helmet: a CSP that keeps scripts and styles
 * to this origin (and index.html's own inline style and script, by their hashes: `inline`) and
 * lets only Telegram's web clients frame the app, nosniff, a referrer policy,
 * HSTS only on answers that travelled over TLS (a plain-HTTP local server must not pin itself
 * to HTTPS), and `no-store` on API answers so a shared or back-forward cache never keeps a
 * balance or a token.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  inline: InlineSources = noInlineSources,
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inline.scriptSrc],
        styleSrc: ["'self'", ...inline.styleSrc],
        imgSrc: ["'self'", 'data:', 'blob:', ...telegramPhotoOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [...telegramWebClients],
      },
    },
    // frame-ancestors above decides who may frame the app; X-Frame-Options cannot name them.
    frameguard: false,
    // Telegram's web clients open the app cross-origin in a frame: isolation headers would blank it.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${hstsMaxAgeSeconds}; includeSubDomains`);
    }
    // The matched route, not the raw URL: `/%61pi/v1/…` reaches the same endpoint.
    if (isApiPath(request.routeOptions.url ?? request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

function isApiPath(url: string): boolean {
  return url === apiBasePath || url.startsWith(`${apiBasePath}/`) || url.startsWith(`${apiBasePath}?`);
}
