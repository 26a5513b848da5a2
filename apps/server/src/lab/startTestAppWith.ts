import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { type AppOptions, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Dialect } from '../db/connection.js';
import { linksIn } from '../mail/mailer.js';
import { createScratchDatabase } from '../test/scratchDatabase.js';
import type { TestApp } from '../test/testApp.js';

/**
 * startTestApp with app options: the Lab's tests give it their own resolver and test address and the
 * Copilot's a short AI time limit, which no environment variable may do in production.
 */
export async function startTestAppWith(
  dialect: Dialect,
  options: AppOptions,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const scratch = dialect === 'postgres' ? await createScratchDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    PUBLIC_URL: 'http://sandbox.test',
    DATABASE_URL: scratch?.url,
    WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, options);
  return {
    ...app,
    async outbox() {
      const dir = join(dataDir, 'outbox');
      return Promise.all(
        readdirSync(dir)
          .sort()
          .map(async (file) => {
            const mail = await simpleParser(readFileSync(join(dir, file)));
            const text = mail.text ?? '';
            return {
              to: mail.to ? [mail.to].flat()[0].text : '',
              subject: mail.subject ?? '',
              text,
              links: linksIn(text),
            };
          }),
      );
    },
    async close() {
      await app.server.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
