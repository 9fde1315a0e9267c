import { describe, expect, it } from 'vitest';
import { authMessages, serverMessages } from '@school/shared/auth/messages';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { humanToken } from './support/human';
import { lastMail, lastMailId, linkIn, PASSWORD, registerStudent, unique } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();

const login = (username: string, password: string, extra: object = {}) => ctx.api.post('/api/v1/api-token-auth/', { username, password, ...extra });

describe('POST /api-token-auth/', () => {
  it('logs in by username or by email and answers token, student_id, id and role', async () => {
    const byName = await login('student', DEMO_PASSWORD);
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ role: 'ST', student_id: expect.any(Number), id: expect.any(Number) });
    expect(byName.body.token.length).toBeGreaterThanOrEqual(43);
    const byEmail = await login('STUDENT@example.com', DEMO_PASSWORD);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.id).toBe(byName.body.id);
    expect(byEmail.body.token).not.toBe(byName.body.token);
  });

  it('gives staff no student id', async () => {
    const res = await login('demo-admin', DEMO_PASSWORD);
    expect(res.body).toMatchObject({ role: 'SA', student_id: null });
  });

  it('refuses a wrong password and an unknown user with the same form error', async () => {
    // A student of its own: failed logins slow an account down, and the seeded ones serve other files.
    const student = await registerStudent(ctx.server.url);
    const wrong = await login(student.username, 'not-the-password1');
    const unknown = await login(unique('ghost'), 'whatever123');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: [serverMessages.badCredentials] });
    }
  });

  it('lets an unverified student log in (the enrolment gate asks for verification)', async () => {
    const res = await login('newstudent', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const profile = await ctx.api.get('/api/v1/account/profile/', { token: res.body.token });
    expect(profile.body).toMatchObject({ username: 'newstudent', is_verified: false, step: '1' });
  });

  it('keeps a session token for a day and a remembered one for the configured days', async () => {
    const session = await login('student', DEMO_PASSWORD);
    const remembered = await login('student', DEMO_PASSWORD, { remember_me: true });
    const hours = (iso: string) => (new Date(iso).getTime() - Date.now()) / 3_600_000;
    expect(hours(session.body.expires_at)).toBeGreaterThan(23);
    expect(hours(session.body.expires_at)).toBeLessThanOrEqual(24);
    expect(hours(remembered.body.expires_at)).toBeGreaterThan(700);
  });
});

describe('GET /account/profile/ and POST /logout/', () => {
  it('answers the profile of the token holder', async () => {
    const { body } = await login('student', DEMO_PASSWORD);
    const profile = await ctx.api.get('/api/v1/account/profile/', { token: body.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id: body.id,
      student_id: body.student_id,
      role: 'ST',
      username: 'student',
      full_name: 'Maria Santos Reyes',
      is_verified: true,
      step: null,
      registered_school: { domain: 'demo' },
    });
  });

  it('revokes the token on logout, leaving other sessions alone', async () => {
    const first = (await login('student', DEMO_PASSWORD)).body.token;
    const second = (await login('student', DEMO_PASSWORD)).body.token;
    expect(await ctx.api.post('/api/v1/logout/', undefined, { token: first })).toMatchObject({ status: 200 });
    expect((await ctx.api.get('/api/v1/account/profile/', { token: first })).status).toBe(401);
    expect((await ctx.api.post('/api/v1/logout/', undefined, { token: first })).status).toBe(401);
    expect((await ctx.api.get('/api/v1/account/profile/', { token: second })).status).toBe(200);
  });

  it('refuses logout without a token', async () => {
    expect((await ctx.api.post('/api/v1/logout/')).status).toBe(401);
  });
});

