import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built front end: hashed assets with a long cache, and index.html for every other
 * non-API path so that the browser's router decides (its own not-found page included). The build
 * writes a .br and a .gz beside each text file; the one the browser accepts is sent as it is, with
 * `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const root = path.resolve(distDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = path.relative(root, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing file or API path is a 404, not the page.
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/media/') || request.method !== 'GET' || !hasBuild) {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  });
}
