import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outlineMessages } from '@school/shared/staff/outline';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, conferenceRooms, coursewareProgress, coursewares, exams } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

/** A draft course with two modules (a video and a page; a link), its administrator, and an instructor of another course. */
async function course() {
  const school = await createSchool(db());
  const draft = await createCourse(db(), { school, name: 'Outline Course', isPublished: false });
  const [video, page] = await createOutline(db(), draft, [{ type: 'video', name: 'Intro', mediaSeconds: 30 }, { type: 'html', name: 'Reading', content: '<p>x</p>' }], 0);
  const [link] = await createOutline(db(), draft, [{ type: 'link', name: 'Source', url: 'https://example.com' }], 1);
  const admin = await createStaff(db(), { school });
  const stranger = await createStaff(db(), { school, role: 'IN', courses: [await createCourse(db(), { school })] });
  const as = (who: { token: string }, headers: Record<string, string> = {}) => ({ token: who.token, host: school.host, headers });
  return { school, draft, video: video!, page: page!, link: link!, admin, stranger, as };
}

describe('GET /staff/courses/{id}/outline/', () => {
  it("answers the modules and lessons in order with each lesson's problem; another course's instructor 404 (a draft), another school 404", async () => {
    const s = await course();
    const res = await ctx.api.get(staff(`courses/${s.draft.id}/outline/`), s.as(s.admin));
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"v1"');
    expect(res.body.modules.map((m: { name: string; lessons: { name: string; problem: string | null }[] }) => [m.name, m.lessons.map((l) => [l.name, l.problem])])).toEqual([
      ['Module 1', [['Intro', 'Upload the video.'], ['Reading', null]]],
      ['Module 2', [['Source', null]]],
    ]);
    expect((await ctx.api.get(staff(`courses/${s.draft.id}/outline/`), s.as(s.stranger))).status).toBe(404);
    const foreign = await createStaff(db());
    expect((await ctx.api.get(staff(`courses/${s.draft.id}/outline/`), { token: foreign.token, host: foreign.school.host })).status).toBe(404);
  });
});

