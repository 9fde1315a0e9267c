import { describe, expect, it } from 'vitest';
import { enrolmentMessages as msg, gateRefusals } from '@school/shared/catalogue/rules';
import type { CourseCard } from '@school/shared/catalogue/schemas';
import { todayIn } from '@school/shared/school/dates';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { createBundle, createCourse, createEnrolment, createSchool, createStudent, eligibleStudent, registerStudent, unique } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();

async function course(name: string, host?: string) {
  const school = (await ctx.api.get(`/api/v1/school/${host ?? 'demo'}/`)).body.id;
  const list = await ctx.api.get(`/api/v1/schools/${school}/courses/?search_course=${encodeURIComponent(name)}`, { host });
  return (await ctx.api.get(`/api/v1/courses/${(list.body.data as CourseCard[])[0]!.id}/`, { host })).body;
}

async function period() {
  return (await ctx.api.get('/api/v1/compliance_periods/')).body.data.find((p: { is_current: boolean }) => p.is_current).id as number;
}

const enrol = async (token: string, body: object) => ctx.api.post('/api/v1/student/enrollment/', body, { token });

describe('POST /student/enrollment/ gates', () => {
  it('refuses each gate of spec 2 §4 in order', async () => {
    const free = await course('Court-Annexed Mediation');
    const body = { course: free.id, action: 'free', compliance_period: await period() };
    expect((await ctx.api.post('/api/v1/student/enrollment/', body)).status).toBe(401);

    const admin = (await ctx.api.post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD })).body.token;
    expect(await enrol(admin, body)).toMatchObject({ status: 403, body: { detail: gateRefusals.not_student, code: 'not_student' } });

    const fresh = await registerStudent(ctx.server.url);
    expect(await enrol(fresh.token, body)).toMatchObject({ status: 400, body: { detail: gateRefusals.verify_email, code: 'email_not_verified' } });

    const unverified = (await ctx.api.post('/api/v1/api-token-auth/', { username: 'newstudent', password: DEMO_PASSWORD })).body.token;
    expect((await enrol(unverified, body)).body.detail).toBe(gateRefusals.verify_email);

    const noMcle = await eligibleStudent(ctx.server.url, { mcle: false });
    expect(await enrol(noMcle.token, body)).toMatchObject({ status: 400, body: { detail: gateRefusals.incomplete_mcle_profile, code: 'incomplete_mcle_profile' } });

    const ready = await eligibleStudent(ctx.server.url);
    const kyc = await course('Judicial Affidavit Rule');
    expect(await enrol(ready.token, { ...body, course: kyc.id, action: 'pay_later' })).toMatchObject({ status: 400, body: { detail: gateRefusals.incomplete_kyc, code: 'incomplete_kyc' } });
    expect((await enrol(ready.token, { course: free.id, action: 'free' })).body).toEqual({ compliance_period: [msg.complianceRequired], code: 'compliance_period_required' });
  });

  it('asks no identity check at a school without identity verification, where there is no way to pass it', async () => {
    const db = ctx.server.database.db;
    const [plain, verifying] = [await createSchool(db), await createSchool(db, { products: { kyc: true } })];
    for (const [school, expected] of [[plain, 201], [verifying, 400]] as const) {
      const course = await createCourse(db, { school, requireKyc: true });
      const student = await createStudent(db, { school });
      const res = await ctx.api.post('/api/v1/student/enrollment/', { course: course.id, action: 'free' }, { token: student.token, host: school.host });
      expect(res.status).toBe(expected);
      if (expected === 400) expect(res.body).toMatchObject({ code: 'incomplete_kyc' });
    }
  });

  it('checks the incomplete basic profile before the MCLE profile', async () => {
    const student = await createStudent(ctx.server.database.db, { profile: false });
    const free = await course('Court-Annexed Mediation');
    expect((await enrol(student.token, { course: free.id, action: 'free', compliance_period: await period() })).body).toEqual({ detail: gateRefusals.incomplete_profile, code: 'incomplete_profile' });
  });

  it('enrols for free once; a paid course is never free; pay later only where allowed', async () => {
    const student = await eligibleStudent(ctx.server.url);
    const cp = await period();
    const free = await course('Court-Annexed Mediation');
    const ok = await enrol(student.token, { course: free.id, action: 'free', compliance_period: cp });
    expect(ok).toMatchObject({ status: 201, body: { status: 'free', course: free.id } });
    expect(await enrol(student.token, { course: free.id, action: 'free', compliance_period: cp })).toMatchObject({ status: 400, body: { detail: msg.alreadyEnrolled, code: 'already_enrolled' } });
    const detail = await ctx.api.get(`/api/v1/courses/${free.id}/`, { token: student.token });
    expect(detail.body.enrollment).toMatchObject({ status: 'free', progress: 0 });

    const paid = await course('Revised Rules on Evidence');
    expect(await enrol(student.token, { course: paid.id, action: 'free', compliance_period: cp })).toMatchObject({ status: 400, body: { detail: msg.notFree, code: 'not_free' } });
    expect(await enrol(student.token, { course: paid.id, action: 'pay_later', compliance_period: cp })).toMatchObject({ status: 400, body: { detail: msg.payLaterNotAllowed, code: 'pay_later_not_allowed' } });
    const payLater = await course('Conflicts of Interest');
    expect(await enrol(student.token, { course: payLater.id, action: 'pay_later', compliance_period: cp })).toMatchObject({ status: 201, body: { status: 'pay_later' } });
  });

  it('handles classes, closed courses and school-run enrolment', async () => {
    const student = await eligibleStudent(ctx.server.url);
    const cp = await period();
    const classOnly = await course('Effective Cross-Examination');
    expect(await enrol(student.token, { course: classOnly.id, action: 'free', compliance_period: cp })).toMatchObject({ status: 400, body: { class: [msg.classRequired], code: 'class_required' } });
    expect((await enrol(student.token, { course: classOnly.id, action: 'free', class: classOnly.classes[0].id, compliance_period: cp })).body.detail).toBe(msg.notFree);
    expect(await enrol(student.token, { course: classOnly.id, action: 'free', class: classOnly.classes[1].id, compliance_period: cp })).toMatchObject({ status: 201 });
    const otherClass = (await course('Effective Cross-Examination')).classes[0].id;
    const noClasses = await course('Trial Advocacy Workshop');
    expect(await enrol(student.token, { course: noClasses.id, action: 'free', compliance_period: cp })).toMatchObject({ status: 400, body: { detail: msg.noClasses, code: 'no_classes' } });
    expect((await enrol(student.token, { course: noClasses.id, action: 'free', class: otherClass, compliance_period: cp })).body).toEqual({ class: [msg.classRequired], code: 'class_required' });
    const ended = await course('Labor Law Updates 2026');
    expect(await enrol(student.token, { course: ended.id, action: 'free', compliance_period: cp })).toMatchObject({ status: 400, body: { detail: msg.courseEnded, code: 'course_ended' } });
    const schoolRun = await course('Client Trust Accounts');
    expect((await enrol(student.token, { course: schoolRun.id, action: 'free', compliance_period: cp })).body).toEqual({ detail: msg.selfEnrollNotAllowed, code: 'school_enrols_only' });
  });

  it("answers 404 for another school's course, and at a school without MCLE needs no period", async () => {
    const student = await eligibleStudent(ctx.server.url);
    const acme = await course('Business Writing', 'acme.localhost');
    expect((await enrol(student.token, { course: acme.id, action: 'free' })).status).toBe(404);
    const res = await ctx.api.post('/api/v1/student/enrollment/', { course: acme.id, action: 'free' }, { token: student.token, host: 'acme.localhost' });
    expect(res.status).toBe(201);
  });

  it('takes only a compliance period that has not ended, for courses and bundles alike', async () => {
    const student = await eligibleStudent(ctx.server.url);
    const periods: { id: number; date_end: string; is_current: boolean }[] = (await ctx.api.get('/api/v1/compliance_periods/')).body.data;
    const today = todayIn('Asia/Manila');
    const ended = periods.find((p) => p.date_end < today)!;
    const later = periods.find((p) => p.date_end >= today && !p.is_current)!;
    const free = await course('International Human Rights Law');
    const refusal = { compliance_period: [msg.compliancePeriodEnded], code: 'compliance_period_ended' };
    expect(await enrol(student.token, { course: free.id, action: 'free', compliance_period: ended.id })).toMatchObject({ status: 400, body: refusal });
    expect(await enrol(student.token, { course: free.id, action: 'free', compliance_period: 999_999 })).toMatchObject({ status: 400, body: { code: 'compliance_period_required' } });
    const school = (await ctx.api.get('/api/v1/school/demo/')).body.id;
    const freeBundle = (await ctx.api.get(`/api/v1/schools/${school}/bundles/?sort=price`)).body.data[0];
    expect((await ctx.api.post('/api/v1/enrollment/bundle/', { bundle: freeBundle.id, action: 'free', compliance_period: ended.id }, { token: student.token })).body).toEqual(refusal);
    expect(await enrol(student.token, { course: free.id, action: 'free', compliance_period: later.id })).toMatchObject({ status: 201 });
  });

  it('limits self-enrolment to the listed e-mail domains, saying which', async () => {
    const free = await createCourse(ctx.server.database.db, { allowedDomains: ['@firm.ph'] });
    const student = await createStudent(ctx.server.database.db, { school: free.school });
    const refused = await ctx.api.post('/api/v1/student/enrollment/', { course: free.id, action: 'free' }, { token: student.token, host: free.school.host });
    expect(refused.body).toEqual({ detail: 'Enrollment in this course is open only to email addresses at firm.ph.', code: 'email_domain_not_allowed' });
    const insider = await createStudent(ctx.server.database.db, { school: free.school, email: `${unique('in')}@firm.ph` });
    expect((await ctx.api.post('/api/v1/student/enrollment/', { course: free.id, action: 'free' }, { token: insider.token, host: free.school.host })).status).toBe(201);
  });

  it('ends 50 concurrent requests in exactly one enrolment', async () => {
    const student = await eligibleStudent(ctx.server.url);
    const free = await course('International Human Rights Law');
    const cp = await period();
    const results = await Promise.all(Array.from({ length: 50 }, () => enrol(student.token, { course: free.id, action: 'free', compliance_period: cp })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.detail === msg.alreadyEnrolled)).toHaveLength(49);
    const mine = await ctx.api.get(`/api/v1/students/${student.student_id}/enrollments/?course_name=${encodeURIComponent('Human Rights')}`, { token: student.token });
    expect(mine.body.count).toBe(1);
  });
});

