import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { courseMessages, instructorMessages } from '@school/shared/staff/courses';
import { lecturerMessages } from '@school/shared/staff/lecturers';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, categories, courses, coursewares, examQuestions, exams, modules, subcategories } from '../src/db/schema/index';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const path = (rest: string) => `/api/v1/staff/courses/${rest}`;

/** A school with an administrator, an instructor assigned to one published course, another published course and a draft. */
async function school(products: { mcle?: boolean } = {}) {
  const s = await createSchool(db(), { products });
  const own = await createCourse(db(), { school: s, name: 'Evidence Basics' });
  const other = await createCourse(db(), { school: s, name: 'Taxation Basics' });
  const draft = await createCourse(db(), { school: s, name: 'Draft Seminar', isPublished: false });
  const admin = await createStaff(db(), { school: s });
  const instructor = await createStaff(db(), { school: s, role: 'IN', courses: [own] });
  const as = (who: { token: string }) => ({ token: who.token, host: s.host });
  return { s, own, other, draft, admin, instructor, as };
}

const auditOf = (schoolId: number, courseId: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.subjectType, 'course'), eq(auditLog.subjectId, courseId))).orderBy(auditLog.id);

describe('POST /staff/courses/', () => {
  it('creates a draft with the defaults, its slug from the name and id, its version as ETag, and an audit entry', async () => {
    const { s, admin, as } = await school();
    const res = await ctx.api.post(path(''), { name: 'Writing Pleadings', fee: 1500.5 }, as(admin));
    expect(res.status).toBe(201);
    expect(res.headers.etag).toBe('"v1"');
    expect(res.body).toMatchObject({ name: 'Writing Pleadings', slug: `writing-pleadings-${res.body.id}`, status: 'draft', fee: 1500.5, version: 1, mode_of_payment: ['cash', 'online_bank', 'otc_bank', 'otc_nonbank', 'card', 'ewallet'] });
    expect(res.body.updated_by).toEqual({ id: admin.user.id, name: admin.user.username });
    const [row] = await db().select().from(courses).where(eq(courses.id, res.body.id));
    expect(row).toMatchObject({ schoolId: s.id, isPublished: false, fee: 150050 });
    const [entry] = await auditOf(s.id, res.body.id);
    expect(entry).toMatchObject({ action: 'course.create', actorId: admin.user.id });
    expect(entry!.changes.name).toEqual({ before: null, after: 'Writing Pleadings' });
  });

  it('refuses bad combinations with field errors and writes nothing', async () => {
    const { s, admin, as } = await school();
    const elsewhere = await createSchool(db());
    const [category] = await db().insert(categories).values({ schoolId: elsewhere.id, name: 'Theirs' }).returning();
    const [theirs] = await db().insert(subcategories).values({ schoolId: elsewhere.id, categoryId: category!.id, name: 'Theirs' }).returning();
    const before = await db().$count(courses, eq(courses.schoolId, s.id));
    expect(await ctx.api.post(path(''), { name: '  ' }, as(admin))).toMatchObject({ status: 400, body: { name: [courseMessages.nameRequired] } });
    expect(await ctx.api.post(path(''), { name: 'Later', allow_pay_later: true }, as(admin))).toMatchObject({ status: 400, body: { fee: [courseMessages.payLaterNeedsFee] } });
    expect(await ctx.api.post(path(''), { name: 'Dates', date_start: '2027-02-01', date_end: '2027-01-01' }, as(admin))).toMatchObject({ status: 400, body: { date_end: [courseMessages.endBeforeStart] } });
    expect(await ctx.api.post(path(''), { name: 'Fee', fee: 10.005 }, as(admin))).toMatchObject({ status: 400, body: { fee: [courseMessages.amount] } });
    expect(await ctx.api.post(path(''), { name: 'Theirs', subcategory_id: theirs!.id }, as(admin))).toMatchObject({ status: 400, body: { subcategory_id: [courseMessages.unknownSubcategory] } });
    expect(await ctx.api.post(path(''), { name: 'Domains', allowed_domains: ['not a domain'] }, as(admin))).toMatchObject({ status: 400, body: { allowed_domains: [courseMessages.domain] } });
    expect(await db().$count(courses, eq(courses.schoolId, s.id))).toBe(before);
  });

  it('is refused to an instructor, a student and nobody', async () => {
    const { s, instructor, as } = await school();
    const student = await createStudent(db(), { school: s });
    expect(await ctx.api.post(path(''), { name: 'Mine' }, as(instructor))).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });
    expect(await ctx.api.post(path(''), { name: 'Mine' }, as(student))).toMatchObject({ status: 403 });
    expect(await ctx.api.post(path(''), { name: 'Mine' }, { host: s.host })).toMatchObject({ status: 401 });
  });
});

