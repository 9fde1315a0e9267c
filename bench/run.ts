/**
 * Benchmarks GET /school/{domain}/ and POST /api-token-auth/ with autocannon against a real server
 * process, on PGlite and on PostgreSQL, after seeding a large data set. Prints numbers only.
 *
 *   npm run bench                       # both databases (PostgreSQL at 127.0.0.1:5432 or BENCH_PG_ADMIN_URL)
 *   BENCH_SECONDS=20 npm run bench      # longer runs
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { loadLookups } from '../apps/server/src/modules/lookups/load-lookups';
import { seedDemo } from '../apps/server/src/seed/seed-demo';
import { seedLarge, seedLargeCatalogue } from './seed-large';
import { startServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const counts = { schools: Number(process.env.BENCH_SCHOOLS ?? 1000), users: Number(process.env.BENCH_USERS ?? 100_000) };

/** The API alone (no web app), with throttling out of the way of the load. */
const startServer = (env: Record<string, string>) => startServerProcess({ ...env, THROTTLE_MAX: '100000000', WEB_DIST_DIR: '/nonexistent' });

async function measure(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections: 10, duration: seconds, ...options });
  const errors = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(52)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms${errors ? `   (${errors} errors)` : ''}`,
  );
  return result.latency.p50;
}

// Lets the requests autocannon abandoned at the end of its run finish before the server goes.
const SETTLE_MS = 1500;

/** Catalogue list and course page at 1,000 and then 10,000 courses (with the enrolments), and how p50 moves. */
async function catalogueBenchmark(kind: string, env: Record<string, string>) {
  const p50: Record<string, number[]> = { list: [], detail: [] };
  for (const courses of [1_000, 10_000]) {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
    await seedLargeCatalogue(database.db, { courses, enrolments: courses === 10_000 ? 100_000 : 10_000 });
    await database.close();
    const server = await startServer(env);
  const { url } = server;
    try {
      const school = (await (await fetch(`${url}/api/v1/school/demo/`)).json()) as { id: number };
      const list = (await (await fetch(`${url}/api/v1/schools/${school.id}/courses/?page=50&perpage=6&sort=-fee`)).json()) as { data: { id: number }[]; count: number };
      console.log(`\n${kind} catalogue: ${list.count} courses in the demo school`);
      p50.list!.push(await measure('GET /schools/{id}/courses/ (page 50, sort -fee)', { url: `${url}/api/v1/schools/${school.id}/courses/?page=50&perpage=6&sort=-fee` }));
      await measure('GET /schools/{id}/courses/?search_course=Course 77', { url: `${url}/api/v1/schools/${school.id}/courses/?search_course=Course%2077` });
      p50.detail!.push(await measure('GET /courses/{id}/', { url: `${url}/api/v1/courses/${list.data[0]!.id}/` }));
    } finally {
      await server.stop(SETTLE_MS);
    }
  }
  console.log(`${kind}: p50 from 1,000 to 10,000 courses: list ${p50.list![0]} -> ${p50.list![1]} ms, course page ${p50.detail![0]} -> ${p50.detail![1]} ms`);
}

async function benchmark(kind: string, env: Record<string, string>) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  await loadLookups(database.db);
  await seedDemo(database.db);
  await seedLarge(database.db, counts);
  await database.close();

  const server = await startServer(env);
  const { url } = server;
  try {
    console.log(`\n${kind}: ${counts.schools} extra schools, ${counts.users} extra accounts, ${seconds} s per run, 10 connections`);
    await measure('GET /api/v1/school/demo/', { url: `${url}/api/v1/school/demo/` });
    await measure('GET /api/v1/school/bench777.example.com/', { url: `${url}/api/v1/school/bench777.example.com/` });
    // Many accounts, as in real traffic: one account's parallel tries count against its login limit.
    let next = 0;
    await measure('POST /api/v1/api-token-auth/ (scrypt)', {
      url: `${url}/api/v1/api-token-auth/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ username: `benchuser${1 + (next++ % counts.users)}`, password: 'bench-pass-1' }),
          }),
        },
      ],
    });
  } finally {
    await server.stop(SETTLE_MS);
  }
  await catalogueBenchmark(kind, env);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
try {
  await benchmark('PGlite', { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
const reachable = await admin.connect().then(() => true, () => false);
if (!reachable) {
  console.log(`\nPostgreSQL: not reachable at ${adminUrl}; set BENCH_PG_ADMIN_URL to include it.`);
} else {
  const name = `platform_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    await benchmark('PostgreSQL', { DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${name}`) });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