describe('bundles and My Courses', () => {
  it('enrols a free bundle and all its courses in one go, once', async () => {
    const student = await eligibleStudent(ctx.server.url);
    const school = (await ctx.api.get('/api/v1/school/demo/')).body.id;
    const bundles = (await ctx.api.get(`/api/v1/schools/${school}/bundles/?sort=price`)).body.data;
    const freeBundle = bundles[0];
    const cp = await period();
    expect(await ctx.api.post('/api/v1/enrollment/bundle/', { bundle: freeBundle.id, action: 'free', compliance_period: cp }, { token: student.token })).toMatchObject({ status: 201 });
    expect((await ctx.api.post('/api/v1/enrollment/bundle/', { bundle: freeBundle.id, action: 'free', compliance_period: cp }, { token: student.token })).body).toEqual({ detail: msg.alreadyEnrolled, code: 'already_enrolled' });
    expect((await ctx.api.post('/api/v1/enrollment/bundle/', { bundle: bundles[1].id, action: 'free', compliance_period: cp }, { token: student.token })).body).toEqual({ detail: msg.notFree, code: 'not_free' });
    const detail = await ctx.api.get(`/api/v1/course/bundles/${freeBundle.id}/`, { token: student.token });
    expect(detail.body.status).toBe('paid');
    expect(detail.body.courses.every((c: CourseCard) => c.enrollment?.status === 'free')).toBe(true);
    const mine = await ctx.api.get(`/api/v1/students/${student.student_id}/enrollments/?perpage=6`, { token: student.token });
    expect(mine.body.count).toBe(3);
    expect((await ctx.api.get('/api/v1/account/profile/', { token: student.token })).body.course_count).toBe(3);
    expect(mine.body.data[0].course).toMatchObject({ school_name: 'Juris Academy' });
    expect(mine.body.data[0].course.course_detail_link).toMatch(/^http:\/\/demo\.localhost:3000\/course\/.+-\d+$/);
  });

  it("leaves a bundle's unpublished course out of the enrolment", async () => {
    const db = ctx.server.database.db;
    const school = await createSchool(db);
    const [one, two, hidden] = [await createCourse(db, { school }), await createCourse(db, { school }), await createCourse(db, { school, isPublished: false })];
    const bundle = await createBundle(db, { school, courses: [one, two, hidden] });
    const student = await createStudent(db, { school });
    const host = school.host;
    expect((await ctx.api.post('/api/v1/enrollment/bundle/', { bundle: bundle.id, action: 'free' }, { token: student.token, host })).status).toBe(201);
    const mine = await ctx.api.get(`/api/v1/students/${student.student.id}/enrollments/`, { token: student.token, host });
    expect(mine.body.count).toBe(2);
    expect(mine.body.data.map((e: { course: { id: number } }) => e.course.id).sort()).toEqual([one.id, two.id].sort());
  });

  it('filters My Courses by status and answers 404 for another student', async () => {
    const db = ctx.server.database.db;
    const student = await createStudent(db);
    const other = await createStudent(db, { school: student.school });
    const options = { token: student.token, host: student.school.host };
    expect((await ctx.api.get(`/api/v1/students/${other.student.id}/enrollments/`, options)).status).toBe(404);
    for (const progress of [0, 40, 100]) await createEnrolment(db, { student, progress });
    const count = async (status: string) => (await ctx.api.get(`/api/v1/students/${student.student.id}/enrollments/?status=${status}`, options)).body.count;
    expect({ all: await count('all'), notstarted: await count('notstarted'), inprogress: await count('inprogress'), completed: await count('completed') }).toEqual({ all: 3, notstarted: 1, inprogress: 1, completed: 1 });
    expect((await ctx.api.get(`/api/v1/students/${student.student.id}/enrollments/?status=done`, options)).status).toBe(400);
  });
});