describe('GET /staff/courses/', () => {
  it("lists the school's drafts and published courses for its administrator, an instructor's own only, never another school's", async () => {
    const { s, own, other, draft, admin, instructor, as } = await school();
    const foreign = await createStaff(db());
    await createCourse(db(), { school: foreign.school, name: 'Foreign Course' });
    const all = await ctx.api.get(path('?sort=name'), as(admin));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, page: 1, pages: 1, next: null });
    expect(all.body.data.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['Draft Seminar', 'draft'],
      ['Evidence Basics', 'published'],
      ['Taxation Basics', 'published'],
    ]);
    expect(all.body.data[1].instructors).toEqual([{ id: instructor.user.id, name: instructor.user.username }]);
    expect((await ctx.api.get(path('?status=draft'), as(admin))).body.data.map((c: { id: number }) => c.id)).toEqual([draft.id]);
    expect((await ctx.api.get(path('?search=tax'), as(admin))).body.data.map((c: { id: number }) => c.id)).toEqual([other.id]);
    expect((await ctx.api.get(path(`?instructor=${instructor.user.id}`), as(admin))).body.data.map((c: { id: number }) => c.id)).toEqual([own.id]);
    expect((await ctx.api.get(path(''), as(instructor))).body).toMatchObject({ count: 1, data: [{ id: own.id }] });
    // The dashboard's counts cover the same courses as the caller's list.
    expect((await ctx.api.get(path('counts/'), as(admin))).body).toEqual({ published: 2, draft: 1, archived: 0 });
    expect((await ctx.api.get(path('counts/'), as(instructor))).body).toEqual({ published: 1, draft: 0, archived: 0 });
    expect((await ctx.api.get(path('counts/'), { token: foreign.token, host: foreign.school.host })).body).toEqual({ published: 1, draft: 0, archived: 0 });
    // Another school's administrator at this site holds no role here; at their own site they see their own courses only.
    expect((await ctx.api.get(path(''), { token: foreign.token, host: s.host })).status).toBe(403);
    expect((await ctx.api.get(path(''), { token: foreign.token, host: foreign.school.host })).body.data.map((c: { name: string }) => c.name)).toEqual(['Foreign Course']);
  });

  it('pages by 20 on the server', async () => {
    const { s, admin, as } = await school();
    await db().insert(courses).values(Array.from({ length: 22 }, (_, i) => ({ schoolId: s.id, name: `Paged ${String(i).padStart(2, '0')}`, slug: `paged-${i}` })));
    const second = await ctx.api.get(path('?search=Paged&sort=name&page=2'), as(admin));
    expect(second.body).toMatchObject({ count: 22, page: 2, pages: 2, next: null });
    expect(second.body.data.map((c: { name: string }) => c.name)).toEqual(['Paged 20', 'Paged 21']);
  });
});

