import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app with SPA fallback: any GET outside /api that matches no file gets
 * index.html, and the client's router decides. Hashed assets are cached for a year; index.html never.
 * The build writes a brotli and a gzip copy of each file beside it, sent as they are to browsers
 * that accept them (never compressed per request).
 */
export const registerWebApp = async (app: FastifyInstance, webDistDir: string) => {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return {
    sendIndex: (reply: import('fastify').FastifyReply) =>
      hasBuild
        ? reply.header('cache-control', 'no-cache').sendFile('index.html')
        : reply
            .code(503)
            .type('text/plain')
            .send('The web app is not built yet. Run `npm run build` (npm start does it for you).'),
  };
};
