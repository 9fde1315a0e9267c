import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { rolePermissions } from '@school/shared/staff/permissions';
import { auditLog, courseInstructors, courses, events, users } from '../src/db/schema/index';
import { demoInstructorCourses } from '../src/seed/demo-data';
import { createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const get = (path: string, token: string | undefined, host: string) => ctx.api.get(`/api/v1/staff${path}`, { token, host });

describe('GET /staff/me/', () => {
  it("answers the caller's role and permissions at the site's school; nobody logged in 401, a student or another school's staff 403", async () => {
    const school = await createSchool(db());
    const admin = await createStaff(db(), { school });
    const instructor = await createStaff(db(), { school, role: 'IN' });
    const student = await createStudent(db(), { school });
    const elsewhere = await createStaff(db());

    expect(await get('/me/', admin.token, school.host)).toMatchObject({
      status: 200,
      body: { school: { id: school.id, domain: school.domain, name: school.name }, role: 'SA', permissions: [...rolePermissions.SA] },
    });
    expect((await get('/me/', instructor.token, school.host)).body).toMatchObject({ role: 'IN', permissions: ['course.update', 'exam.update', 'exam.grade', 'report.course', 'message.send'] });
    expect(await get('/me/', undefined, school.host)).toMatchObject({ status: 401, body: { detail: serverMessages.notAuthenticated } });
    expect(await get('/me/', student.token, school.host)).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });
    // Another school's administrator holds no role here.
    expect(await get('/me/', elsewhere.token, school.host)).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });
    expect((await get('/me/', elsewhere.token, elsewhere.school.host)).body).toMatchObject({ role: 'SA', school: { id: elsewhere.school.id } });
  });

  it('answers a platform administrator at any school as SU', async () => {
    const school = await createSchool(db());
    const su = await createStaff(db(), { school });
    await db().update(users).set({ role: 'SU' }).where(eq(users.id, su.user.id));
    expect((await get('/me/', su.token, school.host)).body).toMatchObject({ role: 'SU', permissions: [...rolePermissions.SU] });
  });
});

describe('course assignments', () => {
  it("give the demo's instructor some of Juris Academy's courses and not the others", async () => {
    const [instructor] = await db().select().from(users).where(eq(users.username, 'demo-instructor'));
    const assigned = await db().select({ name: courses.name }).from(courseInstructors).innerJoin(courses, eq(courses.id, courseInstructors.courseId)).where(eq(courseInstructors.userId, instructor!.id));
    expect(assigned.map((c) => c.name).sort()).toEqual([...demoInstructorCourses].sort());
    expect(await db().$count(courses, eq(courses.schoolId, instructor!.schoolId!))).toBeGreaterThan(assigned.length);
  });
});

describe('the audit log', () => {
  /** A school with an administrator who hid and showed a forum question: two audit entries. */
  async function moderated() {
    const school = await createSchool(db());
    const admin = await createStaff(db(), { school });
    const asker = await createStudent(db(), { school });
    const as = (token: string) => ({ token, host: school.host });
    const question = (await ctx.api.post('/api/v1/forums/questions/', { title: 'Where is the MCLE schedule?', description: 'Looking for it', tags: 'mcle', school: school.id }, as(asker.token))).body;
    expect((await ctx.api.post(`/api/v1/forums/questions/${question.id}/hide/`, {}, as(admin.token))).status).toBe(200);
    // Hiding a hidden post changes nothing, and records nothing.
    expect((await ctx.api.post(`/api/v1/forums/questions/${question.id}/hide/`, {}, as(admin.token))).status).toBe(200);
    expect((await ctx.api.post(`/api/v1/forums/questions/${question.id}/unhide/`, {}, as(admin.token))).status).toBe(200);
    return { school, admin, asker, question };
  }

  it("records a moderator's hiding and showing of a post, with the event, and lists it newest first with the actor's name", async () => {
    const { school, admin, question } = await moderated();
    const recorded = await db().select().from(events).where(and(eq(events.type, 'forum.question_moderated'), eq(events.subjectId, question.id)));
    expect(recorded.map((e) => [e.actorId, e.data])).toEqual([
      [admin.user.id, { questionId: question.id, hidden: true }],
      [admin.user.id, { questionId: question.id, hidden: false }],
    ]);

    const page = await get('/audit/', admin.token, school.host);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, page: 1, pages: 1, next: null });
    expect(page.body.data).toMatchObject([
      { action: 'forum.moderate', subject: `forum_question:${question.id}`, actor: { id: admin.user.id, name: admin.user.username }, changes: { hidden: { before: true, after: false } } },
      { action: 'forum.moderate', subject: `forum_question:${question.id}`, changes: { hidden: { before: false, after: true } } },
    ]);
    expect(page.body.data[0].client_address).toBe('127.0.0.1');
    expect(page.body.data[0].request_id).toEqual(expect.any(String));
  });

  it('filters by actor, subject, action and dates, and refuses a malformed filter with its message', async () => {
    const { school, admin, asker, question } = await moderated();
    const count = async (query: string) => (await get(`/audit/?${query}`, admin.token, school.host)).body.count;
    expect(await count(`subject=forum_question:${question.id}`)).toBe(2);
    expect(await count('subject=forum_question:999999')).toBe(0);
    expect(await count('action=forum.moderate')).toBe(2);
    expect(await count('action=course.update')).toBe(0);
    expect(await count(`actor=${admin.user.id}`)).toBe(2);
    expect(await count(`actor=${asker.user.id}`)).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: school.timeZone }).format(new Date());
    expect(await count(`date_from=${today}&date_to=${today}`)).toBe(2);
    expect(await count('date_to=2020-01-01')).toBe(0);
    expect(await get('/audit/?subject=course', admin.token, school.host)).toMatchObject({ status: 400, body: { subject: ['Write the subject as kind:id, e.g. course:12.'] } });
    expect(await get('/audit/?subject=course:9999999999', admin.token, school.host)).toMatchObject({ status: 400, body: { subject: ['No record has that id.'] } });
    expect(await get('/audit/?date_from=2026-02-30', admin.token, school.host)).toMatchObject({ status: 400, body: { date_from: ['Enter a date as YYYY-MM-DD.'] } });
  });

  it("is the school's own: an instructor is refused, another school's administrator sees only theirs", async () => {
    const { school } = await moderated();
    const instructor = await createStaff(db(), { school, role: 'IN' });
    expect(await get('/audit/', instructor.token, school.host)).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });
    const elsewhere = await createStaff(db());
    expect((await get('/audit/', elsewhere.token, elsewhere.school.host)).body).toMatchObject({ count: 0, data: [] });
    const rows = await db().select().from(auditLog).where(eq(auditLog.schoolId, school.id));
    expect(rows).toHaveLength(2);
  });
});
