/**
 * The staff console's daily work at size, on PostgreSQL, against a real server process:
 *
 *   1. GET /staff/courses/{id}/students/: the roster of a course with BENCH_ROSTER enrolments (default 10,000),
 *      its first page, a search and a standing filter (p50, p99).
 *   2. GET /staff/payments/: the payments list at BENCH_TXNS transactions (default 100,000), newest first and
 *      filtered by status (p50, p99).
 *   3. GET /staff/reports/activity/: the revenue report over those transactions (about 70 days of them), by day
 *      over 90 days and by week over a year (p50, p99).
 *   4. The payments CSV export of every transaction: from the request to the file, in rows per second.
 *   5. The CSV import of BENCH_IMPORT new addresses (default 10,000): the dry run's time, then the job's, in rows
 *      per second (each a new account, its invitation e-mail queued and its enrolment).
 *
 *   npm run bench:staff                      # PostgreSQL at 127.0.0.1:5432 or BENCH_PG_ADMIN_URL
 *   BENCH_ROSTER=20000 npm run bench:staff
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { hashKey } from '../apps/server/src/lib/crypto';
import { loadLookups } from '../apps/server/src/modules/lookups/load-lookups';
import { request, type RequestOptions } from '../apps/server/test/support/http';
import { exitUnlessRan, withBenchDatabase } from './bench-database';
import { seedLarge } from './seed-large';
import { startServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rosterSize = Number(process.env.BENCH_ROSTER ?? 10_000);
const transactions = Number(process.env.BENCH_TXNS ?? 100_000);
const importSize = Number(process.env.BENCH_IMPORT ?? 10_000);
const SECRET_KEY = 'bench-secret-key-0123456789-0123456789';
const HOST = 'staffbench.localhost';
const ADMIN_TOKEN = 'bench-staff-admin-token';

const report = (title: string, result: autocannon.Result) =>
  console.log(
    `${title.padEnd(52)} ${(result.requests.total / result.duration).toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   non-2xx ${result.non2xx}`,
  );
const run = (url: string) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: 10, duration: seconds, headers: { host: HOST, authorization: `Token ${ADMIN_TOKEN}` } }, (e, r) => (e ? reject(e) : resolve(r))),
  );
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

exitUnlessRan(await withBenchDatabase('platform_staff_bench', async (databaseUrl) => {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const db = database.db;
  await loadLookups(db);
  await seedLarge(db, { schools: 0, users: rosterSize });
  await db.execute(sql`
    insert into schools (domain, name, products)
    values ('staffbench', 'Staff Bench School', '{"facebook_sso":false,"google_sso":false,"mcle":false,"kyc":false,"apt_coins":false,"show_announcement":false,"primary_id":null}'::jsonb)`);
  const [school] = rows<{ id: number }>(await db.execute(sql`select id from schools where domain = 'staffbench'`));
  const [course, other] = rows<{ id: number }>(
    await db.execute(sql`insert into courses (school_id, name, slug, description, fee, units) values
      (${school!.id}, 'Roster Course', 'roster-course', 'A big roster.', 112000, 2), (${school!.id}, 'Import Course', 'import-course', 'Imported into.', 0, 2) returning id`),
  );
  const [staff] = rows<{ id: number }>(
    await db.execute(sql`insert into users (username, email, password_hash, role, is_verified, school_id) values ('benchadmin', 'benchadmin@example.com', null, 'SA', true, ${school!.id}) returning id`),
  );
  await db.execute(sql`insert into school_memberships (user_id, school_id, role) values (${staff!.id}, ${school!.id}, 'SA')`);
  await db.execute(sql`insert into auth_tokens (user_id, key_hash, persistent, expires_at) values (${staff!.id}, ${hashKey(ADMIN_TOKEN)}, true, now() + interval '1 day')`);
  await db.execute(sql`
    insert into enrollments (user_id, school_id, course_id, status, progress, date_enrolled)
    select id, ${school!.id}, ${course!.id}, 'paid', id % 101, now() - (id || ' minutes')::interval from users where username like 'benchuser%'`);
  // Every enrolment's payment, then the rest of the school's history: older attempts that failed.
  await db.execute(sql`
    insert into payment_transactions (school_id, user_id, content_type, course_id, status, subtotal, tax, fee, discount, coins, amount, processor_type, processor, channel_code, gateway, reference, idempotency_key, request_hash, created_at, paid_at)
    select ${school!.id}, u.id, 'course', ${course!.id}, case when g % 4 = 0 then 'Failed' else 'Paid' end, 100000, 12000, 1500, 0, 0, 113500,
      'online_bank', 'BPI Online', 'bpi', 'sandbox', 'bench-' || g, 'bench-key-' || g, 'x', now() - (g || ' minutes')::interval, case when g % 4 = 0 then null else now() - (g || ' minutes')::interval end
    from generate_series(1, ${transactions}) g
    join (select id, row_number() over (order by id) as n from users where username like 'benchuser%') u on u.n = 1 + (g % ${rosterSize})`);
  await db.execute(sql`vacuum analyze`);

  const server = await startServerProcess({ DATABASE_URL: databaseUrl, SECRET_KEY, THROTTLE_MAX: '100000000', WEB_DIST_DIR: '/nonexistent', JOBS_POLL_SECONDS: '1' });
  // node:http, so that the Host header names the school.
  const api = <T>(path: string, options: RequestOptions = {}) => request<T>(server.url, `/api/v1/staff/${path}`, { host: HOST, token: ADMIN_TOKEN, ...options });
  const waitFor = async <T extends { state: string }>(path: string, done: (body: T) => boolean) => {
    for (;;) {
      const { body } = await api<T>(path);
      if (done(body)) return body;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  try {
    console.log(`PostgreSQL, one server process; a roster of ${rosterSize} enrolments, ${transactions} transactions, ${seconds} s per run, 10 connections`);
    report(`GET roster (${rosterSize} enrolments), first page`, await run(`${server.url}/api/v1/staff/courses/${course!.id}/students/`));
    report('GET roster, search "benchuser77"', await run(`${server.url}/api/v1/staff/courses/${course!.id}/students/?search=benchuser77`));
    report('GET roster, standing=completed', await run(`${server.url}/api/v1/staff/courses/${course!.id}/students/?standing=completed`));
    report(`GET payments (${transactions} transactions), first page`, await run(`${server.url}/api/v1/staff/payments/`));
    report('GET payments, status=Failed, page 20', await run(`${server.url}/api/v1/staff/payments/?status=Failed&page=20`));
    const daysBack = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const today = daysBack(0);
    report('GET reports/activity/, 90 days by day', await run(`${server.url}/api/v1/staff/reports/activity/?date_from=${daysBack(89)}&date_to=${today}`));
    report('GET reports/activity/, a year by week', await run(`${server.url}/api/v1/staff/reports/activity/?date_from=${daysBack(364)}&date_to=${today}&interval=week`));

    let started = Date.now();
    const asked = await api<{ id: number }>('exports/', { method: 'POST', body: { kind: 'payments', filters: {} } });
    if (asked.status !== 202) throw new Error(`the export was refused: ${asked.text}`);
    const exported = await waitFor<{ state: string; rows: number | null }>(`exports/${asked.body.id}/`, (b) => b.state === 'ready' || b.state === 'failed');
    const exportSeconds = (Date.now() - started) / 1000;
    console.log(`Payments CSV export: ${exported.state}, ${exported.rows} rows in ${exportSeconds.toFixed(1)} s (${Math.round((exported.rows ?? 0) / exportSeconds)} rows/s)`);

    const file = ['email', ...Array.from({ length: importSize }, (_, i) => `imported${i}@example.com`)].join('\n');
    started = Date.now();
    const csv = { method: 'POST', rawBody: file, headers: { 'content-type': 'text/csv' } };
    const plan = await api(`courses/${other!.id}/students/import/?dry_run=true`, csv);
    console.log(`CSV import of ${importSize} new addresses, dry run: HTTP ${plan.status} in ${((Date.now() - started) / 1000).toFixed(2)} s`);
    started = Date.now();
    const begun = await api<{ id: number }>(`courses/${other!.id}/students/import/?as=free`, csv);
    if (begun.status !== 202) throw new Error(`the import was refused: ${begun.text}`);
    const imported = await waitFor<{ state: string; counts: Record<string, number> }>(`courses/${other!.id}/students/import/${begun.body.id}/`, (b) => b.state === 'done' || b.state === 'failed');
    const importSeconds = (Date.now() - started) / 1000;
    console.log(`CSV import run: ${imported.state}, ${JSON.stringify(imported.counts)} in ${importSeconds.toFixed(1)} s (${Math.round(importSize / importSeconds)} rows/s)`);
  } finally {
    await server.stop(1500);
    await database.close();
  }
}));
