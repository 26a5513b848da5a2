import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RegisterRequest } from '@sandbox/contracts';
import { simpleParser } from 'mailparser';
import { type App, type AppOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { Dialect } from '../../src/db/connection.js';
import { linksIn } from '../../src/mail/mailer.js';
import { createScratchDatabase } from './scratchDatabase.js';

export interface TestApp extends App {
  outbox(): Promise<
    {
      to: string;
      subject: string;
      text: string;
      links: string[];
      attachments: { name: string; size: number }[];
    }[]
  >;
  close(): Promise<void>;
}

/**
 * The whole product on a temporary data directory and, for PostgreSQL, a scratch database (or the
 * DATABASE_URL given, to run several instances on one database). `options` carry what no setting may
 * change in production: the Lab's resolver, a short AI time limit, a route recorder.
 */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const scratch = dialect === 'postgres' && !env.DATABASE_URL ? await createScratchDatabase() : undefined;
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    PUBLIC_URL: 'http://sandbox.test',
    DATABASE_URL: scratch?.url ?? env.DATABASE_URL,
    WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, options);
  return {
    ...app,
    async outbox() {
      const dir = join(dataDir, 'outbox');
      const files = readdirSync(dir).sort();
      return Promise.all(
        files.map(async (file) => {
          const mail = await simpleParser(readFileSync(join(dir, file)));
          const text = mail.text ?? '';
          return {
            to: mail.to ? [mail.to].flat()[0].text : '',
            subject: mail.subject ?? '',
            text,
            links: linksIn(text),
            attachments: mail.attachments.map((a) => ({ name: a.filename ?? '', size: a.content.length })),
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

/** Two instances of the product on one scratch PostgreSQL database, as behind a load balancer. */
export async function startTwoInstances() {
  const scratch = await createScratchDatabase();
  const first = await startTestApp('postgres', { DATABASE_URL: scratch.url });
  const second = await startTestApp('postgres', { DATABASE_URL: scratch.url });
  return {
    first,
    second,
    databaseUrl: scratch.url,
    async close() {
      await first.close();
      await second.close();
      await scratch.drop();
    },
  };
}

let counter = 0;
export function aRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  counter += 1;
  const name = `user${counter}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailAddress: `${name}@example.com`,
    username: name,
    password: 'Str0ng!pass',
    isNewsLatterSubscribed: false,
    ...overrides,
  };
}
