import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { openDatabase, type Database } from '../../src/db/client';
import { loadLookups } from '../../src/modules/lookups/load-lookups';
import { putSeedAssets } from '../../src/seed/seed-assets';
import { seedDemo } from '../../src/seed/seed-demo';
import { client } from './http';
import { pgliteSnapshot } from './pglite-snapshot';

export interface TestServer {
  url: string;
  port: number;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * Servers on one PostgreSQL database share their files, as a deployment's processes do: any of them may run a
 * job (a certificate drawn, say) whose files another one serves. On PGlite each server has its own.
 */
function mediaDir(databaseUrl: string | undefined) {
  if (!databaseUrl) return mkdtempSync(path.join(tmpdir(), 'platform-media-'));
  const dir = path.join(tmpdir(), `platform-media-${new URL(databaseUrl).pathname.slice(1)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The real server on a free port, on PGlite in memory, or on the PostgreSQL database named by
 * TEST_DATABASE_URL (the test command creates a fresh one for each run).
 */
export async function startServer(env: Record<string, string> = {}, port = 0): Promise<TestServer> {
  const config = loadConfig({
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    PGLITE_IN_MEMORY: 'true',
    HUMAN_CHECK_POW_COST: '40',
    THROTTLE_MAX: '1000',
    FORUM_POST_MAX: '1000',
    FORUM_READ_MAX: '100000',
    FORUM_SEARCH_MAX: '100000',
    PAYMENT_THROTTLE_MAX: '10000',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    WEB_DIST_DIR: '/nonexistent',
    MEDIA_DIR: mediaDir(process.env.TEST_DATABASE_URL),
    ...env,
  });
  const snapshot = config.DATABASE_URL ? undefined : await pgliteSnapshot();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, inMemory: true, snapshot });
  // As the server's start does: quick when the snapshot has them already.
  await loadLookups(database.db);
  await seedDemo(database.db).catch((error: unknown) => {
    // Parallel test files on one PostgreSQL database: another file seeded first.
    if (!config.DATABASE_URL) throw error;
  });
  const app = await buildApp({ config, database, logger: false });
  await putSeedAssets(app.storage);
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * One server for the calling test file: started before its tests, closed after them. The returned
 * object is filled in by then: `const { server, api } = ctx` inside a test.
 */
export function serverForFile(env: Record<string, string> = {}) {
  const ctx = {} as { server: TestServer; api: ReturnType<typeof client> };
  beforeAll(async () => {
    ctx.server = await startServer(env);
    ctx.api = client(ctx.server.url);
  });
  afterAll(() => ctx.server?.close());
  return ctx;
}
