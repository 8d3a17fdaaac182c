import type { FastifyRequest } from 'fastify';

/**
 * Fields never written to the log: passcodes, e-mail codes and every kind of token, wherever
 * a log call puts a request body.
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'body.code',
  'body.token',
  'body.mailConfirmationToken',
  'body.passCodeConfirmationToken',
  '*.body.code',
  '*.body.token',
  '*.body.mailConfirmationToken',
  '*.body.passCodeConfirmationToken',
  'code',
  'passCode',
];

/** Query strings can carry single-use tokens (the bot's confirmation link): logged without values. */
export function redactUrl(url: string): string {
  return url.replace(/([?&][^=&#]+)=[^&#]*/g, '$1=…');
}

export function serializeRequest(request: FastifyRequest): Record<string, string | undefined> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
