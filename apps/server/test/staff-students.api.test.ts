import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forumAnswers, forumQuestions, kycSubmissions, users } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

describe('GET /staff/students/', () => {
  it("lists the school's students the latest enrolled first, searches them, and shows an instructor their courses' students only", async () => {
    const school = await createSchool(db());
    const [evidence, ethics] = [await createCourse(db(), { school, name: 'Evidence' }), await createCourse(db(), { school, name: 'Ethics' })];
    const [lesson] = await createOutline(db(), evidence, [{ type: 'html', name: 'Reading' }]);
    const ana = await createStudent(db(), { school, email: 'ana.reyes@example.com' });
    await db().update(users).set({ firstName: 'Ana', lastName: 'Reyes_Cruz' }).where(eq(users.id, ana.user.id));
    await createEnrolment(db(), { student: ana, course: evidence });
    await createEnrolment(db(), { student: ana, course: ethics });
    const ben = await createStudent(db(), { school });
    await createEnrolment(db(), { student: ben, course: ethics });
    await ctx.api.get(`/api/v1/coursewares/${lesson!.id}/`, { token: ana.token, host: school.host });
    await createStudent(db(), { school }); // signed up, enrolled nowhere: not a student of the school's courses
    const admin = await createStaff(db(), { school });
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });

    const list = await ctx.api.get('/api/v1/staff/students/', as(admin));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, page: 1, pages: 1 });
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([ben.user.id, ana.user.id]);
    expect(list.body.data[1]).toMatchObject({ name: 'Ana Reyes_Cruz', email: 'ana.reyes@example.com', courses: 2, roll_number: null });
    expect(list.body.data[1].last_active_at).not.toBeNull();
    expect(list.body.data[0].last_active_at).toBeNull();

    const found = async (query: string) => ((await ctx.api.get(`/api/v1/staff/students/?${query}`, as(admin))).body.data as { id: number }[]).map((s) => s.id);
    expect(await found('search=ana.reyes')).toEqual([ana.user.id]);
    expect(await found('search=ana%20reyes')).toEqual([ana.user.id]);
    // An underscore and a percent sign are letters, not LIKE's wildcards (which would match Ben too).
    expect(await found('search=_')).toEqual([ana.user.id]);
    expect(await found('search=s_c')).toEqual([ana.user.id]);
    expect(await found('search=%25')).toEqual([]);
    // One course's students, counted in that course only.
    expect((await ctx.api.get(`/api/v1/staff/students/?course=${evidence.id}`, as(admin))).body.data).toMatchObject([{ id: ana.user.id, courses: 1 }]);

    const instructor = await createStaff(db(), { school, role: 'IN', courses: [evidence] });
    const theirs = await ctx.api.get('/api/v1/staff/students/', as(instructor));
    expect(theirs.body.data).toMatchObject([{ id: ana.user.id, courses: 1 }]);
  });

  it('keeps out a student and nobody; another school sees only its own', async () => {
    const enrolment = await createEnrolment(db());
    const school = enrolment.course.schoolId;
    const [row] = await db().select().from(users).where(eq(users.id, enrolment.student.user.id));
    expect(row!.schoolId).toBe(school);
    const host = enrolment.student.school.host;
    expect((await ctx.api.get('/api/v1/staff/students/', { host })).status).toBe(401);
    expect((await ctx.api.get('/api/v1/staff/students/', { token: enrolment.student.token, host })).status).toBe(403);
    const foreign = await createStaff(db());
    const theirs = await ctx.api.get('/api/v1/staff/students/', { token: foreign.token, host: foreign.school.host });
    expect(theirs.body.data.map((s: { id: number }) => s.id)).not.toContain(enrolment.student.user.id);
    expect((await ctx.api.get('/api/v1/staff/students/?page=0', { token: foreign.token, host: foreign.school.host })).status).toBe(400);
  });
});

