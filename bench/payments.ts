/**
 * Payment creation and gateway callbacks on PostgreSQL, with autocannon against a real server process:
 *
 *   1. POST /payment/process/ (online banking through the sandbox): each request a random one of BENCH_USERS
 *      students (default 5,000) buying one of 20 courses, with its own Idempotency-Key. Every request runs the
 *      gates, the voucher-free breakdown, the transaction (insert, enrolment, supersede an older attempt, events)
 *      and the sandbox's checkout.
 *   2. POST /payment/callback/sandbox/: a signed "paid" event for each transaction created in 1, each once, so
 *      each request verifies the HMAC, records the event and moves a transaction and its enrolment to paid.
 *
 *   npm run bench:payments                    # PostgreSQL at 127.0.0.1:5432 or BENCH_PG_ADMIN_URL
 *   BENCH_SECONDS=20 BENCH_USERS=20000 npm run bench:payments
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { signPayload } from '../apps/server/src/infra/payments/signature';
import { loadLookups } from '../apps/server/src/modules/lookups/load-lookups';
import { sandboxSecretOf } from '../apps/server/src/modules/sandbox-gateway/gateway';
import { seedDemo } from '../apps/server/src/seed/seed-demo';
import { exitUnlessRan, withBenchDatabase } from './bench-database';
import { progressToken, seedLarge } from './seed-large';
import { startServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const users = Number(process.env.BENCH_USERS ?? 5000);
const COURSES = 20;
const SECRET_KEY = 'bench-secret-key-0123456789-0123456789';
const HOST = 'paybench.localhost';

function report(title: string, result: autocannon.Result) {
  console.log(
    `${title.padEnd(46)} ${(result.requests.total / result.duration).toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
}

/** A run of `seconds`, or of exactly `amount` requests when given. */
const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon({ connections: 10, ...(options.amount ? {} : { duration: seconds }), ...options }, (e, r) => (e ? reject(e) : resolve(r))));

exitUnlessRan(await withBenchDatabase('platform_pay_bench', async (databaseUrl) => {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const db = database.db;
  await loadLookups(db);
  await seedDemo(db);
  await seedLarge(db, { schools: 0, users });
  // A school without the MCLE gates, its courses, and students with complete profiles and session keys.
  await db.execute(sql`
    insert into schools (domain, name, products)
    values ('paybench', 'Payment Bench School', '{"facebook_sso":false,"google_sso":false,"mcle":false,"kyc":false,"apt_coins":true,"show_announcement":false,"primary_id":null}'::jsonb)`);
  await db.execute(sql`
    insert into courses (school_id, name, slug, description, fee, units)
    select s.id, 'Paid Course ' || g, 'paid-course-' || g, 'A course to buy.', 112000, 2 from schools s, generate_series(1, ${COURSES}) g where s.domain = 'paybench'`);
  await db.execute(sql`update users set first_name = 'Bench', last_name = 'Payer', mobile_number = '9170000000', country_code = '63' where username like 'benchuser%'`);
  await db.execute(sql`update students set step = null, birthday = '1990-01-01', gender = 'F', occupation_type = 'P'`);
  await db.execute(sql`
    insert into auth_tokens (user_id, key_hash, persistent, expires_at)
    select u.id, encode(sha256(convert_to('bench-progress-token-' || lpad(u.n::text, 6, '0'), 'UTF8')), 'hex'), true, now() + interval '1 day'
    from (select id, row_number() over (order by id) as n from users where username like 'benchuser%' order by id limit ${users}) u`);
  const courseIds = ((await db.execute(sql`select c.id from courses c join schools s on s.id = c.school_id where s.domain = 'paybench' order by c.id`)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  await db.execute(sql`vacuum analyze`);

  const server = await startServerProcess({ DATABASE_URL: databaseUrl, SECRET_KEY, THROTTLE_MAX: '100000000', WEB_DIST_DIR: '/nonexistent' });
  try {
    console.log(`PostgreSQL, one server process; ${users} students, ${COURSES} courses, ${seconds} s per run, 10 connections`);
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const creation = await run({
      url: `${server.url}/api/v1/payment/process/`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: { host: HOST, 'content-type': 'application/json', authorization: `Token ${progressToken(1 + Math.floor(Math.random() * users))}`, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ content_type: 'course', object_id: pick(courseIds), processor_type: 'online_bank', channel_code: 'bpi', gateway: 'sandbox' }),
          }),
        },
      ],
    });
    report('POST /payment/process/ (online banking)', creation);

    const references = ((await db.execute(sql`select reference from payment_transactions where status = 'notpaid'`)) as unknown as { rows: { reference: string }[] }).rows.map((r) => r.reference);
    const secret = sandboxSecretOf({ SECRET_KEY });
    let next = 0;
    const callbacks = await run({
      url: `${server.url}/api/v1/payment/callback/sandbox/`,
      amount: references.length,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.paid', data: { reference: references[next++ % references.length] } });
            return { ...request, headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(secret, body) }, body };
          },
        },
      ],
    });
    report(`POST /payment/callback/sandbox/ (${references.length} paid)`, callbacks);
    const paid = ((await db.execute(sql`select count(*)::int as n from payment_transactions where status = 'Paid' and reference in ${references}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    console.log(`Transactions paid by the callbacks: ${paid} of ${references.length}`);
  } finally {
    await server.stop(1500);
    await database.close();
  }
}));
