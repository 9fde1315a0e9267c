/**
 * Benchmarks the API with autocannon against real server processes, on PGlite and on PostgreSQL, after
 * seeding a large data set (1,000 extra schools, 100,000 accounts; the demo school's catalogue at 1,000 and
 * at 10,000 courses with 100,000 enrolments). Prints numbers only:
 *
 * - the school lookup and the login (scrypt);
 * - every read endpoint at 10,000 courses on our server and on bench/bare-server.ts (the same SQL on bare
 *   node:http + pg with named statements, or PGlite), side by side: req/s of each and ours / bare (the goal,
 *   on PostgreSQL, is >= 0.80; BARE_NAMED=false measures against pg's unnamed statements instead);
 * - the course list's p50 at 1,000 and at 10,000 courses, and 10k / 1k (the goal is <= 1.30);
 * - the exam-start spike (bench/exam-spike.ts, unless BENCH_ONLY is set), and at the end every goal in one table.
 *
 * The servers being compared run at the same time and take turns (BENCH_ROUNDS turns each of BENCH_SECONDS),
 * so that whatever else the machine does weighs on both alike. Each is warmed up first (JIT, pools, caches).
 *
 *   npm run bench                                # both databases (PostgreSQL at 127.0.0.1:5432 or BENCH_PG_ADMIN_URL)
 *   BENCH_DATABASES=postgres npm run bench       # one of them (pglite, postgres)
 *   BENCH_SECONDS=10 BENCH_ROUNDS=3 npm run bench   # longer turns, more of them (default 5 s, 2 turns)
 *   BENCH_ONLY=course npm run bench              # only the endpoints whose title contains this text
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { authTokens } from '../apps/server/src/db/schema/index';
import { hashKey } from '../apps/server/src/lib/crypto';
import { loadLookups } from '../apps/server/src/modules/lookups/load-lookups';
import { seedDemo } from '../apps/server/src/seed/seed-demo';
import { withBenchDatabase } from './bench-database';
import { progressToken, seedLarge, seedLargeCatalogue, seedStudying } from './seed-large';
import { examSpike } from './exam-spike';
import { startProcess, startServerProcess, type ServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());
const only = process.env.BENCH_ONLY;
const counts = { schools: Number(process.env.BENCH_SCHOOLS ?? 1000), users: Number(process.env.BENCH_USERS ?? 100_000) };
const TOKEN = 'bench-token-0123456789-0123456789-abcdef';
const STAFF_TOKEN = 'bench-staff-0123456789-0123456789-abcdef';

/** The API alone (no web app), with throttling out of the way of the load. */
const startServer = (env: Record<string, string>) => startServerProcess({ ...env, THROTTLE_MAX: '100000000', WEB_DIST_DIR: '/nonexistent' });
const startBare = (env: Record<string, string>) => startProcess('bench/bare-server.ts', env);

interface Measured {
  rps: number;
  /** Median latency of the 2xx answers, in ms (autocannon's own p50 is rounded to whole ms). */
  p50: number;
  errors: number;
}

async function cannon(options: autocannon.Options, duration: number) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: 10, duration, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status < 300) latencies.push(ms);
    });
  });
  return { result, latencies };
}

function report(title: string, requests: number, duration: number, latencies: number[], errors: number): Measured {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  const measured = { rps: requests / duration, p50: at(0.5), errors };
  console.log(
    `${title.padEnd(58)} ${measured.rps.toFixed(0).padStart(7)} req/s   p50 ${measured.p50.toFixed(2).padStart(7)} ms   p99 ${at(0.99).toFixed(1).padStart(6)} ms${errors ? `   (${errors} errors)` : ''}`,
  );
  return measured;
}

async function measure(title: string, options: autocannon.Options): Promise<Measured> {
  const { result, latencies } = await cannon(options, seconds * rounds);
  return report(title, result.requests.total, result.duration, latencies, result.non2xx + result.errors);
}

/** The same request on several servers in turns; one result per server. */
async function measureInTurns(titles: string[], urls: string[], options: Omit<autocannon.Options, 'url'> = {}): Promise<Measured[]> {
  const totals = urls.map(() => ({ requests: 0, duration: 0, latencies: [] as number[], errors: 0 }));
  for (const url of urls) await cannon({ ...options, url }, 1); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const [i, url] of urls.entries()) {
      const { result, latencies } = await cannon({ ...options, url }, seconds);
      const total = totals[i]!;
      total.requests += result.requests.total;
      total.duration += result.duration;
      total.latencies.push(...latencies);
      total.errors += result.non2xx + result.errors;
    }
  }
  return totals.map((t, i) => report(titles[i]!, t.requests, t.duration, t.latencies, t.errors));
}

