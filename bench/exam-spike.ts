/**
 * The exam-start spike, on PostgreSQL: N students of one course open the same exam within one second, start it,
 * answer its 16 questions one by one and submit. For growing N it prints the p95 and p99 latency of every request
 * (and of each kind) and the errors, then the largest N whose p95 stayed under 1 s with no error, per core of
 * this machine (the server, PostgreSQL and this load generator share them). Goal: >= 500 per core.
 *
 * A student reads the question between answers: a think time drawn between half and one and a half of
 * BENCH_THINK_SECONDS (default 5 s; a real exam question takes far longer, so this is the harsher load).
 *
 *   npm run bench:exam                                   # PostgreSQL at 127.0.0.1:5432 or BENCH_PG_ADMIN_URL
 *   BENCH_STEPS=500,1000,1500 BENCH_THINK_SECONDS=3 npm run bench:exam
 */
import http from 'node:http';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { examQuestions, exams } from '../apps/server/src/db/schema/index';
import { loadLookups } from '../apps/server/src/modules/lookups/load-lookups';
import { seedDemo } from '../apps/server/src/seed/seed-demo';
import { withBenchDatabase } from './bench-database';
import { progressToken, seedLarge, seedStudying } from './seed-large';
import { startServerProcess } from './server-process';

const steps = (process.env.BENCH_STEPS ?? '250,500,750,1000,1250,1500,2000').split(',').map(Number);
const thinkMs = Number(process.env.BENCH_THINK_SECONDS ?? 5) * 1000;
const SPIKE_MS = 1000;
const P95_GOAL_MS = 1000;

type Kind = 'open' | 'start' | 'answer' | 'submit';
type Answer = string | string[];

/** 16 questions: choices of each kind and two written answers (pending until graded), as a real exam has. */
const questionSet = Array.from({ length: 16 }, (_, i) => {
  const kind = i % 8;
  if (kind === 6) return { type: 'text' as const, text: `Written question ${i + 1}`, choices: [], correctAnswer: [], answer: 'stare decisis' as Answer };
  if (kind === 4 || kind === 5) return { type: 'checkbox' as const, text: `Question ${i + 1}`, choices: ['a', 'b', 'c', 'd'], correctAnswer: ['a', 'c'], answer: ['a', 'c'] as Answer };
  if (kind === 7) return { type: 'select' as const, text: `Question ${i + 1}`, choices: ['24', '36', '48'], correctAnswer: ['36'], answer: '36' as Answer };
  return { type: 'radio' as const, text: `Question ${i + 1}`, choices: ['a', 'b', 'c'], correctAnswer: ['b'], answer: 'b' as Answer };
});

