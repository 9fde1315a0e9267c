import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openDatabase } from '../src/db/client';
import { certificates, coursewareProgress, enrollments, forumQuestions, outboxMessages, users } from '../src/db/schema/index';
import { FREE_LOGIN_FAILURES } from '../src/modules/auth/login-delay';
import { ISSUE_CERTIFICATE } from '../src/modules/certificates/service';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, linkIn, PASSWORD, registerStudent, waitFor } from './support/factories';
import { startCluster, type Cluster } from './support/cluster';
import { client } from './support/http';
import { mixedLoad, succeeded, type LoadRecord, type LoadStudent } from './support/mixed-load';

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * The deployment a growing school runs (README: Running in production): three server processes on one
 * PostgreSQL database and one S3 bucket behind nginx with deploy/nginx.conf. PostgreSQL only: PGlite is one
 * process's database.
 */
describe.skipIf(!databaseUrl)('three server processes behind nginx', { timeout: 120_000 }, () => {
  let cluster: Cluster;
  let database: Database;
  beforeAll(async () => {
    cluster = await startCluster(databaseUrl!);
    database = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: '', inMemory: false });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.close();
  });
  const db = () => database.db;
  const upstreamOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-upstream']);
  /** A student signed up through nginx at the school of `host` (its human check too). */
  const signUp = (host: string) => registerStudent(cluster.url, { host, headers: { host } });

  it('spreads the requests over every process, each answering the same', async () => {
    const school = await createSchool(db());
    const api = client(cluster.url);
    const answers = await Promise.all(Array.from({ length: 9 }, () => api.get(`/api/v1/school/${school.host}/`, { host: school.host })));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(new Set(answers.map((a) => a.body.name))).toEqual(new Set([school.name]));
    expect(new Set(answers.map(upstreamOf)).size).toBe(3);
  });

  it('signs a student up, sends the mail once, verifies and logs in, each step on whichever process', async () => {
    const school = await createSchool(db());
    const api = client(cluster.url);
    const as = { host: school.host };
    // The challenge comes from one process and is checked by another: they share only the secret.
    const { username, email } = await signUp(school.host);
    const mail = await waitFor(async () => (await db().select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)))[0], 15_000, 'the verification mail');
    // Jobs run on two processes: still one message.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.toAddress, email))).toHaveLength(1);
    const key = linkIn(mail.text).searchParams.get('key');
    expect((await api.post('/api/v1/account/verify-email/', { key }, as)).status).toBe(200);
    const login = await api.post('/api/v1/api-token-auth/', { username, password: PASSWORD }, as);
    expect(login.status, login.text).toBe(200);
    const profiles = await Promise.all(Array.from({ length: 6 }, () => api.get(`/api/v1/students/${login.body.student_id}/`, { ...as, token: login.body.token })));
    expect(profiles.map((p) => [p.status, p.body.email])).toEqual(Array(6).fill([200, email]));
    expect(new Set(profiles.map(upstreamOf)).size).toBeGreaterThan(1);
  });

  it('slows an account down after its failed logins, however they are spread over the processes', async () => {
    const school = await createSchool(db());
    const api = client(cluster.url);
    const as = { host: school.host };
    const { username } = await signUp(school.host);
    const tries = [];
    for (let i = 0; i < FREE_LOGIN_FAILURES + 1; i++) tries.push(await api.post('/api/v1/api-token-auth/', { username, password: 'not-the-password1' }, as));
    expect(new Set(tries.map(upstreamOf)).size).toBeGreaterThan(1);
    // The fifth failure makes the next try wait, on whichever process it lands; the right password waits too.
    expect(tries.map((t) => t.status)).toEqual([...Array(FREE_LOGIN_FAILURES).fill(400), 429]);
    expect((await api.post('/api/v1/api-token-auth/', { username, password: PASSWORD }, as)).status).toBe(429);
  });

  it("shows a school's colour changed through one process on the others within a second", async () => {
    const school = await createSchool(db(), { primaryColor: '#1d4ed8' });
    const admin = await createStaff(db(), { school });
    const [first, ...others] = cluster.processes;
    // Every process has the school in its cache first.
    for (const p of cluster.processes) expect((await client(p.url).get(`/api/v1/school/${school.host}/`, { host: school.host })).body.primary_color).toBe('#1d4ed8');
    const current = await client(first!.url).get('/api/v1/staff/school/', { host: school.host, token: admin.token });
    const saved = await client(first!.url).patch('/api/v1/staff/school/', { primary_color: '#0f766e' }, { host: school.host, token: admin.token, headers: { 'if-match': String(current.headers.etag) } });
    expect(saved.status, saved.text).toBe(200);
    const changedAt = Date.now();
    for (const p of others) {
      await waitFor(async () => ((await client(p.url).get(`/api/v1/school/${school.host}/`, { host: school.host })).body.primary_color === '#0f766e' ? true : null), 1000, `the colour on ${p.url}`);
    }
    expect(Date.now() - changedAt).toBeLessThan(1000);
  });

  it('sends the requests of a killed process to the others, and takes it back once restarted', async () => {
    const school = await createSchool(db());
    const api = client(cluster.url);
    const victim = cluster.processes[1]!;
    await victim.stop('SIGKILL');
    const during = await Promise.all(Array.from({ length: 12 }, () => api.get(`/api/v1/school/${school.host}/`, { host: school.host })));
    expect(during.map((a) => a.status)).toEqual(Array(12).fill(200));
    // nginx names every process it tried; the last one answered.
    expect(during.filter((a) => upstreamOf(a).split(', ').at(-1)!.endsWith(`:${victim.port}`))).toEqual([]);
    await victim.start();
    const after = await waitFor(async () => {
      const answers = await Promise.all(Array.from({ length: 9 }, () => api.get(`/api/v1/school/${school.host}/`, { host: school.host })));
      return answers.some((a) => upstreamOf(a).endsWith(`:${victim.port}`)) ? answers : null;
    }, 15_000, 'the restarted process taking requests');
    expect(after.every((a) => a.status === 200)).toBe(true);
  });

  it('keeps every acknowledged write, once, through a SIGKILL and a rolling SIGTERM restart under 30 s of load', { timeout: 150_000 }, async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [video] = await createOutline(db(), course, [{ type: 'video', file: 'seed/private/lessons/lecture.webm', mediaSeconds: 3600, forwardStreaming: true }]);
    const students: LoadStudent[] = [];
    for (let i = 0; i < 48; i++) {
      const student = await createStudent(db(), { school });
      // Two in three study the course (the video opened); the others enrol during the load.
      const enrolment = i % 3 === 2 ? null : await createEnrolment(db(), { student, course });
      if (enrolment) expect((await client(cluster.url).get(`/api/v1/coursewares/${video!.id}/`, { host: school.host, token: student.token })).status).toBe(200);
      students.push({ userId: student.user.id, token: student.token, enrollmentId: enrolment?.id ?? null });
    }
    const [p0, p1, p2] = cluster.processes as [Cluster['processes'][0], Cluster['processes'][0], Cluster['processes'][0]];
    const started = Date.now();
    const at = (ms: number) => new Promise((resolve) => setTimeout(resolve, started + ms - Date.now()));
    const load = mixedLoad({ url: cluster.url, host: school.host, schoolId: school.id, courseId: course.id, videoId: video!.id, students, workers: 6, durationMs: 30_000, periodMs: 200 });
    await at(6_000);
    const killedAt = Date.now();
    expect(await p1.stop('SIGKILL')).toBeNull();
    await p1.start();
    // The rolling restart (README: Upgrades): one process after the other out of nginx, stopped gracefully,
    // started again and put back.
    const terms: { from: number; to: number; code: number | null }[] = [];
    for (const [when, p] of [[14_000, p0], [22_000, p2]] as const) {
      await at(when);
      await cluster.leaveOut([p]);
      const from = Date.now();
      const code = await p.stop('SIGTERM');
      terms.push({ from, to: Date.now(), code });
      await p.start();
      await cluster.leaveOut([]);
    }
    const records = await load;
    const failed = records.filter((r) => !succeeded(r));
    const counts = Object.fromEntries(['sign-up', 'enrol', 'progress', 'forum', 'course list'].map((op) => [op, records.filter((r) => r.op === op && succeeded(r)).length]));
    console.info(`mixed load: ${records.length} requests (${JSON.stringify(counts)}), ${failed.length} failed; SIGTERM stops took ${terms.map((t) => t.to - t.from).join(' and ')} ms; killed at ${killedAt - started} ms, SIGTERMs at ${terms.map((t) => t.from - started).join(' and ')} ms (ports ${p1.port}, ${p0.port}, ${p2.port}); failures at ${failed.map((f) => `${f.startedAt - started} ms ${f.op} ${f.status} ${f.upstream}`).join(', ')}`);
    expect(records.length).toBeGreaterThan(500);
    expect(terms.map((t) => t.code)).toEqual([0, 0]);
    // Only requests that the killed process had in hand may fail, with nginx's 502 naming it; none at the SIGTERMs.
    const inFlightAtKill = (r: LoadRecord) => r.startedAt <= killedAt + 100 && r.endedAt >= killedAt && r.status === 502 && r.upstream.endsWith(`:${p1.port}`);
    expect(failed.filter((r) => !inFlightAtKill(r))).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(6);

    // What each write became: an acknowledged one exactly once, an unacknowledged one at most once.
    const keysOf = (op: LoadRecord['op']) => records.filter((r) => r.op === op);
    const expectOnce = (rows: string[], op: LoadRecord['op']) => {
      const times = new Map<string, number>();
      for (const key of rows) times.set(key, (times.get(key) ?? 0) + 1);
      for (const r of keysOf(op)) expect([op, r.key, times.get(r.key) ?? 0]).toEqual([op, r.key, succeeded(r) ? 1 : (times.get(r.key) ?? 0) && 1]);
    };
    const usernames = keysOf('sign-up').map((r) => r.key);
    expectOnce((await db().select({ key: users.username }).from(users).where(inArray(users.username, usernames))).map((u) => u.key), 'sign-up');
    const enrolled = keysOf('enrol').map((r) => Number(r.key));
    expectOnce((await db().select({ key: enrollments.userId }).from(enrollments).where(and(eq(enrollments.courseId, course.id), inArray(enrollments.userId, enrolled)))).map((e) => String(e.key)), 'enrol');
    expectOnce((await db().select({ key: forumQuestions.title }).from(forumQuestions).where(eq(forumQuestions.schoolId, school.id))).map((q) => q.key), 'forum');
    // Saved seconds only grow: each enrolment holds at least its last acknowledged save.
    const saved = new Map((await db().select().from(coursewareProgress).where(eq(coursewareProgress.coursewareId, video!.id))).map((p) => [p.enrollmentId, p.seconds]));
    for (const r of keysOf('progress').filter(succeeded)) {
      const [enrollmentId, seconds] = r.key.split(':').map(Number) as [number, number];
      expect(saved.get(enrollmentId)).toBeGreaterThanOrEqual(seconds);
    }
    // Each sign-up's verification mail at most once (a job the killed process held comes back after its expiry).
    const mails = await db().select({ to: outboxMessages.toAddress }).from(outboxMessages).where(inArray(outboxMessages.toAddress, usernames.map((u) => `${u}@example.com`)));
    expect(mails.length).toBe(new Set(mails.map((m) => m.to)).size);
  });

  it('retries on another process the job a killed process was running, and a SIGTERM lets the running job finish', { timeout: 120_000 }, async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [lesson] = await createOutline(db(), course, [{ type: 'html', content: '<p>Read</p>' }]);
    const [p0, p1, p2] = cluster.processes as [Cluster['processes'][0], Cluster['processes'][0], Cluster['processes'][0]];
    const finishers = await Promise.all(Array.from({ length: 12 }, () => createEnrolment(db(), { course })));
    // Through the process without workers: its jobs go to the queue, taken by the workers.
    const finish = async (e: (typeof finishers)[number]) => {
      const as = { token: e.student.token, host: school.host };
      await client(p2.url).get(`/api/v1/coursewares/${lesson!.id}/`, as);
      expect((await client(p2.url).post(`/api/v1/coursewares/${lesson!.id}/complete/`, {}, as)).status).toBe(200);
    };
    type JobRow = { id: string; state: string; retry_count: number };
    const ids = finishers.map((f) => f.id);
    const jobs = async () => ((await db().execute(sql`select id, state, retry_count from pgboss.job where name = ${ISSUE_CERTIFICATE} and (data->>'enrollmentId')::int in ${ids}`)) as unknown as { rows: JobRow[] }).rows;
    const active = async () => (await jobs()).find((j) => j.state === 'active') ?? null;
    const issuedTo = async () => (await db().select({ enrollmentId: certificates.enrollmentId }).from(certificates).where(inArray(certificates.enrollmentId, ids))).map((c) => c.enrollmentId);

    // Only p1 works jobs while p0 is frozen: the job active once p1 is killed is the one p1 was running.
    p0.pause();
    let orphan: JobRow | null;
    try {
      await Promise.all(finishers.slice(0, 6).map(finish));
      await waitFor(active, 20_000, 'a certificate job running on p1');
      await p1.stop('SIGKILL');
      orphan = await active();
    } finally {
      p0.resume();
    }
    expect(orphan, 'the job p1 was running').not.toBeNull();
    // Its queue's expiry (120 s) as if passed: the supervision of p0 fails it, and the retry is done by p0.
    await db().execute(sql`update pgboss.job set started_on = started_on - expire_in where id = ${orphan!.id}`);
    await waitFor(async () => ((await issuedTo()).length === 6 ? true : null), 60_000, 'the six certificates, the orphaned one retried');
    expect((await jobs()).find((j) => j.id === orphan!.id)).toMatchObject({ state: 'completed', retry_count: 1 });
    expect((await issuedTo()).sort()).toEqual(finishers.slice(0, 6).map((f) => f.id).sort());
    await p1.start();

    // A SIGTERM while p1 runs a job: it exits once that job is done, leaving nothing active.
    p0.pause();
    try {
      await Promise.all(finishers.slice(6).map(finish));
      const running = await waitFor(active, 20_000, 'a certificate job running on p1');
      expect(await p1.stop('SIGTERM')).toBe(0);
      expect((await jobs()).find((j) => j.id === running.id)).toMatchObject({ state: 'completed', retry_count: 0 });
      expect((await jobs()).filter((j) => j.state === 'active')).toEqual([]);
    } finally {
      p0.resume();
    }
    await waitFor(async () => ((await issuedTo()).length === 12 ? true : null), 60_000, 'the last certificates, by p0');
    expect(new Set(await issuedTo()).size).toBe(12);
    await p1.start();
  });

  it('never serves a course list changed through one process stale from another', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school, name: 'Evidence' });
    const admin = await createStaff(db(), { school });
    const [first, ...others] = cluster.processes;
    const names = async (url: string) => {
      const res = await client(url).get(`/api/v1/schools/${school.id}/courses/`, { host: school.host });
      // Nothing between the processes and the browser may keep it either.
      expect(res.headers['cache-control']).toBe('no-store');
      return res.body.data.map((c: { name: string }) => c.name);
    };
    for (const p of cluster.processes) expect(await names(p.url)).toEqual(['Evidence']);
    const saved = await client(first!.url).patch(`/api/v1/staff/courses/${course.id}/`, { name: 'Evidence in Practice' }, { host: school.host, token: admin.token, headers: { 'if-match': '"v1"' } });
    expect(saved.status, saved.text).toBe(200);
    for (const p of others) expect(await names(p.url)).toEqual(['Evidence in Practice']);
  });
});
