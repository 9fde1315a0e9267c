import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { client } from './support/http';
import { registerStudent, unique } from './support/factories';
import { startFakeSocialProvider } from './support/fake-social-provider';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let provider: Awaited<ReturnType<typeof startFakeSocialProvider>>;
let api: ReturnType<typeof client>;
let demoId: number;
let acmeId: number;

beforeAll(async () => {
  provider = await startFakeSocialProvider({ googleClientId: 'test-client.apps', facebookAppId: '1234', facebookAppSecret: 'fb-secret' });
  server = await startServer(provider.env);
  api = client(server.url);
  demoId = (await api.get('/api/v1/school/demo/')).body.id;
  acmeId = (await api.get('/api/v1/school/acme/')).body.id;
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

const person = () => {
  const sub = unique('sub');
  return { sub, email: `${sub}@gmail.example`, given_name: 'Ana', family_name: 'Luna' };
};

describe('Google sign-in', () => {
  it('signs up a new verified student, then logs the same person in', async () => {
    const user = person();
    const signup = await api.post('/api/v1/account/signup/google/', { token: await provider.googleIdToken(user), role: 'ST', school_id: demoId });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ role: 'ST', student_id: expect.any(Number) });
    const profile = await api.get('/api/v1/account/profile/', { token: signup.body.token });
    expect(profile.body).toMatchObject({ email: user.email, is_verified: true, first_name: 'Ana', last_name: 'Luna', registered_school: { domain: 'demo' } });

    const login = await api.post('/api/v1/account/login/google/', { id_token: await provider.googleIdToken(user) });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(signup.body.id);
    // "Keep me logged in" counts as for a password login: a day unticked, a month ticked.
    const days = (res: { body: { expires_at: string } }) => Math.round((Date.parse(res.body.expires_at) - Date.now()) / 86_400_000);
    expect(days(login)).toBe(1);
    expect(days(await api.post('/api/v1/account/login/google/', { id_token: await provider.googleIdToken(user), remember_me: true }))).toBe(30);
    expect(days(signup)).toBe(30);
  });

  it('links to the existing account that uses the same address', async () => {
    const student = await registerStudent(server.url);
    const login = await api.post('/api/v1/account/login/google/', { id_token: await provider.googleIdToken({ sub: unique('sub'), email: student.email }) });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(student.id);
  });

  it('takes over an unverified account registered in advance with the same address', async () => {
    const squatter = await registerStudent(server.url);
    const owner = { sub: unique('sub'), email: squatter.email };
    const login = await api.post('/api/v1/account/login/google/', { id_token: await provider.googleIdToken(owner) });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(squatter.id);
    // The password and sessions of whoever registered the address are gone; the address is verified.
    expect((await api.post('/api/v1/api-token-auth/', { username: squatter.username, password: squatter.password })).status).toBe(400);
    expect((await api.get('/api/v1/account/profile/', { token: squatter.token })).status).toBe(401);
    expect((await api.get('/api/v1/account/profile/', { token: login.body.token })).body.is_verified).toBe(true);
  });

  it('creates one account when the same sign-up arrives twice at once', async () => {
    const user = person();
    const results = await Promise.all([1, 2, 3].map(async () => api.post('/api/v1/account/signup/google/', { token: await provider.googleIdToken(user), role: 'ST', school_id: demoId })));
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it('refuses tokens for another audience, unverified addresses, forgeries and unknown accounts', async () => {
    const invalid = { status: 400, body: { non_field_errors: [serverMessages.socialTokenInvalid] } };
    expect(await api.post('/api/v1/account/login/google/', { id_token: await provider.googleIdToken(person(), 'another-app') })).toMatchObject(invalid);
    expect(await api.post('/api/v1/account/login/google/', { id_token: await provider.googleIdToken({ ...person(), email_verified: false }) })).toMatchObject(invalid);
    const token = await provider.googleIdToken(person());
    const [header, payload] = token.split('.');
    expect(await api.post('/api/v1/account/login/google/', { id_token: `${header}.${payload}.${'A'.repeat(342)}` })).toMatchObject(invalid);
    expect(await api.post('/api/v1/account/login/google/', {})).toMatchObject(invalid);
    const unknown = await api.post('/api/v1/account/login/google/', { id_token: await provider.googleIdToken(person()) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.non_field_errors[0]).toMatch(/sign up first/);
  });

  it('is refused on a school whose flag is off, and for another school id', async () => {
    const off = await api.post('/api/v1/account/signup/google/', { token: await provider.googleIdToken(person()), role: 'ST', school_id: acmeId }, { host: 'acme.localhost' });
    expect(off).toMatchObject({ status: 400, body: { detail: serverMessages.socialNotEnabled } });
    const mismatch = await api.post('/api/v1/account/signup/google/', { token: await provider.googleIdToken(person()), role: 'ST', school_id: acmeId });
    expect(mismatch.body).toEqual({ school_id: ['Invalid school.'] });
    const staff = await api.post('/api/v1/account/signup/google/', { token: await provider.googleIdToken(person()), role: 'SA', school_id: demoId });
    expect(staff.status).toBe(400);
  });
});

describe('Facebook sign-in', () => {
  it('signs up and logs in with an access token checked against the Graph API', async () => {
    const user = person();
    const signup = await api.post('/api/v1/account/signup/facebook/', { token: provider.facebookToken(user), role: 'ST', school_id: demoId });
    expect(signup.status).toBe(201);
    const login = await api.post('/api/v1/account/login/facebook/', { access_token: provider.facebookToken(user) });
    expect(login.body.id).toBe(signup.body.id);
    expect((await api.post('/api/v1/account/login/facebook/', { access_token: 'made-up' })).status).toBe(400);
  });
});