// Lets the requests autocannon abandoned at the end of a run finish before the server goes.
const SETTLE_MS = 1500;

async function withServers<T>(servers: ServerProcess[], run: (urls: string[]) => Promise<T>): Promise<T> {
  try {
    return await run(servers.map((s) => s.url));
  } finally {
    await Promise.all(servers.map((s) => s.stop(SETTLE_MS)));
  }
}

interface Endpoint {
  title: string;
  path: string;
  signedIn?: boolean;
  /** Signed in as the school's administrator (the staff console's calls). */
  staff?: boolean;
}

/** Ids the read endpoints need: a course with an outline, a class with a schedule, a bundle, a student with a session. */
async function fixtures(db: Db) {
  const one = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
  const school = await one(sql`select id from schools where domain = 'demo'`);
  const user = await one(sql`select id from users where username = 'benchuser1'`);
  await db.insert(authTokens).values({ userId: user, keyHash: hashKey(TOKEN), persistent: true, expiresAt: new Date(Date.now() + 86_400_000) }).onConflictDoNothing();
  const admin = await one(sql`select id from users where username = 'demo-admin'`);
  await db.insert(authTokens).values({ userId: admin, keyHash: hashKey(STAFF_TOKEN), persistent: true, expiresAt: new Date(Date.now() + 86_400_000) }).onConflictDoNothing();
  const found = {
    school,
    student: await one(sql`select id from students where user_id = ${user}`),
    course: await one(sql`select c.id from courses c join modules m on m.course_id = c.id where c.school_id = ${school} and c.is_published and c.date_end is null group by c.id order by count(*) desc, c.id limit 1`),
    class: await one(sql`select k.id from classes k join class_schedules s on s.class_id = k.id where k.school_id = ${school} order by k.id limit 1`),
    bundle: await one(sql`select id from bundles where school_id = ${school} and is_published order by id limit 1`),
  };
  const courseware = await one(sql`select w.id from coursewares w join modules m on m.id = w.module_id where m.course_id = ${found.course} order by m.position, w.position limit 1`);
  return { ...found, courseware };
}

const LIST = 'GET /schools/{id}/courses/ (page 50, sort -fee)';

function endpoints(ids: Awaited<ReturnType<typeof fixtures>>): Endpoint[] {
  const all: Endpoint[] = [
    { title: 'GET /school/{domain}/', path: '/api/v1/school/demo/' },
    { title: 'GET /schools/{id}/socials', path: `/api/v1/schools/${ids.school}/socials` },
    { title: LIST, path: `/api/v1/schools/${ids.school}/courses/?page=50&perpage=6&sort=-fee` },
    { title: 'GET /schools/{id}/courses/?search_course=Course 77', path: `/api/v1/schools/${ids.school}/courses/?search_course=Course%2077` },
    { title: 'GET /courses/{id}/', path: `/api/v1/courses/${ids.course}/` },
    { title: 'GET /courses/{id}/ (signed in)', path: `/api/v1/courses/${ids.course}/`, signedIn: true },
    { title: 'GET /courses/{id}/similar_courses/', path: `/api/v1/courses/${ids.course}/similar_courses/` },
    { title: 'GET /schools/{id}/top_courses/', path: `/api/v1/schools/${ids.school}/top_courses/` },
    { title: 'GET /schools/{id}/featured_material/', path: `/api/v1/schools/${ids.school}/featured_material/` },
    { title: 'GET /schools/{id}/subcategories/', path: `/api/v1/schools/${ids.school}/subcategories/` },
    { title: 'GET /course/categories-list/', path: '/api/v1/course/categories-list/' },
    { title: 'GET /schools/{id}/bundles/', path: `/api/v1/schools/${ids.school}/bundles/` },
    { title: 'GET /course/bundles/{id}/', path: `/api/v1/course/bundles/${ids.bundle}/` },
    { title: 'GET /classes/{id}/schedule/', path: `/api/v1/classes/${ids.class}/schedule/` },
    { title: 'GET /notifications/ (signed in)', path: '/api/v1/notifications/', signedIn: true },
    { title: 'GET /students/{id}/enrollments/ (signed in)', path: `/api/v1/students/${ids.student}/enrollments/`, signedIn: true },
    { title: 'GET /staff/courses/ (administrator, page 1 of every course)', path: '/api/v1/staff/courses/', staff: true },
  ];
  return only ? all.filter((e) => e.title.includes(only)) : all;
}