describe('modules and lessons', () => {
  it('adds a module and lessons of any type at the end, an exam with its exam, the text sanitized, each audited', async () => {
    const s = await course();
    const added = await ctx.api.post(staff(`courses/${s.draft.id}/modules/`), { name: 'Assessment' }, s.as(s.admin));
    expect(added.status).toBe(201);
    const module = added.body.modules[2];
    expect(module).toMatchObject({ name: 'Assessment', lessons: [] });
    expect((await ctx.api.post(staff(`courses/${s.draft.id}/modules/`), { name: ' ' }, s.as(s.admin))).body).toEqual({ name: [outlineMessages.moduleName] });

    const quiz = await ctx.api.post(staff(`modules/${module.id}/coursewares/`), { type: 'exam', name: 'Final quiz' }, s.as(s.admin));
    expect(quiz.body.modules[2].lessons).toMatchObject([{ name: 'Final quiz', type: 'exam', problem: 'Add questions to the exam.' }]);
    const quizId = quiz.body.modules[2].lessons[0].id;
    expect(await db().$count(exams, eq(exams.coursewareId, quizId))).toBe(1);
    // The lesson names its exam, whose editor is GET|PUT /staff/exams/{id}/.
    const [quizExam] = await db().select().from(exams).where(eq(exams.coursewareId, quizId));
    expect(quiz.body.modules[2].lessons[0].exam).toBe(quizExam!.id);

    const page = await ctx.api.post(staff(`modules/${module.id}/coursewares/`), { type: 'html', name: 'Notes', content: '<p onclick="x()">Read <script>alert(1)</script><a href="javascript:x">this</a></p>', url: 'https://ignored.example' }, s.as(s.admin));
    const notes = page.body.modules[2].lessons[1];
    expect(notes).toMatchObject({ name: 'Notes', content: '<p>Read <a rel="noopener noreferrer" target="_blank">this</a></p>', url: null });
    expect((await ctx.api.post(staff(`modules/${module.id}/coursewares/`), { type: 'yt', name: 'Talk', url: 'http://insecure.example' }, s.as(s.admin))).body).toEqual({ url: [outlineMessages.url] });
    expect((await ctx.api.post(staff(`modules/${module.id}/coursewares/`), { type: 'video', name: 'Mine' }, s.as(s.stranger))).status).toBe(404);

    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.schoolId, s.school.id)).orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['module.create', 'courseware.create', 'courseware.create']);
  });

  it('renames with the version in If-Match: 428 without, 412 with an older one', async () => {
    const s = await course();
    const path = staff(`coursewares/${s.link.id}/`);
    expect(await ctx.api.patch(path, { name: 'Primary source' }, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    const renamed = await ctx.api.patch(path, { name: 'Primary source', url: 'https://example.org/rule' }, s.as(s.admin, at(1)));
    expect(renamed.status).toBe(200);
    expect(renamed.body.modules[1].lessons[0]).toMatchObject({ name: 'Primary source', url: 'https://example.org/rule', version: 2 });
    const stale = await ctx.api.patch(path, { name: 'Stale' }, s.as(s.admin, at(1)));
    expect(stale).toMatchObject({ status: 412, body: { detail: versionMessages.conflict, current: { modules: [{}, { lessons: [{ name: 'Primary source' }] }] } } });
    // Who saved last and when, from the lesson's newest audit entry; the ETag names the lesson's version.
    expect(stale.body.updated_by).toMatchObject({ id: s.admin.user.id });
    expect(Date.now() - Date.parse(stale.body.updated_at)).toBeLessThan(60_000);
    expect(stale.headers.etag).toBe('"v2"');
    expect((await ctx.api.patch(staff(`modules/${s.video.moduleId}/`), { name: 'Welcome' }, s.as(s.admin, at(1)))).body.modules[0].name).toBe('Welcome');
    const staleModule = await ctx.api.patch(staff(`modules/${s.video.moduleId}/`), { name: 'Stale' }, s.as(s.admin, at(1)));
    expect(staleModule).toMatchObject({ status: 412, body: { updated_by: { id: s.admin.user.id } }, headers: { etag: '"v2"' } });
  });

  it('deletes a lesson nobody started; a started one, or its module, stays (409)', async () => {
    const s = await course();
    const enrolment = await createEnrolment(db(), { course: s.draft });
    await db().insert(coursewareProgress).values({ schoolId: s.school.id, enrollmentId: enrolment.id, coursewareId: s.video.id });
    expect(await ctx.api.delete(staff(`coursewares/${s.video.id}/`), s.as(s.admin, at(1)))).toMatchObject({ status: 409, body: { detail: outlineMessages.hasProgress } });
    expect(await ctx.api.delete(staff(`modules/${s.video.moduleId}/`), s.as(s.admin, at(1)))).toMatchObject({ status: 409, body: { detail: outlineMessages.moduleHasProgress } });
    const gone = await ctx.api.delete(staff(`coursewares/${s.page.id}/`), s.as(s.admin, at(1)));
    expect(gone.body.modules[0].lessons.map((l: { name: string }) => l.name)).toEqual(['Intro']);
    const moduleGone = await ctx.api.delete(staff(`modules/${s.link.moduleId}/`), s.as(s.admin, at(1)));
    expect(moduleGone.body.modules).toHaveLength(1);
    expect(await db().$count(coursewares, eq(coursewares.id, s.link.id))).toBe(0);
  });
});

