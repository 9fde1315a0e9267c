import pg from 'pg';

/**
 * Runs `run` on a database of its own, made for it on the PostgreSQL at BENCH_PG_ADMIN_URL (this machine's by
 * default) and dropped afterwards whatever happens; `admin` is the connection that made it (for template copies).
 * Answers null, having said why, when that PostgreSQL cannot be reached.
 */
export async function withBenchDatabase<T>(prefix: string, run: (databaseUrl: string, admin: pg.Client) => Promise<T>): Promise<{ value: T } | null> {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  if (!(await admin.connect().then(() => true, () => false))) {
    console.log(`\nPostgreSQL: not reachable at ${adminUrl}; set BENCH_PG_ADMIN_URL.`);
    return null;
  }
  const name = `${prefix}_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
    return { value: await run(adminUrl.replace(/\/[^/]*$/, `/${name}`), admin) };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** For a bench that is nothing without PostgreSQL: a failed exit when it could not run. */
export function exitUnlessRan(ran: unknown) {
  if (ran === null) process.exitCode = 1;
}
