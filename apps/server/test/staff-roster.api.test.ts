import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rosterMessages as msg } from '@school/shared/staff/roster';
import { auditLog, classes, enrollments, examQuestions, exams, examSubmissions, notifications } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, waitFor } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;

/** A school with a course of two classes, its administrator, and three enrolments: free, pay later, completed. */
async function course(options: { classOnly?: boolean } = {}) {
  const school = await createSchool(db());
  const c = await createCourse(db(), { school, name: 'Remedial Law Review', classEnrollmentOnly: options.classOnly ?? false });
  const [morning, evening] = await db()
    .insert(classes)
    .values([
      { schoolId: school.id, courseId: c.id, name: 'Morning' },
      { schoolId: school.id, courseId: c.id, name: 'Evening' },
    ])
    .returning();
  const admin = await createStaff(db(), { school });
  const as = (who: { token: string }) => ({ token: who.token, host: school.host });
  const free = await createEnrolment(db(), { course: c, student: await createStudent(db(), { school }), status: 'free', classId: morning!.id });
  const later = await createEnrolment(db(), { course: c, student: await createStudent(db(), { school }), status: 'pay_later' });
  const done = await createEnrolment(db(), { course: c, student: await createStudent(db(), { school }), status: 'free', progress: 100 });
  return { school, course: c, morning: morning!, evening: evening!, admin, as, free, later, done };
}

describe('GET /staff/courses/{id}/students/', () => {
  it("lists the course's enrolments, the latest first, searched and filtered", async () => {
    const s = await course();
    const res = await ctx.api.get(staff(`courses/${s.course.id}/students/`), s.as(s.admin));
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.data.map((e: { id: number }) => e.id)).toEqual([s.done.id, s.later.id, s.free.id]);
    expect(res.body.data[2]).toMatchObject({ student: { id: s.free.student.user.id, email: s.free.student.user.email, name: 'Test Student' }, class: { id: s.morning.id, name: 'Morning' }, status: 'free', status_label: 'Free', progress: 0, last_active_at: null, timer_started_at: null });
    const ids = async (query: string) => ((await ctx.api.get(staff(`courses/${s.course.id}/students/?${query}`), s.as(s.admin))).body.data as { id: number }[]).map((e) => e.id);
    expect(await ids(`search=${encodeURIComponent(s.later.student.user.email)}`)).toEqual([s.later.id]);
    expect(await ids('standing=completed')).toEqual([s.done.id]);
    expect(await ids('standing=studying')).toEqual([s.later.id, s.free.id]);
    expect(await ids(`class=${s.morning.id}`)).toEqual([s.free.id]);
    expect(await ids('search=%25')).toEqual([]);
    expect((await ctx.api.get(staff(`courses/${s.course.id}/students/?standing=lost`), s.as(s.admin))).status).toBe(400);
  });

  it("is the course's staff's: its instructor reads it, another course's instructor, another school, a student and nobody do not", async () => {
    const s = await course();
    const teacher = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    expect((await ctx.api.get(staff(`courses/${s.course.id}/students/`), s.as(teacher))).body.count).toBe(3);
    const other = await createStaff(db(), { school: s.school, role: 'IN', courses: [await createCourse(db(), { school: s.school })] });
    expect((await ctx.api.get(staff(`courses/${s.course.id}/students/`), s.as(other))).status).toBe(403);
    const foreign = await createStaff(db());
    expect((await ctx.api.get(staff(`courses/${s.course.id}/students/`), { token: foreign.token, host: foreign.school.host })).status).toBe(404);
    expect((await ctx.api.get(staff(`courses/${s.course.id}/students/`), s.as(s.free.student))).status).toBe(403);
    expect((await ctx.api.get(staff(`courses/${s.course.id}/students/`), { host: s.school.host })).status).toBe(401);
    // An instructor reads but does not enrol.
    expect((await ctx.api.post(staff(`courses/${s.course.id}/students/`), { email: s.free.student.user.email, as: 'free' }, s.as(teacher))).status).toBe(403);
  });
});