/** A course of the demo school whose only courseware is a timed exam; `students` accounts enrolled, each with a session key. */
async function seedExam(db: Db, students: number) {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [course] = await rows<{ id: number; school_id: number }>(sql`
    insert into courses (school_id, name, slug, description, fee, units, is_published)
    select id, 'Exam Spike Course', 'exam-spike-course', 'The exam-start benchmark.', 0, 1, true from schools where domain = 'demo'
    returning id, school_id`);
  const [mod] = await rows<{ id: number }>(sql`insert into modules (school_id, course_id, name, position) values (${course!.school_id}, ${course!.id}, 'Final', 0) returning id`);
  const [ware] = await rows<{ id: number }>(sql`insert into coursewares (school_id, module_id, name, type, position) values (${course!.school_id}, ${mod!.id}, 'Final exam', 'exam', 0) returning id`);
  const [exam] = await db.insert(exams).values({ schoolId: course!.school_id, coursewareId: ware!.id, passingRate: 75, maxAttempts: 0, durationMinutes: 60 }).returning({ id: exams.id });
  const questions = await db
    .insert(examQuestions)
    .values(questionSet.map(({ answer: _answer, ...q }, position) => ({ ...q, schoolId: course!.school_id, examId: exam!.id, position })))
    .returning({ id: examQuestions.id });
  await seedStudying(db, course!.id, students);
  await db.execute(sql`vacuum analyze`);
  return { examId: exam!.id, questionIds: questions.map((q) => q.id) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function post(base: URL, path: string, token: string, body: unknown, method = 'POST') {
  return new Promise<number>((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { agent, host: base.hostname, port: base.port, path, method, headers: { authorization: `Token ${token}`, host: 'demo.localhost', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function wave(base: URL, n: number, exam: { examId: number; questionIds: number[] }, think = thinkMs) {
  const latencies: Record<Kind, number[]> = { open: [], start: [], answer: [], submit: [] };
  /** Each failed request as `{kind} {status}` (status 0: the connection failed), with its count. */
  const failures = new Map<string, number>();
  const timed = async (kind: Kind, call: () => Promise<number>) => {
    const began = performance.now();
    const status = await call();
    latencies[kind].push(performance.now() - began);
    if (status !== 200) failures.set(`${kind} ${status}`, (failures.get(`${kind} ${status}`) ?? 0) + 1);
  };
  const student = async (i: number) => {
    const token = progressToken(i + 1);
    await sleep(Math.random() * SPIKE_MS);
    await timed('open', () => post(base, `/api/v1/exams/${exam.examId}/`, token, undefined, 'GET'));
    await timed('start', () => post(base, `/api/v1/exams/${exam.examId}/start/`, token, {}));
    for (const [q, id] of exam.questionIds.entries()) {
      await sleep(think * (0.5 + Math.random()));
      const final = q === exam.questionIds.length - 1;
      await timed(final ? 'submit' : 'answer', () => post(base, `/api/v1/exam/questions/${id}/submit/`, token, { answer: questionSet[q]!.answer, final }));
    }
  };
  await Promise.all(Array.from({ length: n }, (_, i) => student(i)));
  return { latencies, failures };
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

/** Runs the spike; answers the largest N that held the goal, per core, and whether no step failed (null without PostgreSQL). */
export async function examSpike(): Promise<{ students: number; perCore: number; everyStepHeld: boolean } | null> {
  try {
    const ran = await withBenchDatabase('platform_exam_bench', async (databaseUrl) => {
      const most = Math.max(...steps);
      const database = await openDatabase({ databaseUrl, dataDir: '' });
      await loadLookups(database.db);
      await seedDemo(database.db);
      await seedLarge(database.db, { schools: 0, users: most });
      const exam = await seedExam(database.db, most);
      const server = await startServerProcess({ DATABASE_URL: databaseUrl, THROTTLE_MAX: '100000000', WEB_DIST_DIR: '/nonexistent' });
      const cores = os.cpus().length;
      console.log(`PostgreSQL, one server process, ${cores} cores shared with PostgreSQL and the load; 16 questions, think time ${thinkMs / 1000} s (±50 %), all start within ${SPIKE_MS / 1000} s`);
      console.log(`${'students'.padStart(9)} ${'p95 all'.padStart(9)} ${'p99 all'.padStart(9)} ${'p95 open'.padStart(9)} ${'p95 start'.padStart(9)} ${'p95 answer'.padStart(10)} ${'p95 submit'.padStart(10)} ${'errors'.padStart(7)}`);
      let best = 0;
      try {
        // A warm-up wave without think time (JIT, pools), not reported.
        await wave(new URL(server.url), 50, exam, 0);
        for (const n of steps) {
          await database.db.execute(sql`delete from exam_submissions where exam_id = ${exam.examId}`);
          const { latencies, failures } = await wave(new URL(server.url), n, exam);
          const errors = [...failures.values()].reduce((a, b) => a + b, 0);
          const all = Object.values(latencies).flat();
          const p95 = percentile(all, 0.95);
          console.log(
            `${String(n).padStart(9)} ${ms(p95)} ${ms(percentile(all, 0.99))} ${ms(percentile(latencies.open, 0.95))} ${ms(percentile(latencies.start, 0.95))}  ${ms(percentile(latencies.answer, 0.95))}  ${ms(percentile(latencies.submit, 0.95))} ${String(errors).padStart(7)}`,
          );
          if (errors) console.log(`          failed: ${[...failures].map(([what, count]) => `${what} x ${count}`).join(', ')}`);
          if (p95 >= P95_GOAL_MS || errors > 0) break;
          best = n;
        }
      } finally {
        await server.stop(1500);
        await database.close();
      }
      console.log(`\nLargest N with p95 under ${P95_GOAL_MS} ms and no error: ${best} students, ${(best / cores).toFixed(0)} per core (goal >= 500 per core)`);
      return { students: best, perCore: best / cores, everyStepHeld: best === most };
    });
    return ran?.value ?? null;
  } finally {
    agent.destroy();
  }
}

// Run as a script (npm run bench:exam), not when npm run bench imports it for its goals table.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await examSpike();