describe('a live class lesson', () => {
  it('takes its session with the lesson, in the same save and version, and is ready to publish once dated', async () => {
    const s = await course();
    const session = { date: '2026-12-05', start_time: '09:00', end_time: '12:00', use_studios: false, recording: null, attendance_minutes: null };
    const added = await ctx.api.post(staff(`modules/${s.video.moduleId}/coursewares/`), { type: 'class', name: 'Live Q&A', live_class: session }, s.as(s.admin));
    const live = added.body.modules[0].lessons[2];
    expect(live).toMatchObject({ type: 'class', live_class: session, problem: null, version: 1 });
    const [room] = await db().select().from(conferenceRooms).where(eq(conferenceRooms.coursewareId, live.id));
    expect(room).toMatchObject({ schoolId: s.school.id, name: `class-${live.id}`, startTime: '09:00:00' });

    const later = { ...session, start_time: '13:00', end_time: '16:30', use_studios: true, recording: 'https://video.example/rec', attendance_minutes: 180 };
    expect((await ctx.api.patch(staff(`coursewares/${live.id}/`), { live_class: { ...later, end_time: '12:00' } }, s.as(s.admin, at(1)))).body).toEqual({ live_class: [outlineMessages.endBeforeStart] });
    const moved = await ctx.api.patch(staff(`coursewares/${live.id}/`), { live_class: later }, s.as(s.admin, at(1)));
    expect(moved.body.modules[0].lessons[2]).toMatchObject({ live_class: later, version: 2 });
    // The room keeps its code: students' links and the schedule's notifications stay valid.
    const [after] = await db().select().from(conferenceRooms).where(eq(conferenceRooms.coursewareId, live.id));
    expect(after).toMatchObject({ id: room!.id, code: room!.code, endTime: '16:30:00', useStudios: true, attendanceMinutes: 180 });
    // A refused save (an older version) changes nothing of the session either.
    expect((await ctx.api.patch(staff(`coursewares/${live.id}/`), { live_class: session }, s.as(s.admin, at(1)))).status).toBe(412);
    expect((await db().select().from(conferenceRooms).where(eq(conferenceRooms.coursewareId, live.id)))[0]!.startTime).toBe('13:00:00');

    const undated = await ctx.api.post(staff(`modules/${s.video.moduleId}/coursewares/`), { type: 'class', name: 'Later' }, s.as(s.admin));
    expect(undated.body.modules[0].lessons[3]).toMatchObject({ live_class: null, problem: 'Set the date and time of the live class.' });
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, s.school.id), eq(auditLog.action, 'courseware.update')));
    expect(audit).toHaveLength(1);
  });
});

describe('PUT /staff/courses/{id}/outline/', () => {
  it('moves lessons across modules and modules in one go, with the course version; refuses an order that leaves one out', async () => {
    const s = await course();
    const outline = (await ctx.api.get(staff(`courses/${s.draft.id}/outline/`), s.as(s.admin))).body;
    const [first, second] = outline.modules;
    const order = { modules: [{ id: second.id, lessons: [s.page.id, s.link.id] }, { id: first.id, lessons: [s.video.id] }] };
    expect(await ctx.api.put(staff(`courses/${s.draft.id}/outline/`), order, s.as(s.admin))).toMatchObject({ status: 428 });
    expect(await ctx.api.put(staff(`courses/${s.draft.id}/outline/`), { modules: [{ id: first.id, lessons: [s.video.id] }] }, s.as(s.admin, at(1)))).toMatchObject({ status: 400, body: { modules: [outlineMessages.outlineMismatch] } });
    const moved = await ctx.api.put(staff(`courses/${s.draft.id}/outline/`), order, s.as(s.admin, at(1)));
    expect(moved.status).toBe(200);
    expect(moved.body.course.version).toBe(2);
    expect(moved.body.modules.map((m: { id: number; lessons: { id: number }[] }) => [m.id, m.lessons.map((l) => l.id)])).toEqual([
      [second.id, [s.page.id, s.link.id]],
      [first.id, [s.video.id]],
    ]);
    // A second editor's order, based on the first version, does not overwrite it.
    expect((await ctx.api.put(staff(`courses/${s.draft.id}/outline/`), order, s.as(s.admin, at(1)))).status).toBe(412);
    const [page] = await db().select().from(coursewares).where(and(eq(coursewares.id, s.page.id), eq(coursewares.schoolId, s.school.id)));
    expect(page).toMatchObject({ moduleId: second.id, position: 0 });
    // Another school's module ids never enter an order.
    const foreign = await createCourse(db());
    const [alien] = await createOutline(db(), foreign, [{ type: 'link', name: 'x', url: 'https://x.example' }]);
    const sneaky = { modules: [{ id: second.id, lessons: [s.page.id, s.link.id, alien!.id] }, { id: first.id, lessons: [s.video.id] }] };
    expect((await ctx.api.put(staff(`courses/${s.draft.id}/outline/`), sneaky, s.as(s.admin, at(2)))).status).toBe(400);
  });
});