describe('enrolling, moving, resetting and cancelling from the roster', () => {
  it('enrols a student on behalf of the school, who is told; refuses unknown e-mails, a second enrolment and a paid one without how', async () => {
    const s = await course();
    const student = await createStudent(db(), { school: s.school });
    const enrol = (body: object) => ctx.api.post(staff(`courses/${s.course.id}/students/`), body, s.as(s.admin));
    expect((await enrol({ email: 'nobody@example.com', as: 'free' })).body).toEqual({ email: [msg.noSuchStudent] });
    expect((await enrol({ email: s.admin.user.email, as: 'free' })).body).toEqual({ email: [msg.noSuchStudent] });
    expect((await enrol({ email: student.user.email, as: 'paid' })).body).toEqual({ note: [msg.noteRequired] });
    const other = await createCourse(db(), { school: s.school });
    const [elsewhere] = await db().insert(classes).values({ schoolId: s.school.id, courseId: other.id, name: 'Elsewhere' }).returning();
    expect((await enrol({ email: student.user.email, as: 'free', class: elsewhere!.id })).body).toEqual({ class: [msg.classNotHere] });

    const made = await enrol({ email: student.user.email.toUpperCase(), as: 'paid', note: 'OR 1234, paid at the office', class: s.evening.id });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ status: 'paid', class_id: s.evening.id });
    const [row] = await db().select().from(enrollments).where(eq(enrollments.id, made.body.id));
    expect(row).toMatchObject({ userId: student.user.id, notes: 'Marked paid by the school: OR 1234, paid at the office' });
    expect((await enrol({ email: student.user.email, as: 'free' })).body).toEqual({ email: [msg.alreadyEnrolled] });
    const told = await waitFor(async () => (await db().select().from(notifications).where(eq(notifications.userId, student.user.id)))[0]);
    expect(told.description).toBe('You are now enrolled in <strong>Remedial Law Review</strong>.');
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'enrolment.create'), eq(auditLog.subjectId, made.body.id)));
    expect(audit).toHaveLength(1);

    const only = await course({ classOnly: true });
    expect((await ctx.api.post(staff(`courses/${only.course.id}/students/`), { email: student.user.email, as: 'free' }, only.as(only.admin))).body).toEqual({ class: [msg.classRequired] });
  });

  it('moves an enrolment to another class, resets a course timer, and cancels an enrolment that was not bought (taken up again later)', async () => {
    const s = await course();
    const path = (id: number, verb: string) => staff(`courses/${s.course.id}/students/${id}/${verb}/`);
    const moved = await ctx.api.post(path(s.free.id, 'move'), { class: s.evening.id }, s.as(s.admin));
    expect(moved.body).toMatchObject({ id: s.free.id, class_id: s.evening.id });
    const other = await createCourse(db(), { school: s.school });
    const [elsewhere] = await db().insert(classes).values({ schoolId: s.school.id, courseId: other.id, name: 'Elsewhere' }).returning();
    expect((await ctx.api.post(path(s.free.id, 'move'), { class: elsewhere!.id }, s.as(s.admin))).body).toEqual({ class: [msg.classNotHere] });
    expect((await db().select().from(auditLog).where(and(eq(auditLog.action, 'enrolment.move'), eq(auditLog.subjectId, s.free.id))))[0]!.changes).toEqual({ class: { before: 'Morning', after: 'Evening' } });

    expect((await ctx.api.post(path(s.later.id, 'reset-timer'), {}, s.as(s.admin))).body).toMatchObject({ detail: msg.noTimer });
    await db().update(enrollments).set({ attemptStartedAt: new Date(Date.now() - 3_600_000), attemptEndedAt: new Date() }).where(eq(enrollments.id, s.later.id));
    expect((await ctx.api.post(path(s.later.id, 'reset-timer'), {}, s.as(s.admin))).status).toBe(200);
    expect((await db().select().from(enrollments).where(eq(enrollments.id, s.later.id)))[0]).toMatchObject({ attemptStartedAt: null, attemptEndedAt: null });

    expect((await ctx.api.post(path(s.free.id, 'cancel'), { reason: ' ' }, s.as(s.admin))).body).toEqual({ reason: [msg.reasonRequired] });
    expect((await ctx.api.post(path(s.free.id, 'cancel'), { reason: 'Registered twice' }, s.as(s.admin))).body).toMatchObject({ status: 'cancelled' });
    expect((await ctx.api.post(path(s.free.id, 'cancel'), { reason: 'Again' }, s.as(s.admin))).body).toMatchObject({ detail: msg.alreadyCancelled });
    const told = await waitFor(async () => (await db().select().from(notifications).where(eq(notifications.userId, s.free.student.user.id))).find((n) => n.description.includes('cancelled')));
    expect(told.description).toBe('The school cancelled your enrolment in <strong>Remedial Law Review</strong>: Registered twice');
    // Taken up again, the same enrolment with its records.
    const again = await ctx.api.post(staff(`courses/${s.course.id}/students/`), { email: s.free.student.user.email, as: 'free' }, s.as(s.admin));
    expect(again.body).toMatchObject({ id: s.free.id, status: 'free' });

    // Another course's enrolment is not this roster's; another school finds nothing.
    const stranger = await createEnrolment(db(), { course: other, student: await createStudent(db(), { school: s.school }) });
    expect((await ctx.api.post(path(stranger.id, 'cancel'), { reason: 'x' }, s.as(s.admin))).status).toBe(404);
    const foreign = await createStaff(db());
    expect((await ctx.api.post(path(s.later.id, 'cancel'), { reason: 'x' }, { token: foreign.token, host: foreign.school.host })).status).toBe(404);
  });

  it('refuses to cancel an enrolment bought through a payment: its payment is refunded instead', async () => {
    const s = await course();
    const paid = await createCourse(db(), { school: s.school, fee: 50_000 });
    const student = await createStudent(db(), { school: s.school });
    const res = await ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: paid.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' }, { token: student.token, host: s.school.host, headers: { 'idempotency-key': randomUUID() } });
    await ctx.api.post(staff(`payments/${res.body.txn_id}/confirm/`), {}, s.as(s.admin));
    const [enrolment] = await db().select().from(enrollments).where(and(eq(enrollments.userId, student.user.id), eq(enrollments.courseId, paid.id)));
    const refused = await ctx.api.post(staff(`courses/${paid.id}/students/${enrolment!.id}/cancel/`), { reason: 'x' }, s.as(s.admin));
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(msg.cancelPaid);

    // Enrolled to pay later, with a cash payment on its way: that payment is settled first.
    const later = await createCourse(db(), { school: s.school, fee: 50_000, allowPayLater: true });
    const payer = await createStudent(db(), { school: s.school });
    const pending = await createEnrolment(db(), { course: later, student: payer, status: 'pay_later' });
    expect((await ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: later.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' }, { token: payer.token, host: s.school.host, headers: { 'idempotency-key': randomUUID() } })).status).toBe(201);
    const open = await ctx.api.post(staff(`courses/${later.id}/students/${pending.id}/cancel/`), { reason: 'x' }, s.as(s.admin));
    expect(open.status).toBe(409);
    expect(open.body.detail).toBe(msg.cancelOpen);
  });
});

