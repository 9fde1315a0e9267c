import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: every process takes this lock so that only one runs migrations at a time.
const MIGRATION_LOCK_ID = 727_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
}

// The lock's file is touched every few seconds; one untouched for longer was left by a process that died.
const LOCK_STALE_MS = 10_000;
const LOCK_UPDATE_MS = 2_500;

export class DataFolderInUseError extends Error {
  constructor(dir: string) {
    super(`Another server is using the data folder ${dir}: stop it first, or give this one its own DATA_DIR (or a DATABASE_URL to share a PostgreSQL server).`);
  }
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return options.inMemory ? openPglite(undefined) : openPgliteFolder(options.dataDir);
}

/**
 * PGlite is one process's database: a second server on the same folder would overwrite the first one's
 * writes. A lock on the folder keeps it to one; after a crash the next start waits until the lock is stale.
 */
async function openPgliteFolder(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = await lockfile
    .lock(dir, {
      lockfilePath: path.join(dir, 'server.lock'),
      stale: LOCK_STALE_MS,
      update: LOCK_UPDATE_MS,
      retries: { retries: Math.ceil(LOCK_STALE_MS / 1000) + 2, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: (error) => {
        // Another process took the folder over: writing on would corrupt it.
        console.error(`lost the lock on the data folder ${dir}: ${error.message}`);
        process.exit(1);
      },
    })
    .catch((error: { code?: string }) => {
      throw error.code === 'ELOCKED' ? new DataFolderInUseError(dir) : error;
    });
  try {
    const database = await openPglite(dir);
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = new PGlite(dataDir ? path.join(dataDir, 'pglite') : undefined);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string): Promise<Database> {
  await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not take the process down.
  pool.on('error', (error) => console.error('idle PostgreSQL connection closed:', error.message));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

async function migratePostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