describe("another school's administrator", () => {
  it('reaches none of the outline, module, lesson and instructor routes of a course (404), and changes nothing', async () => {
    const s = await course();
    const foreign = await createStaff(db());
    const as = { token: foreign.token, host: foreign.school.host, headers: at(1) };
    const refused = [
      await ctx.api.get(staff(`courses/${s.draft.id}/outline/`), as),
      await ctx.api.put(staff(`courses/${s.draft.id}/outline/`), { modules: [] }, as),
      await ctx.api.post(staff(`courses/${s.draft.id}/modules/`), { name: 'Theirs' }, as),
      await ctx.api.patch(staff(`modules/${s.video.moduleId}/`), { name: 'Theirs' }, as),
      await ctx.api.delete(staff(`modules/${s.video.moduleId}/`), as),
      await ctx.api.post(staff(`modules/${s.video.moduleId}/coursewares/`), { type: 'link', name: 'Theirs' }, as),
      await ctx.api.patch(staff(`coursewares/${s.page.id}/`), { name: 'Theirs' }, as),
      await ctx.api.delete(staff(`coursewares/${s.page.id}/`), as),
      await ctx.api.put(staff(`courses/${s.draft.id}/instructors/`), { instructors: [] }, as),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404]);
    expect((await ctx.api.get(staff(`courses/${s.draft.id}/outline/`), s.as(s.admin))).body.modules.map((m: { lessons: unknown[] }) => m.lessons.length)).toEqual([2, 1]);
  });
});

describe('lessons added to a course students are taking', () => {
  it('leave a finished enrolment finished (its lessons open), and count for a student still studying', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [reading] = await createOutline(db(), course, [{ type: 'html', name: 'Reading', content: '<p>x</p>' }]);
    const admin = await createStaff(db(), { school });
    const finished = await createEnrolment(db(), { course });
    const studying = await createEnrolment(db(), { course });
    const as = (e: typeof finished) => ({ token: e.student.token, host: school.host });
    for (const e of [finished, studying]) await ctx.api.get(`/api/v1/coursewares/${reading!.id}/`, as(e));
    expect((await ctx.api.post(`/api/v1/coursewares/${reading!.id}/complete/`, {}, as(finished))).status).toBe(200);
    expect((await ctx.api.get(`/api/v1/enrollments/${finished.id}/`, as(finished))).body.progress).toBe(100);

    const added = await ctx.api.post(staff(`modules/${reading!.moduleId}/coursewares/`), { type: 'html', name: 'New ruling', content: '<p>y</p>' }, { token: admin.token, host: school.host });
    const ruling = added.body.modules[0].lessons[1];
    expect((await ctx.api.get(`/api/v1/enrollments/${finished.id}/`, as(finished))).body.progress).toBe(100);
    expect((await ctx.api.get(`/api/v1/coursewares/${ruling.id}/`, as(finished))).status).toBe(200);
    expect((await ctx.api.post(`/api/v1/coursewares/${reading!.id}/complete/`, {}, as(studying))).status).toBe(200);
    expect((await ctx.api.get(`/api/v1/enrollments/${studying.id}/`, as(studying))).body.progress).toBe(50);
  });
});
