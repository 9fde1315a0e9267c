import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { TransactionRollbackError } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { postgresListener, type Listen } from './listen';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * Inside a transaction: what `db.transaction` hands its callback. Writes that must share their change's transaction
 * (events, the audit log, the coin ledger) take a Tx, so that the app's handle cannot be passed by mistake; a Tx
 * is also a Db, for the repositories.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whether a transaction ended by `tx.rollback()` (a deliberate undo, answered by the caller; not a failure). */
export const rolledBack = (error: unknown) => error instanceof TransactionRollbackError;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection under Drizzle, for what needs plain SQL (the job queue's adapter in infra/jobs). */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  /** LISTEN for NOTIFYs on a channel (PostgreSQL: every process's, over one dedicated connection; db/listen.ts). */
  listen: Listen;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: every process takes this lock so that only one runs migrations at a time.
const MIGRATION_LOCK_ID = 727_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** In memory only: start from this dump of a PGlite database (`dumpDataDir`) instead of an empty one; tests use it. */
  snapshot?: Blob;
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
  return options.inMemory ? openPglite(undefined, options.snapshot) : openPgliteFolder(options.dataDir);
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

async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  // pg_trgm: the catalogue's name search uses trigram indexes (PostgreSQL has it in its contrib package).
  const client = new PGlite({ dataDir: dataDir ? path.join(dataDir, 'pglite') : undefined, loadDataDir: snapshot, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  // PGlite hands a NOTIFY to its listeners before the query that sent it returns.
  const listen: Listen = (channel, { onNotify }) => client.listen(channel, onNotify);
  return { db: db as Db, kind: 'pglite', driver: { kind: 'pglite', client }, listen, close: () => client.close() };
}

async function openPostgres(url: string): Promise<Database> {
  await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not take the process down.
  pool.on('error', (error) => console.error('idle PostgreSQL connection closed:', error.message));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const listener = postgresListener(url);
  return {
    db: db as Db,
    kind: 'postgres',
    driver: { kind: 'postgres', pool },
    listen: listener.listen,
    close: () => Promise.all([listener.close(), pool.end()]).then(() => undefined),
  };
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