describe('GET /staff/students/{id}/', () => {
  it("shows a student's profile, identity check, enrolments with their certificate; 404 for somebody not studying here", async () => {
    const school = await createSchool(db());
    const [evidence, ethics] = [await createCourse(db(), { school, name: 'Evidence' }), await createCourse(db(), { school, name: 'Ethics' })];
    const student = await createStudent(db(), { school });
    const first = await createEnrolment(db(), { student, course: evidence, status: 'paid', progress: 40 });
    await createEnrolment(db(), { student, course: ethics });
    await db().insert(kycSubmissions).values({ schoolId: school.id, userId: student.user.id, mode: 'manual', status: 'manual' });
    const admin = await createStaff(db(), { school });
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    const path = `/api/v1/staff/students/${student.user.id}/`;

    const page = await ctx.api.get(path, as(admin));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: student.user.id, email: student.user.email, identity: { status: 'Waiting for review' }, mcle: null, bundles: [] });
    expect(page.body.enrolments.map((e: { course: { name: string } }) => e.course.name).sort()).toEqual(['Ethics', 'Evidence']);
    expect(page.body.enrolments.find((e: { id: number }) => e.id === first.id)).toMatchObject({ status: 'paid', progress: 40, certificate: null });
    expect(page.text).not.toContain('password');

    // An instructor of Evidence sees only that enrolment; one of neither course, and another school, get 404.
    const instructor = await createStaff(db(), { school, role: 'IN', courses: [evidence] });
    const theirs = (await ctx.api.get(path, as(instructor))).body;
    expect(theirs.enrolments.map((e: { id: number }) => e.id)).toEqual([first.id]);
    // Identity checks are for those who review them.
    expect(theirs.identity).toBeNull();
    const elsewhere = await createStaff(db(), { school, role: 'IN', courses: [await createCourse(db(), { school })] });
    expect((await ctx.api.get(path, as(elsewhere))).status).toBe(404);
    const foreign = await createStaff(db());
    expect((await ctx.api.get(path, { token: foreign.token, host: foreign.school.host })).status).toBe(404);
    // Somebody of the school enrolled nowhere, and staff themselves, are not students here.
    const idle = await createStudent(db(), { school });
    expect((await ctx.api.get(`/api/v1/staff/students/${idle.user.id}/`, as(admin))).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/staff/students/${admin.user.id}/`, as(admin))).status).toBe(404);
    expect((await ctx.api.get(path, as(student))).status).toBe(403);
  });
});

describe("a student's forum activity and the staff actions about them", () => {
  it("counts their posts and lists the latest, hidden ones marked; the audit log filters the entries about their records, for administrators", async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school, name: 'Evidence' });
    const student = await createStudent(db(), { school });
    const other = await createStudent(db(), { school });
    const enrolment = await createEnrolment(db(), { student, course });
    const othersEnrolment = await createEnrolment(db(), { student: other, course });
    const admin = await createStaff(db(), { school });
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    const post = (title: string) => ({ schoolId: school.id, title, body: 'b', bodyHtml: '<p>b</p>', bodyText: 'b' });
    const [asked, theirs] = await db()
      .insert(forumQuestions)
      .values([
        { ...post('Is hearsay admissible?'), userId: student.user.id, createdAt: new Date(Date.now() - 60_000) },
        { ...post('Best evidence rule'), userId: other.user.id },
      ])
      .returning();
    await db().insert(forumAnswers).values({ schoolId: school.id, questionId: theirs!.id, userId: student.user.id, body: 'a', bodyHtml: '<p>a</p>', bodyText: 'a', hiddenAt: new Date() });
    // Elsewhere, their posts are another school's.
    const elsewhere = await createSchool(db());
    await db().insert(forumQuestions).values({ ...post('Elsewhere'), schoolId: elsewhere.id, userId: student.user.id });

    const page = await ctx.api.get(`/api/v1/staff/students/${student.user.id}/`, as(admin));
    expect(page.body.forum).toEqual({
      questions: 1,
      answers: 1,
      comments: 0,
      latest: [
        { kind: 'answer', question_id: theirs!.id, title: 'Best evidence rule', at: expect.any(String), hidden: true },
        { kind: 'question', question_id: asked!.id, title: 'Is hearsay admissible?', at: expect.any(String), hidden: false },
      ],
    });

    // An instructor, who does not moderate, sees none of what moderators hid.
    const instructor = await createStaff(db(), { school, role: 'IN', courses: [course] });
    expect((await ctx.api.get(`/api/v1/staff/students/${student.user.id}/`, as(instructor))).body.forum).toEqual({
      questions: 1,
      answers: 0,
      comments: 0,
      latest: [{ kind: 'question', question_id: asked!.id, title: 'Is hearsay admissible?', at: expect.any(String), hidden: false }],
    });

    // The roster's writes about each enrolment are audited (a cancellation here); the filter finds theirs, not the other student's.
    const reset = (id: number) => ctx.api.post(`/api/v1/staff/courses/${course.id}/students/${id}/cancel/`, { reason: 'Asked to leave' }, as(admin));
    expect((await reset(enrolment.id)).status).toBe(200);
    expect((await reset(othersEnrolment.id)).status).toBe(200);
    const about = await ctx.api.get(`/api/v1/staff/audit/?student=${student.user.id}`, as(admin));
    expect(about.body.data.map((e: { subject: string }) => e.subject)).toEqual([`enrollment:${enrolment.id}`]);
    expect((await ctx.api.get(`/api/v1/staff/audit/?student=${student.user.id}`, as(instructor))).status).toBe(403);
  });
});