describe('POST /student/register/ and e-mail verification', () => {
  it('creates a student, logs them in and mails a verification link on the school host', async () => {
    const student = await registerStudent(ctx.server.url, { host: 'acme.localhost' });
    expect(student).toMatchObject({ role: 'ST', student_id: expect.any(Number), email: student.email });
    const profile = await ctx.api.get('/api/v1/account/profile/', { token: student.token });
    expect(profile.body).toMatchObject({ is_verified: false, step: '1', registered_school: { domain: 'acme' } });

    const mail = await lastMail(ctx.server.url, student.email);
    expect(mail.subject).toBe('Verify your email for Acme Training Institute');
    expect(mail.from).toContain('Acme Training Institute');
    expect(mail.html).toContain('Acme Training Institute');
    const link = linkIn(mail.text);
    expect(link.host).toBe('acme.localhost:3000');
    expect(link.pathname).toBe('/student/verified/');

    const key = link.searchParams.get('key')!;
    expect(await ctx.api.post('/api/v1/account/verify-email/', { key })).toMatchObject({ status: 200 });
    expect((await ctx.api.get('/api/v1/account/profile/', { token: student.token })).body.is_verified).toBe(true);
    // The link works once.
    expect(await ctx.api.post('/api/v1/account/verify-email/', { key })).toMatchObject({
      status: 400,
      body: { key: [serverMessages.verifyLinkInvalid] },
    });
  });

  it('applies the form rules on the server with the same messages', async () => {
    const res = await ctx.api.post('/api/v1/student/register/', { username: '', email: 'nope', password1: '12345678', password2: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      username: [authMessages.usernameRequired],
      email: [authMessages.emailInvalid],
      password1: [authMessages.passwordDigitsOnly],
      password2: [authMessages.passwordMismatch],
    });
  });

  it('refuses a taken username or email, whatever their case', async () => {
    const human = await humanToken(ctx.server.url);
    const res = await ctx.api.post('/api/v1/student/register/', {
      username: 'STUDENT',
      email: 'Student@Example.com',
      password1: PASSWORD,
      password2: PASSWORD,
      'g-recaptcha-response': human,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: [serverMessages.usernameTaken], email: [serverMessages.emailTaken] });
  });

  it("refuses a username that is someone's e-mail address, or looks like one", async () => {
    const existing = await registerStudent(ctx.server.url);
    const register = async (username: string, email = `${unique()}@example.com`) =>
      ctx.api.post('/api/v1/student/register/', { username, email, password1: PASSWORD, password2: PASSWORD, 'g-recaptcha-response': await humanToken(ctx.server.url) });
    expect((await register(existing.email.toUpperCase())).body).toEqual({ username: [serverMessages.usernameLooksLikeEmail] });
    const victim = `${unique('victim')}@mail.example`;
    expect((await register(victim)).body).toEqual({ username: [serverMessages.usernameLooksLikeEmail] });
    // The real owner of the address can still sign up with it.
    expect((await register(unique(), victim)).status).toBe(201);
    expect((await register(existing.username, `${unique()}@example.com`)).body).toEqual({ username: [serverMessages.usernameTaken] });
  });

  it('keeps usernames and addresses apart in the database itself', async () => {
    const { users } = await import('../src/db/schema/index');
    const row = (username: string, email: string) => ({ username, email, role: 'ST' as const, passwordHash: null });
    const rejected = (promise: Promise<unknown>) => promise.then(() => 'inserted', (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code);
    expect(await rejected(ctx.server.database.db.insert(users).values(row(`${unique()}@example.com`, `${unique()}@example.com`)))).toBe('23514');
    expect(await rejected(ctx.server.database.db.insert(users).values(row(unique(), 'no-at-sign')))).toBe('23514');
  });

  it('refuses a username with spaces or symbols', async () => {
    const res = await ctx.api.post('/api/v1/student/register/', {
      username: 'bad name!',
      email: `${unique()}@example.com`,
      password1: PASSWORD,
      password2: PASSWORD,
      'g-recaptcha-response': await humanToken(ctx.server.url),
    });
    expect(res.body).toEqual({ username: [serverMessages.usernameInvalid] });
  });

  it('refuses a missing, forged or replayed human check', async () => {
    const body = (human?: string) => ({
      username: unique(),
      email: `${unique()}@example.com`,
      password1: PASSWORD,
      password2: PASSWORD,
      'g-recaptcha-response': human,
    });
    const failed = { status: 400, body: { non_field_errors: [serverMessages.humanCheckFailed] } };
    expect(await ctx.api.post('/api/v1/student/register/', body())).toMatchObject(failed);
    expect(await ctx.api.post('/api/v1/student/register/', body('bm90LWEtdG9rZW4='))).toMatchObject(failed);

    const token = await humanToken(ctx.server.url);
    const tamper = (change: (payload: any) => void) => {
      const payload = JSON.parse(Buffer.from(token, 'base64').toString());
      change(payload);
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    };
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const wrongKey = tamper((p) => (p.solution.derivedKey = flip(p.solution.derivedKey)));
    const easierChallenge = tamper((p) => (p.challenge.parameters.keyPrefix = '0'));
    expect(await ctx.api.post('/api/v1/student/register/', body(wrongKey))).toMatchObject(failed);
    expect(await ctx.api.post('/api/v1/student/register/', body(easierChallenge))).toMatchObject(failed);

    expect((await ctx.api.post('/api/v1/student/register/', body(token))).status).toBe(201);
    expect(await ctx.api.post('/api/v1/student/register/', body(token))).toMatchObject(failed);
  });

  it('refuses a school id that is not the school of the site', async () => {
    const res = await ctx.api.post('/api/v1/student/register/', {
      username: unique(),
      email: `${unique()}@example.com`,
      password1: PASSWORD,
      password2: PASSWORD,
      school: 999999,
      'g-recaptcha-response': await humanToken(ctx.server.url),
    });
    expect(res.body).toEqual({ school: ['Invalid school.'] });
  });

  it('creates exactly one account when the same sign-up races', async () => {
    const username = unique('race');
    const attempts = await Promise.all(
      Array.from({ length: 5 }, async () =>
        ctx.api.post('/api/v1/student/register/', {
          username,
          email: `${username}@example.com`,
          password1: PASSWORD,
          password2: PASSWORD,
          'g-recaptcha-response': await humanToken(ctx.server.url),
        }),
      ),
    );
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);
    expect(attempts.filter((r) => r.status === 400)).toHaveLength(4);
  });
});

