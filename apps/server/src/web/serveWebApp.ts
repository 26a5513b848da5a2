import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; client routes (`/dashboard`, `/request/1/2`...) fall back to `index.html`. */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    setHeaders(res, path) {
      if (path.includes(`${join(distDir, 'assets')}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return true;
}

export function isClientRoute(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/sandbox/');
}
