import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiBasePath } from '../../contract/endpoint';
import { apiNotFound } from './error-handler';

const oneYearImmutable = 'public, max-age=31536000, immutable';

/** The API, and /local (the local-mode stand-ins): never answered by the app's index.html. */
function isServerPath(path: string): boolean {
  const apiRoot = apiBasePath.split('/')[1] ?? 'api';
  return [apiRoot, 'local'].some((root) => path === `/${root}` || path.startsWith(`/${root}/`));
}

/** A path whose last segment has an extension asks for a file, never for a client route. */
function looksLikeFile(path: string): boolean {
  return /\.[^/]+$/.test(path);
}

/**
 * Serves the built single-page app from `appDir` on every path outside the API. Hashed files
 * under /assets are cached for a year; index.html is revalidated on every load so a deploy is
 * picked up at once, and answers every client route so the router can take over. The build writes
 * a brotli and a gzip copy of every text file (scripts/vite/precompress.ts): the copy the browser
 * accepts is sent as it is (`Vary: accept-encoding`), the file itself when it accepts neither.
 */
export async function serveApp(app: FastifyInstance, appDir: string): Promise<void> {
  const indexFile = join(appDir, 'index.html');
  await app.register(fastifyStatic, {
    root: appDir,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const isHashedAsset = filePath.startsWith(join(appDir, 'assets'));
      response.header('cache-control', isHashedAsset ? oneYearImmutable : 'no-cache');
    },
  });

  const answerClientRoute = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (isServerPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw apiNotFound(request.method, request.url);
    }
    if (looksLikeFile(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!existsSync(indexFile)) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(`The app is not built: ${indexFile} is missing. Run \`npm run build\` (\`npm start\` does it for you).`);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  // The static handler refuses directories, and "/" is one: the home page is a client route.
  app.get('/', answerClientRoute);
  app.setNotFoundHandler(answerClientRoute);
}