describe('POST /account/resend-email/', () => {
  it("re-sends the caller's verification mail, once verified refuses", async () => {
    const student = await registerStudent(ctx.server.url);
    const before = await lastMail(ctx.server.url, student.email);
    const res = await ctx.api.post('/api/v1/account/resend-email/', { 'g-recaptcha-response': await humanToken(ctx.server.url) }, { token: student.token });
    expect(res).toMatchObject({ status: 200, body: { message: serverMessages.resendSent } });
    const after = await lastMail(ctx.server.url, student.email, { after: before.id });
    expect(linkIn(after.text).href).not.toBe(linkIn(before.text).href);

    await ctx.api.post('/api/v1/account/verify-email/', { key: linkIn(after.text).searchParams.get('key') });
    const again = await ctx.api.post('/api/v1/account/resend-email/', { 'g-recaptcha-response': await humanToken(ctx.server.url) }, { token: student.token });
    expect(again).toMatchObject({ status: 400, body: { non_field_errors: [serverMessages.alreadyVerified] } });
  });

  it('answers an anonymous caller the same for known and unknown addresses', async () => {
    const before = await lastMailId(ctx.server.url, 'newstudent@example.com');
    const known = await ctx.api.post('/api/v1/account/resend-email/', { email: 'newstudent@example.com', 'g-recaptcha-response': await humanToken(ctx.server.url) });
    const unknown = await ctx.api.post('/api/v1/account/resend-email/', { email: `${unique()}@example.com`, 'g-recaptcha-response': await humanToken(ctx.server.url) });
    expect(known.body).toEqual(unknown.body);
    expect((await lastMail(ctx.server.url, 'newstudent@example.com', { after: before })).subject).toBe('Verify your email for Juris Academy');
  });

  it('needs the human check', async () => {
    const res = await ctx.api.post('/api/v1/account/resend-email/', { email: 'newstudent@example.com' });
    expect(res.body).toEqual({ non_field_errors: [serverMessages.humanCheckFailed] });
  });
});

