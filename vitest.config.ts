import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Generous: CI machines share their cores, and a scrypt hash there has taken 8 s.
          testTimeout: 30_000,
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // Two files at once: a good part of each file's time is waiting (servers, timers, a lock going stale).
          maxWorkers: 2,
          // Files in a worker share the modules they import (the server's, chiefly): each file starts its own
          // server and database, so nothing a test relies on is shared, and the imports are paid once per worker.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          setupFiles: ['e2e/support/setup.ts'],
          testTimeout: 60_000,
          // As long as a page's own waits (10 s): a save read back from the database can take seconds under load.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          // Two files at once, each with its own server and browser: a good part of each test is waiting. Three
          // took as long over the whole run (1100 s either way) and slowed single tests past their timeouts.
          maxWorkers: 2,
          // As for the API tests: the server's modules are imported once per worker, not once per file.
          isolate: false,
        },
      },
    ],
  },
});