/** POST /progress/ for 10,000 students studying one course, each save one second further than the last. */
const PROGRESS = 'POST /progress/ (10,000 studying enrolments)';
const STUDYING = 10_000;
const progressIncluded = !only || PROGRESS.includes(only);
let saves = 0;
function progressRequests(coursewareId: number): Omit<autocannon.Options, 'url'> {
  return {
    method: 'POST',
    requests: [
      {
        setupRequest: (request) => {
          const n = saves++;
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', authorization: `Token ${progressToken(1 + (n % STUDYING))}` },
            body: JSON.stringify({ courseware_id: coursewareId, seconds: 1 + Math.floor(n / STUDYING) }),
          };
        },
      },
    ],
  };
}

const headersFor = (e: Endpoint): Record<string, string> => (e.staff ? { authorization: `Token ${STAFF_TOKEN}` } : e.signedIn ? { authorization: `Token ${TOKEN}` } : {});

/** Every field the bare server answers must be the same in ours (ours may carry more). */
function differences(ours: unknown, bare: unknown, at = ''): string[] {
  if (bare !== null && typeof bare === 'object') {
    if (ours === null || typeof ours !== 'object') return [`${at || '.'}: ${JSON.stringify(ours)} vs ${JSON.stringify(bare)}`];
    return Object.entries(bare).flatMap(([key, value]) => differences((ours as Record<string, unknown>)[key], value, `${at}.${key}`));
  }
  return ours === bare ? [] : [`${at || '.'}: ${JSON.stringify(ours)} vs ${JSON.stringify(bare)}`];
}

async function checkSameAnswers(list: Endpoint[], ours: string, bare: string) {
  for (const e of list) {
    const [a, b] = await Promise.all([ours, bare].map(async (url) => {
      const response = await fetch(`${url}${e.path}`, { headers: headersFor(e) });
      return { status: response.status, body: (await response.json()) as unknown };
    }));
    const diff = a!.status === b!.status ? differences(a!.body, b!.body) : [`status ${a!.status} vs ${b!.status}`];
    if (diff.length) console.log(`  ! ${e.title}: our answer differs from the bare one: ${diff.slice(0, 3).join('; ')}`);
  }
}

const cell = (text: string, width: number) => text.padStart(width);

/** Every goal the benchmarks measure, printed together at the end with its figure and whether it is met. */
const goals: { goal: string; figure: string; met: boolean }[] = [];

