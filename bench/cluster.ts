/**
 * The deployment of README "Running in production" measured: 1, 2 and 3 server processes on one PostgreSQL
 * database (the demo, 10,000 courses, 100,000 enrolments, 10,000 studying accounts) behind Debian's nginx with
 * deploy/nginx.conf. For each: the course list, a course page and a mixed student workload (browse the list,
 * read a course, open a lesson, save progress), req/s, p99 and the ratio to one process; then where the CPU went
 * (server processes, PostgreSQL, nginx, the load generator) from /proc during each run.
 *
 *   npm run bench:cluster                       # PostgreSQL at 127.0.0.1:5432 or BENCH_PG_ADMIN_URL
 *   BENCH_SECONDS=10 npm run bench:cluster      # longer runs (default 5 s each, after 1 s of warm-up)
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { freePort } from '../apps/server/test/support/ports';
import { startNginx } from '../apps/server/test/support/cluster';
import { exitUnlessRan, withBenchDatabase } from './bench-database';
import { progressToken, seedLarge, seedLargeCatalogue, seedStudying } from './seed-large';
import { startServerProcess, type ServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const STUDYING = 10_000;
const CONNECTIONS = 20;

/** Seconds of CPU (user + system) each process has used so far, by pid, with its command name. */
function cpuByPid() {
  const ticks = 100; // USER_HZ on Linux
  const out = new Map<number, { comm: string; cpu: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(entry), { comm, cpu: (Number(fields[11]) + Number(fields[12])) / ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** CPU seconds used between two readings, grouped: the servers (by pid), PostgreSQL, nginx, this process, the rest. */
function cpuUsed(before: Map<number, { comm: string; cpu: number }>, after: Map<number, { comm: string; cpu: number }>, servers: number[]) {
  const groups = { servers: 0, postgres: 0, nginx: 0, load: 0, other: 0 };
  for (const [pid, now] of after) {
    const used = now.cpu - (before.get(pid)?.cpu ?? 0);
    if (servers.includes(pid)) groups.servers += used;
    else if (now.comm === 'postgres') groups.postgres += used;
    else if (now.comm === 'nginx') groups.nginx += used;
    else if (pid === process.pid) groups.load += used;
    else groups.other += used;
  }
  return groups;
}

interface Workload {
  title: string;
  options: (url: string) => autocannon.Options;
}

function workloads(ids: { school: number; course: number; courseware: number }): Workload[] {
  const list = `/api/v1/schools/${ids.school}/courses/?page=50&perpage=6&sort=-fee`;
  let n = 0;
  return [
    { title: 'course list (page 50 of 10,000)', options: (url) => ({ url: `${url}${list}` }) },
    { title: 'course page', options: (url) => ({ url: `${url}/api/v1/courses/${ids.course}/` }) },
    {
      title: 'student mix (list, course, lesson, progress)',
      options: (url) => ({
        url,
        requests: [
          { method: 'GET', path: list },
          { method: 'GET', path: `/api/v1/courses/${ids.course}/` },
          {
            method: 'GET',
            path: `/api/v1/coursewares/${ids.courseware}/`,
            setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Token ${progressToken(1 + (n % (STUDYING / 2)))}` } }),
          },
          {
            // Other students than those opening: their lesson was opened a day ago, so every later second fits.
            method: 'POST',
            path: '/api/v1/progress/',
            setupRequest: (request) => {
              const k = n++;
              return {
                ...request,
                headers: { ...request.headers, 'content-type': 'application/json', authorization: `Token ${progressToken(STUDYING / 2 + 1 + (k % (STUDYING / 2)))}` },
                body: JSON.stringify({ courseware_id: ids.courseware, seconds: 1 + Math.floor(k / (STUDYING / 2)) }),
              };
            },
          },
        ],
      }),
    },
  ];
}

async function run(options: autocannon.Options, duration: number) {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const failed = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, status, _bytes, ms) => (status < 300 ? latencies.push(ms) : failed(String(status))));
    instance.on('reqError', (error) => failed(error.message));
  });
  latencies.sort((a, b) => a - b);
  const errors = [...failures].map(([what, times]) => `${what} ×${times}`).join(', ');
  return { rps: result.requests.total / result.duration, p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN, errors };
}

exitUnlessRan(await withBenchDatabase('platform_bench_cluster', async (databaseUrl) => {
  // A first process migrates the database and loads the demo; then the large data set.
  await (await startServerProcess({ DATABASE_URL: databaseUrl, WEB_DIST_DIR: '/nonexistent' })).stop();
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  await seedLarge(database.db, { schools: 10, users: STUDYING });
  await seedLargeCatalogue(database.db, { courses: 10_000, enrolments: STUDYING });
  const one = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
  const school = await one(sql`select id from schools where domain = 'demo'`);
  const course = await one(sql`select c.id from courses c join modules m on m.course_id = c.id where c.school_id = ${school} and c.is_published and c.date_end is null group by c.id order by count(*) desc, c.id limit 1`);
  const courseware = await one(sql`select w.id from coursewares w join modules m on m.id = w.module_id where m.course_id = ${course} order by m.position, w.position limit 1`);
  await seedStudying(database.db, course, STUDYING);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  const ids = { school, course, courseware };

  const results: { processes: number; title: string; rps: number; p99: number; errors: string; cpu: ReturnType<typeof cpuUsed> }[] = [];
  for (const count of [1, 2, 3]) {
    const servers: ServerProcess[] = [];
    for (let i = 0; i < count; i++) {
      servers.push(await startServerProcess({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent', TRUST_PROXY: '1', JOBS_WORKERS: i === 0 ? 'true' : 'false', THROTTLE_MAX: '100000000' }));
    }
    const nginx = await startNginx(mkdtempSync(path.join(tmpdir(), 'bench-nginx-')), await freePort(), servers.map((s) => s.port));
    try {
      for (const workload of workloads(ids)) {
        await run(workload.options(nginx.url), 1); // warm-up: JIT, pools, nginx's kept-alive connections
        const before = cpuByPid();
        const measured = await run(workload.options(nginx.url), seconds);
        results.push({ processes: count, title: workload.title, ...measured, cpu: cpuUsed(before, cpuByPid(), servers.map((s) => s.pid)) });
      }
    } finally {
      nginx.close();
      await Promise.all(servers.map((s) => s.stop(1500)));
    }
  }

  console.log(`\nThrough nginx to 1, 2 and 3 processes on one PostgreSQL, ${CONNECTIONS} connections, ${seconds} s each (10,000 courses)`);
  console.log(`${'workload'.padEnd(46)} ${'proc'.padStart(4)} ${'req/s'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× one'.padStart(6)}   CPU s: servers postgres nginx load other`);
  for (const r of results) {
    const base = results.find((b) => b.title === r.title && b.processes === 1)!;
    const c = r.cpu;
    console.log(
      `${r.title.padEnd(46)} ${String(r.processes).padStart(4)} ${r.rps.toFixed(0).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${(r.rps / base.rps).toFixed(2).padStart(6)}   ${[c.servers, c.postgres, c.nginx, c.load, c.other].map((v) => v.toFixed(1).padStart(7)).join('')}${r.errors ? `   (failed: ${r.errors})` : ''}`,
    );
  }
  // nginx closes a client's kept-alive connection after 1,000 requests (keepalive_requests): at the fastest
  // runs autocannon may see that as a reset or two, which it reconnects from.
  console.log(`(CPU seconds over the ${seconds} s run; the machine has ${availableParallelism()} cores, so at most ${seconds * availableParallelism()} in all.)`);
}));
