import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time on the two cores CI has (vitest's default leaves one core idle): the
    // server's tests spend much of their time waiting on PostgreSQL, SQLite files and argon2's threads.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'engine', root: 'packages/engine', environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', environment: 'node' } },
      {
        test: {
          name: 'cli',
          root: 'apps/cli',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