describe('GET /staff/courses/{id}/', () => {
  it("answers an assigned instructor with their abilities; another course 403 while published, 404 while a draft; another school's 404", async () => {
    const { own, other, draft, instructor, admin, as } = await school();
    const foreign = await createCourse(db());
    const mine = await ctx.api.get(path(`${own.id}/`), as(instructor));
    expect(mine).toMatchObject({ status: 200, body: { id: own.id, status: 'published', abilities: { update: true, publish: false, delete: false, duplicate: false, assign: false } } });
    expect(mine.headers.etag).toBe('"v1"');
    expect(await ctx.api.get(path(`${other.id}/`), as(instructor))).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });
    expect(await ctx.api.get(path(`${draft.id}/`), as(instructor))).toMatchObject({ status: 404 });
    expect(await ctx.api.get(path(`${foreign.id}/`), as(admin))).toMatchObject({ status: 404 });
    expect((await ctx.api.get(path(`${draft.id}/`), as(admin))).body.abilities).toEqual({ update: true, publish: true, delete: true, duplicate: true, assign: true });
  });
});

describe('PATCH /staff/courses/{id}/', () => {
  it('saves the version named in If-Match, raises it, and records only the fields that changed', async () => {
    const { s, own, instructor, as } = await school();
    const res = await ctx.api.patch(path(`${own.id}/`), { name: 'Evidence in Practice', fee: 2000, show_fee: true }, { ...as(instructor), headers: { 'if-match': '"v1"' } });
    expect(res).toMatchObject({ status: 200, body: { name: 'Evidence in Practice', slug: `evidence-in-practice-${own.id}`, fee: 2000, version: 2, updated_by: { id: instructor.user.id } } });
    expect(res.headers.etag).toBe('"v2"');
    const [entry] = await auditOf(s.id, own.id);
    expect(entry).toMatchObject({ action: 'course.update', actorId: instructor.user.id });
    expect(entry!.changes).toEqual({ name: { before: 'Evidence Basics', after: 'Evidence in Practice' }, fee: { before: 0, after: 2000 } });
  });

  it('answers 428 without If-Match and 412 with the current state and its author when somebody saved in between', async () => {
    const { own, admin, instructor, as } = await school();
    expect(await ctx.api.patch(path(`${own.id}/`), { fee: 10 }, as(admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    expect((await ctx.api.patch(path(`${own.id}/`), { fee: 10 }, { ...as(instructor), headers: { 'if-match': '"v1"' } })).status).toBe(200);
    const late = await ctx.api.patch(path(`${own.id}/`), { fee: 99 }, { ...as(admin), headers: { 'if-match': '"v1"' } });
    expect(late).toMatchObject({ status: 412, body: { detail: versionMessages.conflict, updated_by: { id: instructor.user.id }, current: { id: own.id, fee: 10, version: 2 } } });
    expect(late.headers.etag).toBe('"v2"');
    for (const tag of ['*', 'W/"v2"', '"2"', 'garbage']) expect((await ctx.api.patch(path(`${own.id}/`), { fee: 99 }, { ...as(admin), headers: { 'if-match': tag } })).status).toBe(412);
    expect((await db().select({ fee: courses.fee }).from(courses).where(eq(courses.id, own.id)))[0]!.fee).toBe(1000);
  });

  it("keeps a published MCLE course's units, and refuses another course to an instructor (403) and another school's (404)", async () => {
    const { own, other, instructor, admin, as } = await school({ mcle: true });
    const v1 = { ...as(admin), headers: { 'if-match': '"v1"' } };
    expect(await ctx.api.patch(path(`${own.id}/`), { mcle_units: {} }, v1)).toMatchObject({ status: 400, body: { mcle_units: [courseMessages.mcleNeedsUnits] } });
    expect(await ctx.api.patch(path(`${own.id}/`), { mcle_units: { legal_ethics: 1.5, adr: 1 } }, v1)).toMatchObject({ status: 200, body: { units: 2.5 } });
    expect((await ctx.api.patch(path(`${other.id}/`), { fee: 1 }, { ...as(instructor), headers: { 'if-match': '"v1"' } })).status).toBe(403);
    const foreign = await createCourse(db());
    expect((await ctx.api.patch(path(`${foreign.id}/`), { fee: 1 }, v1)).status).toBe(404);
  });
});

describe('publishing', () => {
  it('refuses a course that is not ready with every problem, then publishes it once it is, and unpublishes it', async () => {
    const { s, draft, admin, instructor, as } = await school();
    expect(await ctx.api.post(path(`${draft.id}/publish/`), {}, as(admin))).toMatchObject({ status: 400, body: { problems: [{ message: courseMessages.noLessons }] } });
    const [video, exam] = await createOutline(db(), draft, [
      { type: 'video', name: 'Opening', mediaSeconds: 60 },
      { type: 'exam', name: 'Quiz' },
      { type: 'html', name: 'Reading', content: '<p>Read this.</p>' },
    ]);
    const refused = await ctx.api.post(path(`${draft.id}/publish/`), {}, as(admin));
    expect(refused.body.problems).toEqual([
      { lesson: video!.id, message: 'Opening: Upload the video.' },
      { lesson: exam!.id, message: 'Quiz: Add questions to the exam.' },
    ]);
    await db().update(coursewares).set({ file: 'media/opening.mp4' }).where(eq(coursewares.id, video!.id));
    const [examRow] = await db().insert(exams).values({ schoolId: s.id, coursewareId: exam!.id }).returning();
    await db().insert(examQuestions).values({ schoolId: s.id, examId: examRow!.id, position: 0, type: 'text', text: 'Why?' });
    expect((await ctx.api.post(path(`${draft.id}/publish/`), {}, as(instructor))).status).toBe(404);
    expect(await ctx.api.post(path(`${draft.id}/publish/`), {}, as(admin))).toMatchObject({ status: 200, body: { status: 'published', version: 2 } });
    expect((await ctx.api.get(`/api/v1/courses/${draft.id}/`, { host: s.host })).status).toBe(200);
    const enrolled = await createEnrolment(db(), { course: { ...draft, isPublished: true } });
    const stranger = await createStudent(db(), { school: s });
    expect(await ctx.api.post(path(`${draft.id}/unpublish/`), {}, as(admin))).toMatchObject({ status: 200, body: { status: 'draft' } });
    expect((await ctx.api.get(`/api/v1/courses/${draft.id}/`, { host: s.host })).status).toBe(404);
    // Out of the catalogue, the course stays open to the student enrolled in it, and to nobody else.
    expect((await ctx.api.get(`/api/v1/courses/${draft.id}/`, as(enrolled.student))).status).toBe(200);
    expect((await ctx.api.get(`/api/v1/coursewares/${video!.id}/`, as(enrolled.student))).status).toBe(200);
    expect((await ctx.api.get(`/api/v1/courses/${draft.id}/`, as(stranger))).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/coursewares/${video!.id}/`, as(stranger))).status).toBe(404);
    expect((await auditOf(s.id, draft.id)).map((e) => e.action)).toEqual(['course.publish', 'course.unpublish']);
  });
});

describe('DELETE /staff/courses/{id}/', () => {
  it('deletes a course nobody enrolled in, archives one with enrolments, and needs the current version', async () => {
    const { s, own, draft, admin, instructor, as } = await school();
    await createEnrolment(db(), { course: own });
    const at = (version: number) => ({ ...as(admin), headers: { 'if-match': `"v${version}"` } });
    expect((await ctx.api.delete(path(`${own.id}/`), as(admin))).status).toBe(428);
    expect((await ctx.api.delete(path(`${own.id}/`), { ...as(instructor), headers: { 'if-match': '"v1"' } })).status).toBe(403);
    expect((await ctx.api.delete(path(`${own.id}/`), at(7))).status).toBe(412);
    expect(await ctx.api.delete(path(`${own.id}/`), at(1))).toMatchObject({ status: 200, body: { outcome: 'archived', detail: courseMessages.archived } });
    expect((await db().select().from(courses).where(eq(courses.id, own.id)))[0]).toMatchObject({ isPublished: false, version: 2 });
    expect((await ctx.api.get(path('?status=archived'), as(admin))).body.data.map((c: { id: number }) => c.id)).toEqual([own.id]);
    expect((await ctx.api.post(path(`${own.id}/publish/`), {}, as(admin))).status).toBe(409);

    expect(await ctx.api.delete(path(`${draft.id}/`), at(1))).toMatchObject({ status: 200, body: { outcome: 'deleted' } });
    expect(await db().$count(courses, eq(courses.id, draft.id))).toBe(0);
    expect((await auditOf(s.id, own.id)).map((e) => e.action)).toEqual(['course.archive']);
    expect((await auditOf(s.id, draft.id)).map((e) => e.action)).toEqual(['course.delete']);
  });
});

describe('POST /staff/courses/{id}/duplicate/', () => {
  it('makes a draft copy with the outline, the exams and their questions; refused to an instructor', async () => {
    const { s, own, admin, instructor, as } = await school();
    const [, exam] = await createOutline(db(), own, [{ type: 'html', name: 'Read', content: 'x' }, { type: 'exam', name: 'Quiz' }]);
    const [examRow] = await db().insert(exams).values({ schoolId: s.id, coursewareId: exam!.id, passingRate: 80 }).returning();
    await db().insert(examQuestions).values({ schoolId: s.id, examId: examRow!.id, position: 0, type: 'text', text: 'Why?' });
    expect((await ctx.api.post(path(`${own.id}/duplicate/`), {}, as(instructor))).status).toBe(403);
    const copy = await ctx.api.post(path(`${own.id}/duplicate/`), {}, as(admin));
    expect(copy).toMatchObject({ status: 201, body: { name: 'Copy of Evidence Basics', status: 'draft', enrolments: 0 } });
    const lessons = await db()
      .select({ name: coursewares.name, passingRate: exams.passingRate, question: examQuestions.text })
      .from(coursewares)
      .innerJoin(modules, eq(modules.id, coursewares.moduleId))
      .leftJoin(exams, eq(exams.coursewareId, coursewares.id))
      .leftJoin(examQuestions, eq(examQuestions.examId, exams.id))
      .where(eq(modules.courseId, copy.body.id))
      .orderBy(coursewares.position);
    expect(lessons).toEqual([
      { name: 'Read', passingRate: null, question: null },
      { name: 'Quiz', passingRate: 80, question: 'Why?' },
    ]);
  });
});

describe('lecturers', () => {
  it("are listed for the school's staff and added by its administrator, once per name; another school's is not a choice", async () => {
    const s = await school();
    const lecturersPath = '/api/v1/staff/lecturers/';
    expect((await ctx.api.get(lecturersPath, s.as(s.admin))).body).toEqual([]);
    const added = await ctx.api.post(lecturersPath, { name: ' Atty. Jose Rizal ', title: 'Lecturer' }, s.as(s.admin));
    expect(added).toMatchObject({ status: 201, body: { name: 'Atty. Jose Rizal', title: 'Lecturer' } });
    expect((await ctx.api.post(lecturersPath, { name: 'atty. jose rizal' }, s.as(s.admin))).body).toEqual({ name: [lecturerMessages.duplicate] });
    expect((await ctx.api.post(lecturersPath, { name: ' ' }, s.as(s.admin))).body).toEqual({ name: [lecturerMessages.name] });
    expect((await ctx.api.post(lecturersPath, { name: 'Another' }, s.as(s.instructor))).status).toBe(403);
    expect((await ctx.api.get(lecturersPath, s.as(s.instructor))).body).toEqual([added.body]);
    expect((await ctx.api.get(lecturersPath, { host: s.s.host })).status).toBe(401);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, s.s.id), eq(auditLog.action, 'lecturer.create')));
    expect(audit!.subjectId).toBe(added.body.id);

    const foreign = await createStaff(db());
    expect((await ctx.api.get(lecturersPath, { token: foreign.token, host: foreign.school.host })).body).toEqual([]);
    const theirs = await ctx.api.patch(path(`${s.draft.id}/`), { lecturer_id: added.body.id }, { token: foreign.token, host: foreign.school.host, headers: { 'if-match': '"v1"' } });
    expect(theirs.status).toBe(404);
    const foreignDraft = await createCourse(db(), { school: foreign.school, isPublished: false });
    const refused = await ctx.api.patch(path(`${foreignDraft.id}/`), { lecturer_id: added.body.id }, { token: foreign.token, host: foreign.school.host, headers: { 'if-match': '"v1"' } });
    expect(refused.body).toEqual({ lecturer_id: [courseMessages.unknownLecturer] });
    const mine = await ctx.api.patch(path(`${s.draft.id}/`), { lecturer_id: added.body.id }, { ...s.as(s.admin), headers: { 'if-match': '"v1"' } });
    expect(mine.body.lecturer_id).toBe(added.body.id);
  });
});

describe('instructors', () => {
  it("are assigned by the school's administrator only, from the school's instructors, and audited; their course page says they may edit", async () => {
    const { s, own, other, admin, instructor, as } = await school();
    const second = await createStaff(db(), { school: s, role: 'IN' });
    const foreign = await createStaff(db(), { role: 'IN' });
    const list = await ctx.api.get('/api/v1/staff/instructors/', as(admin));
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: instructor.user.id, courses: [own.id] }), expect.objectContaining({ id: second.user.id, courses: [] })]));
    expect(list.body).toHaveLength(2);
    expect((await ctx.api.get('/api/v1/staff/instructors/', as(instructor))).status).toBe(403);

    const put = (who: { token: string }, course: number, instructors: number[]) => ctx.api.put(path(`${course}/instructors/`), { instructors }, as(who));
    expect(await put(admin, other.id, [foreign.user.id])).toMatchObject({ status: 400, body: { instructors: [instructorMessages.notInstructor] } });
    expect((await put(instructor, own.id, [instructor.user.id, second.user.id])).status).toBe(403);
    expect(await put(admin, other.id, [second.user.id, instructor.user.id])).toMatchObject({ status: 200, body: { instructors: expect.arrayContaining([{ id: second.user.id, name: second.user.username }]) } });
    const [entry] = await auditOf(s.id, other.id);
    expect(entry).toMatchObject({ action: 'course.assign', changes: { instructors: { before: [], after: [instructor.user.id, second.user.id].sort((a, b) => a - b) } } });

    // The student side's course answer: an instructor may edit the courses assigned to them, not the others.
    expect((await ctx.api.get(`/api/v1/courses/${other.id}/`, as(second))).body.abilities.edit).toBe(true);
    expect((await ctx.api.get(`/api/v1/courses/${own.id}/`, as(second))).body.abilities.edit).toBe(false);
  });
});

describe('the demo', () => {
  it("has a draft whose first video has no file yet, which Publish names, and a few audit entries", async () => {
    const host = 'demo.localhost';
    const { token } = (await ctx.api.post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD }, { host })).body as { token: string };
    const [draft] = await db().select().from(courses).where(eq(courses.name, 'Notarial Practice Update (draft)'));
    const refused = await ctx.api.post(path(`${draft!.id}/publish/`), {}, { token, host });
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([expect.objectContaining({ message: 'Welcome and course overview: Upload the video.' })]);
    const log = await ctx.api.get(`/api/v1/staff/audit/?subject=course:${draft!.id}`, { token, host });
    expect(log.body.data.map((e: { action: string }) => e.action)).toEqual(['course.update', 'course.create']);
  });
});
