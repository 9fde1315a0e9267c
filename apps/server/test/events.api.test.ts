import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index';
import { eventRepository } from '../src/modules/events/repository';
import { createBundle, createCourse, createSchool, createStudent, lastMail, lastMailId, linkIn, registerStudent, unique } from './support/factories';
import { startFakeSocialProvider } from './support/fake-social-provider';
import { client } from './support/http';
import { humanToken } from './support/human';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let provider: Awaited<ReturnType<typeof startFakeSocialProvider>>;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  provider = await startFakeSocialProvider({ googleClientId: 'events-client.apps', facebookAppId: '4321', facebookAppSecret: 'fb-secret' });
  server = await startServer(provider.env);
  api = client(server.url);
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

const eventsOf = (subjectType: string, subjectId: number) => eventRepository(server.database.db).listBySubject(subjectType, subjectId);
const schoolId = async (domain: string) => (await api.get(`/api/v1/school/${domain}/`)).body.id as number;

describe('account events', () => {
  it('records the sign-up at the school of the site, by the new user, about the user', async () => {
    const student = await registerStudent(server.url, { host: 'acme.localhost' });
    expect(await eventsOf('user', student.id)).toEqual([
      expect.objectContaining({ type: 'user.signed_up', schoolId: await schoolId('acme'), actorId: student.id, subjectType: 'user', subjectId: student.id, data: { method: 'password' } }),
    ]);
  });

  it('records a social sign-up, and no second one when the same person signs up again', async () => {
    const person = { sub: unique('sub'), email: `${unique('g')}@gmail.example`, given_name: 'Ana', family_name: 'Luna' };
    const demo = await schoolId('demo');
    const signup = await api.post('/api/v1/account/signup/google/', { token: await provider.googleIdToken(person), role: 'ST', school_id: demo });
    expect(signup.status).toBe(201);
    const again = await api.post('/api/v1/account/signup/google/', { token: await provider.googleIdToken(person), role: 'ST', school_id: demo });
    expect(again.status).toBe(200);
    // The demo school gives new students its sign-up reward: recorded once too.
    expect(await eventsOf('user', signup.body.id)).toEqual([
      expect.objectContaining({ type: 'user.signed_up', schoolId: demo, actorId: signup.body.id, data: { method: 'google' } }),
      expect.objectContaining({ type: 'wallet.rewarded', schoolId: demo, actorId: signup.body.id, data: { reason: 'signup_reward', amount: 100_000 } }),
    ]);
  });

  it('records the verified e-mail and the password reset, once each', async () => {
    const student = await registerStudent(server.url, { host: 'acme.localhost' });
    const key = linkIn((await lastMail(server.url, student.email)).text).searchParams.get('key');
    expect((await api.post('/api/v1/account/verify-email/', { key }, { host: 'acme.localhost' })).status).toBe(200);
    // A used link changes nothing, and records nothing.
    expect((await api.post('/api/v1/account/verify-email/', { key }, { host: 'acme.localhost' })).status).toBe(400);

    const before = await lastMailId(server.url, student.email);
    await api.post('/api/v1/account/forgot-password/', { email: student.email, 'g-recaptcha-response': await humanToken(server.url) }, { host: 'acme.localhost' });
    const uid = linkIn((await lastMail(server.url, student.email, { after: before, subject: 'Reset ' })).text).pathname.split('/').pop();
    const reset = async () =>
      api.post(
        '/api/v1/account/reset-password/',
        { password: 'newpass123', password_confirm: 'newpass123', uid_and_token_b64: uid, 'g-recaptcha-response': await humanToken(server.url) },
        { host: 'acme.localhost' },
      );
    expect((await reset()).status).toBe(200);
    expect((await reset()).status).toBe(400);

    const acme = await schoolId('acme');
    expect((await eventsOf('user', student.id)).map((e) => [e.type, e.schoolId, e.actorId])).toEqual([
      ['user.signed_up', acme, student.id],
      ['user.email_verified', acme, student.id],
      ['user.password_reset', acme, student.id],
    ]);
  });
});

describe('enrolment events', () => {
  const enrol = (token: string, host: string, body: object) => api.post('/api/v1/student/enrollment/', body, { token, host });

  it('records a course enrolment at its school, by the student, about the enrolment; a refused one records none', async () => {
    const course = await createCourse(server.database.db);
    const student = await createStudent(server.database.db, { school: course.school });
    const ok = await enrol(student.token, course.school.host, { course: course.id, action: 'free' });
    expect(ok.status).toBe(201);
    // Enrolled already: refused, and no second event.
    expect((await enrol(student.token, course.school.host, { course: course.id, action: 'free' })).status).toBe(400);
    expect(await eventsOf('enrollment', ok.body.id)).toEqual([
      expect.objectContaining({
        type: 'enrolment.course',
        schoolId: course.school.id,
        actorId: student.user.id,
        subjectType: 'enrollment',
        subjectId: ok.body.id,
        data: { courseId: course.id, classId: null, status: 'free' },
      }),
    ]);

    // A student the gates refuse (e-mail not verified) leaves no event either.
    const unverified = await createStudent(server.database.db, { school: course.school, verified: false });
    expect((await enrol(unverified.token, course.school.host, { course: course.id, action: 'free' })).status).toBe(400);
    const rows = await server.database.db
      .select()
      .from(events)
      .where(and(inArray(events.type, ['enrolment.course', 'enrolment.bundle']), inArray(events.actorId, [student.user.id, unverified.user.id])));
    expect(rows.map((r) => r.actorId)).toEqual([student.user.id]);
  });

  it('records a bundle enrolment once, about the bundle enrolment', async () => {
    const school = await createSchool(server.database.db);
    const bundle = await createBundle(server.database.db, { school });
    const student = await createStudent(server.database.db, { school });
    const ok = await api.post('/api/v1/enrollment/bundle/', { bundle: bundle.id, action: 'free' }, { token: student.token, host: school.host });
    expect(ok.status).toBe(201);
    expect((await api.post('/api/v1/enrollment/bundle/', { bundle: bundle.id, action: 'free' }, { token: student.token, host: school.host })).status).toBe(400);
    const rows = await server.database.db.select().from(events).where(eq(events.actorId, student.user.id));
    expect(rows).toEqual([
      expect.objectContaining({ type: 'enrolment.bundle', schoolId: school.id, subjectType: 'bundle_enrollment', subjectId: ok.body.id, data: { bundleId: bundle.id, status: 'free' } }),
    ]);
  });
});