/** A database's copy for a second server: PostgreSQL from a template (no one may be connected), PGlite by folder. */
async function cloneDatabase(env: Record<string, string>, admin: pg.Client | null, suffix: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (env.DATABASE_URL) {
    const source = env.DATABASE_URL.replace(/.*\//, '');
    await admin!.query(`create database ${source}_${suffix} template ${source}`);
    return { env: { DATABASE_URL: `${env.DATABASE_URL}_${suffix}` }, drop: async () => void (await admin!.query(`drop database if exists ${source}_${suffix} with (force)`)) };
  }
  const dir = `${env.DATA_DIR}-${suffix}`;
  cpSync(env.DATA_DIR!, dir, { recursive: true, filter: (file) => !file.endsWith('server.lock') });
  return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function catalogueBenchmark(kind: string, env: Record<string, string>, admin: pg.Client | null) {
  const open = () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });

  // 1,000 courses, kept as a copy; then 10,000 courses and 100,000 enrolments.
  let database = await open();
  await seedLargeCatalogue(database.db, { courses: 1_000, enrolments: 10_000 });
  const ids = await fixtures(database.db);
  // Fresh statistics and visibility maps, as a database that has been running a while would have.
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  const small = await cloneDatabase(env, admin, 'small');
  database = await open();
  await seedLargeCatalogue(database.db, { courses: 10_000, enrolments: 100_000 });
  await seedStudying(database.db, ids.course, STUDYING);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  // PGlite is one process's database: the bare server gets its own copy.
  const bareCopy = env.DATA_DIR ? await cloneDatabase(env, admin, 'bare') : null;
  const list = endpoints(ids);

  try {
    if (list.some((e) => e.title === LIST)) {
      console.log(`\n${kind}: the course list on our server at 1,000 and at 10,000 courses (in turns)`);
      const path = list.find((e) => e.title === LIST)!.path;
      const [at1k, at10k] = await withServers(await Promise.all([startServer(small.env), startServer(env)]), (urls) =>
        measureInTurns([`${LIST} at 1k`, `${LIST} at 10k`], urls.map((url) => `${url}${path}`)),
      );
      const ratio = at10k!.p50 / at1k!.p50;
      console.log(`\n${kind}: course list p50 at 1,000 vs 10,000 courses (goal: 10k / 1k <= 1.30)`);
      console.log(`${cell('1k p50 ms', 10)} ${cell('10k p50 ms', 11)} ${cell('10k / 1k', 9)}`);
      console.log(`${cell(at1k!.p50.toFixed(2), 10)} ${cell(at10k!.p50.toFixed(2), 11)} ${cell(ratio.toFixed(2), 9)}${ratio > 1.3 ? '  >' : ''}`);
      goals.push({ goal: `${kind}: course list p50 at 10,000 courses <= 1.30 x at 1,000`, figure: `${ratio.toFixed(2)} x (${at10k!.p50.toFixed(2)} / ${at1k!.p50.toFixed(2)} ms)`, met: ratio <= 1.3 });
    }

    console.log(`\n${kind}: 10,000 courses, 100,000 enrolments; our server, then bench/bare-server.ts (the same SQL), in turns`);
    const results = await withServers(await Promise.all([startServer(env), startBare(bareCopy?.env ?? env)]), async ([ours, bare]) => {
      await checkSameAnswers(list, ours!, bare!);
      const all: Measured[][] = [];
      for (const e of list) all.push(await measureInTurns([e.title, '  bare'], [`${ours}${e.path}`, `${bare}${e.path}`], { headers: headersFor(e) }));
      if (progressIncluded) all.push(await measureInTurns([PROGRESS, '  bare'], [`${ours}/api/v1/progress/`, `${bare}/api/v1/progress/`], progressRequests(ids.courseware)));
      return all;
    });
    console.log(`\n${kind}: ours / bare at 10,000 courses (goal >= 0.80)`);
    console.log(`${'endpoint'.padEnd(58)} ${cell('ours req/s', 11)} ${cell('bare req/s', 11)} ${cell('ratio', 6)}`);
    const ratios = [...list.map((e) => e.title), ...(progressIncluded ? [PROGRESS] : [])].map((title, i) => {
      const [ours, bare] = results[i]!;
      const ratio = ours!.rps / bare!.rps;
      console.log(`${title.padEnd(58)} ${cell(ours!.rps.toFixed(0), 11)} ${cell(bare!.rps.toFixed(0), 11)} ${cell(ratio.toFixed(2), 6)}${ratio < 0.8 ? '  <' : ''}`);
      return { title, ratio };
    });
    const lowest = ratios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    const held = ratios.filter((r) => r.ratio >= 0.8).length;
    // The goal is set against bare pg with named statements; PGlite's ratios above are for information.
    if (env.DATABASE_URL && process.env.BARE_NAMED !== 'false') {
      goals.push({ goal: `${kind}: every read endpoint >= 0.80 of the same SQL on bare pg (named)`, figure: `${held} of ${ratios.length}; lowest ${lowest.ratio.toFixed(2)} (${lowest.title})`, met: held === ratios.length });
    }
  } finally {
    await small.drop();
    await bareCopy?.drop();
  }
}

async function benchmark(kind: string, env: Record<string, string>, admin: pg.Client | null) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  await loadLookups(database.db);
  await seedDemo(database.db);
  await seedLarge(database.db, counts);
  await database.close();

  if (!only) {
    await withServers([await startServer(env)], async ([url]) => {
      console.log(`\n${kind}: ${counts.schools} extra schools, ${counts.users} extra accounts, ${seconds * rounds} s per run, 10 connections`);
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
    });
  }
  await catalogueBenchmark(kind, env, admin);
}

if (databases.includes('pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
  try {
    await benchmark('PGlite', { DATA_DIR: dataDir }, null);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (databases.includes('postgres')) {
  await withBenchDatabase('platform_bench', (databaseUrl, admin) => benchmark('PostgreSQL', { DATABASE_URL: databaseUrl }, admin));
}

// The exam-start spike (bench/exam-spike.ts) belongs to the goals too: run whole, it takes some minutes.
if (!only) {
  const spike = await examSpike();
  if (spike) goals.push({ goal: 'PostgreSQL: exam-start spike >= 500 students per core with p95 < 1 s', figure: `${spike.everyStepHeld ? 'at least ' : ''}${spike.perCore.toFixed(0)} per core (${spike.students} students${spike.everyStepHeld ? ', the largest step tried' : ''})`, met: spike.perCore >= 500 });
}

console.log('\nGoals');
console.log(`${'goal'.padEnd(72)} ${'met'.padEnd(4)} figure`);
for (const g of goals) console.log(`${g.goal.padEnd(72)} ${(g.met ? 'yes' : 'NO').padEnd(4)} ${g.figure}`);
