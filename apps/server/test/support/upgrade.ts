import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import type { Dialect } from '../../src/db/connection.js';
import { signUpAndVerify } from './accounts.js';
import { startTestApp, type TestApp } from './testApp.js';

/**
 * A database as an older release left it, and the product upgraded on it. Before the tests, an app
 * with a verified user is started and handed to `started`: a test shapes its data as that release
 * wrote it. `upgrade()` then stops it and starts the current product on the same database and data
 * folder, as an upgrade does; both are closed after the tests.
 */
export function onAnOlderDatabase(
  dialect: Dialect,
  started: (older: TestApp, auth: { authorization: string }) => void,
): { upgrade: () => Promise<App> } {
  let older: TestApp;
  let current: App | undefined;
  beforeAll(async () => {
    older = await startTestApp(dialect);
    const { auth } = await signUpAndVerify(older);
    started(older, auth);
  });
  afterAll(async () => {
    await current?.server.close();
    await older.close();
  });
  return {
    async upgrade() {
      await older.server.close();
      current = await buildApp(older.config);
      return current;
    },
  };
}
