import type { FastifyInstance } from 'fastify';

/**
 * Lets one encapsulated scope accept HTML form posts (the server's own pages); the JSON API
 * itself never does, which is part of what keeps cross-site forms from forging its writes.
 */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );
}
