/**
 * The forum at 100,000 posts (40,000 questions and 60,000 answers of legal words drawn with a skew, as real
 * text has common and rare words) in the demo school, on PGlite and on PostgreSQL: autocannon against a real
 * server process on the search (a common word, two words, a rare word only in answers, a misspelt word) and the
 * latest-topics list. Prints p50 and p99 of each.
 *
 *   npm run bench:forum                              # both databases (PostgreSQL at 127.0.0.1:5432 or BENCH_PG_ADMIN_URL)
 *   BENCH_DATABASES=pglite npm run bench:forum       # one of them (pglite, postgres)
 *   BENCH_SECONDS=10 BENCH_POSTS=50000 npm run bench:forum
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { loadLookups } from '../apps/server/src/modules/lookups/load-lookups';
import { seedDemo } from '../apps/server/src/seed/seed-demo';
import { withBenchDatabase } from './bench-database';
import { seedLarge } from './seed-large';
import { startServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const posts = Number(process.env.BENCH_POSTS ?? 100_000);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());

// Frequent words first: the draw below favours the start of the list.
const vocabulary = (
  'the of and to in a is for that on with as by court law lawyer case rule units mcle compliance period credit ' +
  'legal ethics seminar lecture provider accredited office bar ibp chapter member professional responsibility ' +
  'evidence procedure civil criminal remedial updates jurisprudence supreme decision petition motion appeal trial ' +
  'pretrial skills writing advocacy international convention arbitration mediation dispute resolution labor tax ' +
  'corporate commercial family property contract obligation damages notary public government prosecutor judge ' +
  'exemption exempt certificate deadline notice fee delinquent roll number admission attorney counsel client ' +
  'hearing pleading affidavit subpoena jurisdiction venue summons judgment execution injunction certiorari ' +
  'mandamus prohibition habeas corpus amparo data privacy cybercrime election agrarian reform environmental ' +
  'maritime insurance banking securities intellectual copyright trademark patent immigration customs tariff ' +
  'constitutional statutory interpretation administrative ombudsman sandiganbayan appeals regional metropolitan ' +
  'municipal barangay conciliation katarungang pambarangay quezon manila cebu davao iloilo baguio makati pasig ' +
  'participatory recorded live online webinar workshop moot mock fellowship review professor dean retired ' +
  'seventeen thirtysix schedule weekend evening saturday transcript receipt payment refund enrolment'
).split(' ');

/**
 * Questions and answers in the demo school by 500 accounts, one every 5 minutes back from now, in SQL (PGlite
 * and PostgreSQL alike). The newest fifth of the questions have no answer; one answer in 50 says "webinar".
 */
async function seedForum(db: Db, count: number) {
  const questions = Math.round(count * 0.4);
  const unanswered = Math.floor(questions / 5);
  const words = `array[${vocabulary.map((w) => `'${w}'`).join(',')}]::text[]`;
  // A phrase of words drawn with a skew (random()^2 favours the frequent start); `row` ties each draw to its row.
  const phrase = (min: number, row: string) =>
    sql.raw(`(select string_agg((${words})[1 + floor(${vocabulary.length} * power(random(), 2))::int], ' ') from generate_series(1, ${min} + ${row} % 7))`);
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [{ first }] = (await rows<{ first: number }>(sql`select coalesce(max(id), 0) + 1 as first from forum_questions`)) as [{ first: number }];
  await db.execute(sql`
    insert into forum_questions (school_id, user_id, title, body, body_html, body_text, tags, created_at, updated_at)
    select s.id, u.id, initcap(t.title), t.body, '<p>' || t.body || '</p>', t.body,
      array[(array['mcle','compliance-period','legal-ethics','remedial-law','exemptions','credit-units','ibp-chapters'])[1 + g % 7]],
      now() - g * interval '5 minutes', now() - g * interval '5 minutes'
    from generate_series(1, ${questions}) g
      cross join (select id from schools where domain = 'demo') s
      join users u on u.username = 'benchuser' || (1 + g % 500)
      cross join lateral (select ${phrase(5, 'g')} as title, ${phrase(30, 'g')} as body) t
    order by g`);
  await db.execute(sql`
    insert into forum_answers (school_id, question_id, user_id, body, body_html, body_text, created_at, updated_at)
    select q.school_id, q.id, u.id, t.body, '<p>' || t.body || '</p>', t.body, q.created_at + interval '1 hour', q.created_at + interval '1 hour'
    from generate_series(1, ${count - questions}) g
      join forum_questions q on q.id = ${first + unanswered} + (g * 7919) % ${questions - unanswered}
      join users u on u.username = 'benchuser' || (1 + (g * 13) % 500)
      cross join lateral (select ${phrase(25, 'g')} || case when g % 50 = 0 then ' webinar' else '' end as body) t`);
  await db.execute(sql`
    update forum_questions q set answer_count = a.n
    from (select question_id, count(*)::integer as n from forum_answers group by question_id) a
    where a.question_id = q.id`);
  await db.execute(sql`vacuum analyze`);
}

