import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openDatabase } from '../src/db/client';
import { outboxMessages } from '../src/db/schema/index';
import { FREE_LOGIN_FAILURES } from '../src/modules/auth/login-delay';
import { createSchool, createStaff, linkIn, PASSWORD, registerStudent, waitFor } from './support/factories';
import { startCluster, type Cluster } from './support/cluster';
import { client } from './support/http';

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
});
