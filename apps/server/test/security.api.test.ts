import { randomBytes } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, sessionMessages } from '@school/shared/auth/messages';
import { outboxMessages } from '../src/db/schema/index';
import { FREE_LOGIN_FAILURES, loginDelaySeconds } from '../src/modules/auth/login-delay';
import { humanToken } from './support/human';
import { client, type RequestOptions } from './support/http';
import { linkIn, registerStudent, waitFor } from './support/factories';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  // Behind one proxy, so that each request can come from an address of its own.
  server = await startServer({ TRUST_PROXY: '1', THROTTLE_MAX: '10' });
});
afterAll(() => server.close());

let lastOctet = 0;
const from = () => ({ 'x-forwarded-for': `10.20.${Math.floor(++lastOctet / 250)}.${lastOctet % 250}` });
/**
 * Every call from an address of its own unless it names one: on PostgreSQL the per-address counters are
 * shared with the other test files, which all call from 127.0.0.1.
 */
const api = () => {
  const http = client(server.url);
  const own = (options: RequestOptions = {}) => ({ ...options, headers: { ...from(), ...options.headers } });
  return {
    get: (path: string, options?: RequestOptions) => http.get(path, own(options)),
    post: (path: string, body?: unknown, options?: RequestOptions) => http.post(path, body, own(options)),
    put: (path: string, body?: unknown, options?: RequestOptions) => http.put(path, body, own(options)),
  };
};
const newStudent = () => registerStudent(server.url, { headers: from() });
const login = (username: string, password: string) => api().post('/api/v1/api-token-auth/', { username, password }, { headers: from() });