interface Endpoint {
  title: string;
  path: string;
}

function endpoints(school: number): Endpoint[] {
  const forums = `/api/v1/schools/${school}/forums`;
  return [
    { title: 'latest topics, page 1', path: `${forums}/latest/?page=1` },
    { title: 'latest topics, page 100', path: `${forums}/latest/?page=100` },
    { title: 'unanswered topics, page 1', path: `${forums}/unanswered/?page=1` },
    { title: 'summary', path: `${forums}/summary/` },
    { title: 'search "compliance" (a common word)', path: `${forums}/search/?keyword=compliance` },
    { title: 'search "exemption government"', path: `${forums}/search/?keyword=exemption%20government` },
    { title: 'search "webinar" (in 1 answer in 50)', path: `${forums}/search/?keyword=webinar` },
    { title: 'search "complaince" (misspelt)', path: `${forums}/search/?keyword=complaince` },
  ];
}

async function measure(title: string, url: string, duration = seconds, report = true) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: 10, duration }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status < 300) latencies.push(ms);
    });
  });
  if (!report) return;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  const errors = result.non2xx + result.errors;
  console.log(`${title.padEnd(40)} ${(result.requests.total / result.duration).toFixed(0).padStart(6)} req/s   p50 ${at(0.5).toFixed(1).padStart(7)} ms   p99 ${at(0.99).toFixed(1).padStart(7)} ms${errors ? `   (${errors} errors)` : ''}`);
}

async function benchmark(kind: string, env: Record<string, string>) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  await loadLookups(database.db);
  await seedDemo(database.db);
  await seedLarge(database.db, { schools: 0, users: 500 });
  const began = performance.now();
  await seedForum(database.db, posts);
  const seeded = (performance.now() - began) / 1000;
  const [school] = ((await database.db.execute(sql`select id from schools where domain = 'demo'`)) as unknown as { rows: { id: number }[] }).rows;
  await database.close();

  const server = await startServerProcess({ ...env, THROTTLE_MAX: '100000000', FORUM_SEARCH_MAX: '100000000', FORUM_READ_MAX: '100000000', WEB_DIST_DIR: '/nonexistent' });
  try {
    console.log(`\n${kind}: ${posts.toLocaleString('en')} forum posts (seeded in ${seeded.toFixed(0)} s), ${seconds} s per endpoint, 10 connections`);
    for (const e of endpoints(school!.id)) {
      await measure(e.title, `${server.url}${e.path}`, 1, false); // warm-up (JIT, caches, prepared statements)
      await measure(e.title, `${server.url}${e.path}`);
    }
  } finally {
    await server.stop(1500);
  }
}

if (databases.includes('pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-forum-'));
  try {
    await benchmark('PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (databases.includes('postgres')) {
  await withBenchDatabase('platform_forum_bench', (databaseUrl) => benchmark('PostgreSQL', { DATABASE_URL: databaseUrl }));
}
