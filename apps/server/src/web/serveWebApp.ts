import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app; client routes (`/dashboard`, `/request/1/2`...) fall back to `index.html`.
 * The build writes `.br` and `.gz` copies beside each file (apps/web/precompressAssets.ts): the one the
 * browser accepts is sent as it is, the plain file otherwise.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`');
    return false;
  }
  const hashedAssets = join(distDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    setHeaders(res, path) {
      // A file under /assets is named for its content: it never changes, so it is cached for a year.
      // Anything else (index.html, which names them) is checked with the server on every use.
      res.header(
        'cache-control',
        path.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

/**
 * A request the app answers with `index.html`. A missing file under /assets (a chunk of an earlier
 * build, say) is a 404, not a page the browser would try to run as a script.
 */
export function isClientRoute(method: string, url: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !url.startsWith('/api/') &&
    !url.startsWith('/sandbox/') &&
    !url.startsWith('/assets/')
  );
}