describe('login limits per account', () => {
  it('slows guessing from many addresses, counting the username and the e-mail together', async () => {
    const student = await newStudent();
    const statuses: number[] = [];
    const name = (i: number) => (i % 2 ? student.username : student.email.toUpperCase());
    for (let i = 0; i < FREE_LOGIN_FAILURES; i++) statuses.push((await login(name(i), `wrong-${i}-password`)).status);
    // The rest at once. The first wait (2 s) starts before the fifth password check, which a busy machine can
    // stretch past it: then one of these is checked (and fails, starting a 4 s wait) and the others still wait.
    statuses.push(...(await Promise.all(Array.from({ length: 35 }, (_, i) => login(name(i), `wrong-${i}-again`).then((r) => r.status)))));
    expect(statuses.slice(0, FREE_LOGIN_FAILURES)).toEqual(Array(FREE_LOGIN_FAILURES).fill(400));
    const checked = statuses.slice(FREE_LOGIN_FAILURES).filter((s) => s === 400).length;
    expect(checked).toBeLessThanOrEqual(1);
    expect(statuses.slice(FREE_LOGIN_FAILURES).filter((s) => s === 429)).toHaveLength(35 - checked);
    const refused = await login(student.username, student.password);
    expect(refused).toMatchObject({ status: 429, body: { detail: serverMessages.throttled } });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(loginDelaySeconds(FREE_LOGIN_FAILURES + checked));
  });

  it('lets parallel guesses through no faster than one at a time', async () => {
    const student = await newStudent();
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(student.username, `parallel-${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 400)).toHaveLength(FREE_LOGIN_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - FREE_LOGIN_FAILURES);
  });

  it('lets the owner back in at once with a password reset', async () => {
    const student = await newStudent();
    for (let i = 0; i <= FREE_LOGIN_FAILURES; i++) await login(student.username, 'guess-password1');
    expect((await login(student.username, student.password)).status).toBe(429);
    await api().post('/api/v1/account/forgot-password/', { email: student.email, 'g-recaptcha-response': await humanToken(server.url, from()) }, { headers: from() });
    // Behind a proxy the outbox page is off: read the mail where the outbox keeps it, once the job has sent it.
    const mail = await waitFor(async () => {
      const [row] = await server.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.toAddress, student.email), like(outboxMessages.subject, 'Reset %')))
        .orderBy(desc(outboxMessages.id))
        .limit(1);
      return row;
    });
    const uid = linkIn(mail.text).pathname.split('/').pop();
    const reset = await api().post(
      '/api/v1/account/reset-password/',
      { password: 'regained123', password_confirm: 'regained123', uid_and_token_b64: uid, 'g-recaptcha-response': await humanToken(server.url, from()) },
      { headers: from() },
    );
    expect(reset.status).toBe(200);
    expect((await login(student.username, 'regained123')).status).toBe(200);
  });

  it('takes a name of any length without breaking', async () => {
    const long = randomBytes(6000).toString('base64');
    for (let i = 0; i < 2; i++) expect((await login(long, 'whatever1')).body).toEqual({ non_field_errors: [serverMessages.badCredentials] });
  });

  it('forgets failures after a successful login', async () => {
    const student = await newStudent();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < FREE_LOGIN_FAILURES - 1; i++) expect((await login(student.username, 'typo-password1')).status).toBe(400);
      expect((await login(student.username, student.password)).status).toBe(200);
    }
  });
});

describe('change password', () => {
  it('is throttled per account, whatever the address', async () => {
    const student = await newStudent();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api().put(
        '/api/v1/account/change-password/',
        { old_password: `wrong-${i}`, new_password1: 'changed123', new_password2: 'changed123' },
        { token: student.token, headers: from() },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('human-check challenges', () => {
  it('are handed out at a limited rate per address', async () => {
    const headers = from();
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) statuses.push((await api().get('/api/v1/human-check/challenge/', { headers })).status);
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
    expect((await api().get('/api/v1/human-check/challenge/', { headers: from() })).status).toBe(200);
  });
});

describe('caching of personal data', () => {
  it('forbids storing API answers unless a route allows it', async () => {
    const student = await newStudent();
    const profile = await api().get('/api/v1/account/profile/', { token: student.token });
    expect(profile.headers['cache-control']).toBe('no-store');
    const refused = await api().get('/api/v1/account/profile/');
    expect(refused.headers['cache-control']).toBe('no-store');
    const countries = await api().get('/api/v1/countries/');
    expect(countries.headers['cache-control']).toMatch(/^public/);
  });
});

describe('sign-in codes (/auth/{code} on another school host)', () => {
  it('carry a session once, within a minute, and say whose account they open', async () => {
    const student = await newStudent();
    const created = await api().post('/api/v1/auth/sign-in-codes/', {}, { token: student.token, host: 'demo.localhost' });
    expect(created).toMatchObject({ status: 201, body: { expires_in: 60 } });
    const { code } = created.body;
    expect(code).not.toBe(student.token);

    const holder = await api().post('/api/v1/auth/sign-in-codes/holder/', { code }, { host: 'acme.localhost', headers: from() });
    expect(holder).toMatchObject({ status: 200, body: { username: student.username, email: student.email, full_name: '' } });
    const demo = (await api().post('/api/v1/api-token-auth/', { username: 'student', password: 'Learn2026!' }, { headers: from() })).body.token;
    const demoCode = (await api().post('/api/v1/auth/sign-in-codes/', {}, { token: demo })).body.code;
    expect((await api().post('/api/v1/auth/sign-in-codes/holder/', { code: demoCode }, { headers: from() })).body.full_name).toBe('Maria Santos Reyes');

    const redeemed = await api().post('/api/v1/auth/sign-in-codes/redeem/', { code }, { host: 'acme.localhost', headers: from() });
    expect(redeemed).toMatchObject({ status: 200, body: { id: student.id, role: 'ST' } });
    expect(redeemed.body.token).not.toBe(student.token);
    expect((await api().get('/api/v1/account/profile/', { token: redeemed.body.token })).body.username).toBe(student.username);

    const again = await api().post('/api/v1/auth/sign-in-codes/redeem/', { code }, { headers: from() });
    expect(again).toMatchObject({ status: 400, body: { code: [sessionMessages.invalidToken] } });
    expect((await api().post('/api/v1/auth/sign-in-codes/holder/', { code }, { headers: from() })).status).toBe(400);
  });

  it('expire after a minute, and the session token itself is no code', async () => {
    const student = await newStudent();
    const { code } = (await api().post('/api/v1/auth/sign-in-codes/', {}, { token: student.token })).body;
    const { accountLinks } = await import('../src/db/schema/index');
    const { and, eq } = await import('drizzle-orm');
    const link = and(eq(accountLinks.userId, student.id), eq(accountLinks.purpose, 'sign_in'));
    const [row] = await server.database.db.select({ expiresAt: accountLinks.expiresAt, createdAt: accountLinks.createdAt }).from(accountLinks).where(link);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(61_000);
    await server.database.db.update(accountLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(link);
    expect((await api().post('/api/v1/auth/sign-in-codes/redeem/', { code }, { headers: from() })).status).toBe(400);
    expect((await api().post('/api/v1/auth/sign-in-codes/redeem/', { code: student.token }, { headers: from() })).status).toBe(400);
    expect((await api().post('/api/v1/auth/sign-in-codes/', {}, { headers: from() })).status).toBe(401);
  });

  it('end with the session they came from: logout, or a password change elsewhere', async () => {
    const student = await newStudent();
    const code = async (token: string) => (await api().post('/api/v1/auth/sign-in-codes/', {}, { token })).body.code as string;
    const redeem = async (value: string) => (await api().post('/api/v1/auth/sign-in-codes/redeem/', { code: value }, { headers: from() })).status;

    const stolen = (await login(student.username, student.password)).body.token;
    const beforeLogout = await code(stolen);
    await api().post('/api/v1/logout/', {}, { token: stolen });
    expect(await redeem(beforeLogout)).toBe(400);

    const other = (await login(student.username, student.password)).body.token;
    const beforeChange = await code(other);
    const changed = await api().put('/api/v1/account/change-password/', { old_password: student.password, new_password1: 'changed123', new_password2: 'changed123' }, { token: student.token });
    expect(changed.status).toBe(200);
    expect(await redeem(beforeChange)).toBe(400);
    // The session that changed the password keeps working, codes included.
    expect(await redeem(await code(student.token))).toBe(200);
  });

  it('are handed out at a limited rate per account', async () => {
    const student = await newStudent();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await api().post('/api/v1/auth/sign-in-codes/', {}, { token: student.token, headers: from() })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('keep the persistence of the session they came from', async () => {
    const student = await newStudent();
    const remembered = (await api().post('/api/v1/api-token-auth/', { username: student.username, password: student.password, remember_me: true }, { headers: from() })).body;
    const { code } = (await api().post('/api/v1/auth/sign-in-codes/', {}, { token: remembered.token })).body;
    const redeemed = (await api().post('/api/v1/auth/sign-in-codes/redeem/', { code }, { headers: from() })).body;
    const days = (Date.parse(redeemed.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2);
  });
});
