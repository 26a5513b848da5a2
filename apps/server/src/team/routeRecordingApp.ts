import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Dialect } from '../db/connection.js';
import { linksIn, type Mail } from '../mail/mailer.js';
import { createScratchDatabase } from '../test/scratchDatabase.js';
import type { TestApp } from '../test/testApp.js';

/**
 * The whole product, like startTestApp, but remembering every route Fastify registers (so a route
 * without an authorization entry is noticed) and keeping mails in memory.
 */
export async function startRouteRecordingApp(
  dialect: Dialect,
): Promise<TestApp & { routes: RouteOptions[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-matrix-'));
  const scratch = dialect === 'postgres' ? await createScratchDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    PUBLIC_URL: 'http://sandbox.test',
    DATABASE_URL: scratch?.url,
    WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    LOG_LEVEL: 'silent',
  });
  const routes: RouteOptions[] = [];
  const mails: Mail[] = [];
  const app = await buildApp(config, {
    onRoute: (route) => routes.push(route),
    mailer: { send: async (mail) => void mails.push(mail) },
  });
  // Routes of plugins are registered while the app gets ready.
  await app.server.ready();
  return {
    ...app,
    routes,
    async outbox() {
      return mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, links: linksIn(m.text) }));
    },
    async close() {
      await app.server.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