describe('allowing another exam attempt', () => {
  it('lets an administrator give a student who used their attempts without passing one more, keeping the attempt taken', async () => {
    const s = await course();
    const [lesson] = await createOutline(db(), s.course, [{ type: 'exam', name: 'Final Exam' }]);
    const [exam] = await db().insert(exams).values({ schoolId: s.school.id, coursewareId: lesson!.id, passingRate: 100, maxAttempts: 1 }).returning();
    const [question] = await db().insert(examQuestions).values({ schoolId: s.school.id, examId: exam!.id, position: 0, type: 'radio', text: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'], points: 1 }).returning();
    const student = { token: s.free.student.token, host: s.school.host };
    const attempt = async () => {
      await ctx.api.get(`/api/v1/coursewares/${lesson!.id}/`, student);
      const started = await ctx.api.post(`/api/v1/exams/${exam!.id}/start/`, {}, student);
      if (started.status !== 201 && started.status !== 200) return started;
      return ctx.api.post(`/api/v1/exam/questions/${question!.id}/submit/`, { answer: 'MTC', final: true }, student);
    };
    const path = staff(`courses/${s.course.id}/students/${s.free.id}/exams/`);
    const allow = (who = s.admin, examId = exam!.id) => ctx.api.post(`${path}${examId}/allow-attempt/`, {}, s.as(who));

    // Attempts left: nothing to allow yet.
    expect((await ctx.api.get(path, s.as(s.admin))).body).toEqual([{ id: exam!.id, name: 'Final Exam', attempts_used: 0, max_attempts: 1, extra_attempts: 0, passed: false, refusal: msg.attemptsLeft }]);
    expect((await allow()).body).toEqual({ detail: msg.attemptsLeft });
    expect((await attempt()).status).toBe(200);
    // Failed and out of attempts: the student may not start again, the school may allow one more.
    expect((await ctx.api.get(`/api/v1/exams/${exam!.id}/`, student)).body).toMatchObject({ max_attempts: 1 });
    expect((await ctx.api.post(`/api/v1/exams/${exam!.id}/start/`, {}, student)).status).toBeGreaterThanOrEqual(400);
    const allowed = await allow();
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body).toMatchObject({ attempts_used: 1, max_attempts: 2, extra_attempts: 1, refusal: msg.attemptsLeft });
    expect((await ctx.api.get(`/api/v1/exams/${exam!.id}/`, student)).body).toMatchObject({ max_attempts: 2 });
    expect((await attempt()).status).toBe(200);
    const rows = await db().select().from(examSubmissions).where(and(eq(examSubmissions.enrollmentId, s.free.id), eq(examSubmissions.examId, exam!.id)));
    expect(rows.map((r) => r.attempt).sort()).toEqual([1, 2]);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'enrolment.allow_attempt'), eq(auditLog.subjectId, s.free.id)));
    expect(audit.map((a) => a.changes)).toEqual([{ extra_attempts: { before: 0, after: 1 } }]);

    // Another course's exam, an instructor, another school's administrator, a student and nobody.
    const other = await createCourse(db(), { school: s.school });
    const [otherLesson] = await createOutline(db(), other, [{ type: 'exam', name: 'Other' }]);
    const [otherExam] = await db().insert(exams).values({ schoolId: s.school.id, coursewareId: otherLesson!.id, maxAttempts: 1 }).returning();
    expect((await allow(s.admin, otherExam!.id)).body).toEqual({ exam: [msg.examNotHere] });
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    expect((await allow(instructor)).status).toBe(403);
    expect((await ctx.api.get(path, s.as(instructor))).status).toBe(403);
    const foreign = await createStaff(db());
    expect((await ctx.api.get(path, { token: foreign.token, host: foreign.school.host })).status).toBe(404);
    expect((await ctx.api.post(`${path}${exam!.id}/allow-attempt/`, {}, { token: foreign.token, host: foreign.school.host })).status).toBe(404);
    expect((await ctx.api.get(path, student)).status).toBe(403);
    expect((await ctx.api.get(path, { host: s.school.host })).status).toBe(401);
    // Another enrolment of the course is not this one's path.
    expect((await ctx.api.get(staff(`courses/${other.id}/students/${s.free.id}/exams/`), s.as(s.admin))).status).toBe(404);
  });
});