describe('forgot and reset password', () => {
  async function resetLink(email: string) {
    const before = await lastMailId(ctx.server.url, email);
    const res = await ctx.api.post('/api/v1/account/forgot-password/', { email, 'g-recaptcha-response': await humanToken(ctx.server.url) });
    expect(res).toMatchObject({ status: 200, body: { message: serverMessages.forgotSent } });
    const link = linkIn((await lastMail(ctx.server.url, email, { after: before, subject: 'Reset ' })).text);
    expect(link.pathname).toMatch(/^\/reset_password\/[A-Za-z0-9_-]+$/);
    return link.pathname.split('/').pop()!;
  }

  const reset = async (uid: string, password: string, confirm = password) =>
    ctx.api.post('/api/v1/account/reset-password/', {
      password,
      password_confirm: confirm,
      uid_and_token_b64: uid,
      'g-recaptcha-response': await humanToken(ctx.server.url),
    });

  it('resets through the mailed single-use link and revokes every session', async () => {
    const student = await registerStudent(ctx.server.url);
    const uid = await resetLink(student.email);
    expect(await reset(uid, 'newpass123')).toMatchObject({ status: 200 });
    expect((await ctx.api.get('/api/v1/account/profile/', { token: student.token })).status).toBe(401);
    expect((await login(student.username, student.password)).status).toBe(400);
    expect((await login(student.username, 'newpass123')).status).toBe(200);

    const reused = await reset(uid, 'another123');
    expect(reused).toMatchObject({ status: 400, body: { uid_and_token_b64: [serverMessages.resetLinkInvalid] } });
  });

  it('ends every older reset link once one is used', async () => {
    const student = await registerStudent(ctx.server.url);
    const older = await resetLink(student.email);
    const newer = await resetLink(student.email);
    expect(await reset(newer, 'newpass123')).toMatchObject({ status: 200 });
    expect(await reset(older, 'older1234')).toMatchObject({ status: 400, body: { uid_and_token_b64: [serverMessages.resetLinkInvalid] } });
    expect((await login(student.username, 'newpass123')).status).toBe(200);
  });

  it('ends every reset link when the password is changed', async () => {
    const student = await registerStudent(ctx.server.url);
    const uid = await resetLink(student.email);
    const changed = await ctx.api.put(
      '/api/v1/account/change-password/',
      { old_password: student.password, new_password1: 'changed123', new_password2: 'changed123' },
      { token: student.token },
    );
    expect(changed.status).toBe(200);
    expect(await reset(uid, 'stolen1234')).toMatchObject({ status: 400, body: { uid_and_token_b64: [serverMessages.resetLinkInvalid] } });
    expect((await login(student.username, 'changed123')).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const student = await registerStudent(ctx.server.url);
    const uid = await resetLink(student.email);
    const { accountLinks } = await import('../src/db/schema/index');
    const { eq, and } = await import('drizzle-orm');
    await ctx.server.database.db
      .update(accountLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountLinks.userId, student.id), eq(accountLinks.purpose, 'reset_password')));
    expect(await reset(uid, 'newpass123')).toMatchObject({ status: 400, body: { uid_and_token_b64: [serverMessages.resetLinkInvalid] } });
  });

  it("refuses a link whose user id was changed to another user's", async () => {
    const victim = await registerStudent(ctx.server.url);
    const attacker = await registerStudent(ctx.server.url);
    const uid = await resetLink(attacker.email);
    const [, key] = Buffer.from(uid, 'base64url').toString().split(':');
    const tampered = Buffer.from(`${victim.id}:${key}`).toString('base64url');
    expect((await reset(tampered, 'hijacked123')).status).toBe(400);
    expect((await login(victim.username, victim.password)).status).toBe(200);
  });

  it('applies the password rules and does not reveal unknown addresses', async () => {
    expect((await reset('garbage', 'short')).body).toEqual({ password: [authMessages.passwordTooShort] });
    expect((await reset('garbage', 'abcd1234', 'abcd12345')).body).toEqual({ password_confirm: [authMessages.passwordMismatch] });
    expect((await reset('garbage', 'abcd1234')).body).toEqual({ uid_and_token_b64: [serverMessages.resetLinkInvalid] });
    const huge = Buffer.from('99999999999999:abc').toString('base64url');
    expect(await reset(huge, 'abcd1234')).toMatchObject({ status: 400, body: { uid_and_token_b64: [serverMessages.resetLinkInvalid] } });
    const res = await ctx.api.post('/api/v1/account/forgot-password/', { email: `${unique()}@example.com`, 'g-recaptcha-response': await humanToken(ctx.server.url) });
    expect(res).toMatchObject({ status: 200, body: { message: serverMessages.forgotSent } });
    expect((await ctx.api.post('/api/v1/account/forgot-password/', { email: '' })).body).toEqual({ email: [authMessages.emailRequired] });
  });
});

describe('PUT /account/change-password/', () => {
  it('changes the password and revokes the other sessions but not this one', async () => {
    const student = await registerStudent(ctx.server.url);
    const other = (await login(student.username, student.password)).body.token;
    const res = await ctx.api.put(
      '/api/v1/account/change-password/',
      { old_password: student.password, new_password1: 'changed123', new_password2: 'changed123' },
      { token: student.token },
    );
    expect(res.status).toBe(200);
    expect((await ctx.api.get('/api/v1/account/profile/', { token: student.token })).status).toBe(200);
    expect((await ctx.api.get('/api/v1/account/profile/', { token: other })).status).toBe(401);
    expect((await login(student.username, 'changed123')).status).toBe(200);
  });

  it('refuses a wrong old password and the form rules', async () => {
    const student = await registerStudent(ctx.server.url);
    const wrong = await ctx.api.put(
      '/api/v1/account/change-password/',
      { old_password: 'nope', new_password1: 'changed123', new_password2: 'changed123' },
      { token: student.token },
    );
    expect(wrong).toMatchObject({ status: 400, body: { old_password: [serverMessages.oldPasswordWrong] } });
    const rules = await ctx.api.put('/api/v1/account/change-password/', { old_password: '', new_password1: '1234', new_password2: '' }, { token: student.token });
    expect(rules.body).toEqual({
      old_password: [authMessages.oldPasswordRequired],
      new_password1: [authMessages.passwordTooShort],
      new_password2: [authMessages.passwordRequired],
    });
    expect((await ctx.api.put('/api/v1/account/change-password/', { old_password: 'x', new_password1: 'abcd1234', new_password2: 'abcd1234' })).status).toBe(401);
  });
});

describe('resend without an address', () => {
  it('asks for the email when nobody is signed in', async () => {
    const res = await ctx.api.post('/api/v1/account/resend-email/', {});
    expect(res).toMatchObject({ status: 400, body: { email: [authMessages.emailRequired] } });
  });
});
