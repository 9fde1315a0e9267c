import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { gradingMessages } from '@school/shared/staff/grading';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, certificates, examQuestions, exams } from '../src/db/schema/index';
import { DEMO_GRADING_COURSE } from '../src/seed/demo-grading';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, waitFor } from './support/factories';
import { request } from './support/http';
import { uploadFile } from './support/multipart';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

/** A course whose exam has a choice question (1 point), a written one (2) and a file one (2), passing at 50 %. */
async function withExam() {
  const school = await createSchool(db());
  const course = await createCourse(db(), { school, name: 'Legal Writing' });
  const [lesson] = await createOutline(db(), course, [{ type: 'exam', name: 'Brief' }]);
  const [exam] = await db().insert(exams).values({ schoolId: school.id, coursewareId: lesson!.id, passingRate: 50 }).returning();
  const questions = await db()
    .insert(examQuestions)
    .values([
      { schoolId: school.id, examId: exam!.id, position: 0, type: 'radio', text: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'], points: 1 },
      { schoolId: school.id, examId: exam!.id, position: 1, type: 'text', text: 'Define stare decisis.', points: 2, notes: 'Two points for precedent.' },
      { schoolId: school.id, examId: exam!.id, position: 2, type: 'file', text: 'Attach your brief.', points: 2 },
    ])
    .returning();
  const admin = await createStaff(db(), { school });
  const instructor = await createStaff(db(), { school, role: 'IN', courses: [course] });
  const as = (who: { token: string }, version?: number) => ({ token: who.token, host: school.host, headers: version === undefined ? {} : at(version) });
  return { school, course, lesson: lesson!, exam: exam!, questions, admin, instructor, as };
}

type Setup = Awaited<ReturnType<typeof withExam>>;

/** A student of the course who takes the exam: a choice, a written answer and a PDF, then submits. */
async function submittedBy(s: Setup, choice = 'RTC') {
  const enrolment = await createEnrolment(db(), { course: s.course });
  const as = { token: enrolment.student.token, host: s.school.host };
  await ctx.api.get(`/api/v1/coursewares/${s.lesson.id}/`, as);
  await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, as);
  await ctx.api.post(`/api/v1/exam/questions/${s.questions[0]!.id}/submit/`, { answer: choice }, as);
  await ctx.api.post(`/api/v1/exam/questions/${s.questions[1]!.id}/submit/`, { answer: 'Standing by decided cases.' }, as);
  const pdf = { field: 'answer', name: 'brief.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 a brief') };
  const sent = await uploadFile(ctx.server.url, `/api/v1/exam/questions/${s.questions[2]!.id}/submit/`, pdf, { ...as, method: 'POST', fields: { final: 'true' } });
  expect(sent.status).toBe(200);
  return { enrolment, as, submissionId: sent.body.submission.id as number };
}

describe('GET /staff/grading/', () => {
  it('lists the waiting written and file answers oldest first, filters them, and shows an instructor their courses only', async () => {
    const s = await withExam();
    const first = await submittedBy(s);
    const second = await submittedBy(s);
    const queue = await ctx.api.get(staff('grading/'), s.as(s.admin));
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({ count: 4, page: 1, pages: 1, next: null });
    expect(queue.body.data.map((a: { submission_id: number; question_id: number }) => [a.submission_id, a.question_id])).toEqual([
      [first.submissionId, s.questions[1]!.id],
      [first.submissionId, s.questions[2]!.id],
      [second.submissionId, s.questions[1]!.id],
      [second.submissionId, s.questions[2]!.id],
    ]);
    expect(queue.body.data[0]).toMatchObject({ attempt: 1, course: { id: s.course.id, name: 'Legal Writing' }, exam: { id: s.exam.id, name: 'Brief' }, question: 'Define stare decisis.', points: 2 });
    expect(queue.body.data[0].student).toMatchObject({ id: first.enrolment.student.user.id, email: first.enrolment.student.user.email });

    const only = await ctx.api.get(staff(`grading/?student=${second.enrolment.student.user.id}&course=${s.course.id}&exam=${s.exam.id}`), s.as(s.admin));
    expect(only.body.data.map((a: { submission_id: number }) => a.submission_id)).toEqual([second.submissionId, second.submissionId]);
    expect((await ctx.api.get(staff(`grading/?exam=${s.exam.id + 100000}`), s.as(s.admin))).body).toMatchObject({ count: 0, data: [] });

    // The course's instructor sees them; an instructor of another course, and another school's administrator, see none.
    expect((await ctx.api.get(staff('grading/'), s.as(s.instructor))).body.count).toBe(4);
    const elsewhere = await createStaff(db(), { school: s.school, role: 'IN', courses: [await createCourse(db(), { school: s.school })] });
    expect((await ctx.api.get(staff('grading/'), s.as(elsewhere))).body).toMatchObject({ count: 0, data: [] });
    const foreign = await createStaff(db());
    expect((await ctx.api.get(staff('grading/'), { token: foreign.token, host: foreign.school.host })).body.count).toBe(0);
    expect((await ctx.api.get(staff('grading/'), { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.get(staff('grading/'), { token: first.as.token, host: s.school.host })).status).toBe(403);
    expect((await ctx.api.get(staff('grading/?page=0'), s.as(s.admin))).status).toBe(400);
  });
});

describe('GET|PUT /staff/grading/{id}/questions/{questionId}/', () => {
  it('shows an answer with its question and the PDF inline, grades it, and the last grade settles the attempt', async () => {
    const s = await withExam();
    const taken = await submittedBy(s);
    const path = (q: number) => staff(`grading/${taken.submissionId}/questions/${q}/`);
    const written = await ctx.api.get(path(s.questions[1]!.id), s.as(s.instructor));
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({
      attempt: 1,
      question: { text: 'Define stare decisis.', type: 'text', points: 2, notes: 'Two points for precedent.' },
      answer: { text: 'Standing by decided cases.', file: null },
      score: null,
      graded_by: null,
      result: { has_pending: true, passed: false, total_score: 1, total_points: 5 },
      certificate: null,
      may_grade: true,
    });
    const fileView = await ctx.api.get(path(s.questions[2]!.id), s.as(s.instructor));
    const file = fileView.body;
    expect(file.answer).toMatchObject({ text: '', file: { name: 'brief.pdf', kind: 'pdf' } });
    // Bound to the grader: it opens with the viewer cookie of their signed-in call.
    const address = new URL(file.answer.file.url, ctx.server.url);
    const cookie = String(fileView.headers['set-cookie']).split(';')[0]!;
    expect((await request(ctx.server.url, address.pathname + address.search, { headers: { cookie } })).raw.toString()).toBe('%PDF-1.4 a brief');
    // A choice answer has no grading screen.
    expect((await ctx.api.get(path(s.questions[0]!.id), s.as(s.admin))).status).toBe(404);

    expect((await ctx.api.put(path(s.questions[1]!.id), { score: 3 }, s.as(s.instructor, 1))).body).toEqual({ score: ['At most 2.'] });
    const graded = await ctx.api.put(path(s.questions[1]!.id), { score: 2, feedback: 'Precise.' }, s.as(s.instructor, 1));
    expect(graded.body).toMatchObject({ score: 2, feedback: 'Precise.', graded_by: { id: s.instructor.user.id }, result: { has_pending: true }, may_grade: false });
    const last = await ctx.api.put(path(s.questions[2]!.id), { score: 1 }, s.as(s.instructor, 1));
    expect(last.body.result).toMatchObject({ has_pending: false, passed: true, total_score: 4 });
    expect((await ctx.api.get(staff('grading/'), s.as(s.admin))).body.count).toBe(0);
  });

  it('lets only administrators change a grade given, audited; an issued certificate stays and the answer says so', async () => {
    const s = await withExam();
    const taken = await submittedBy(s);
    const path = (q: number) => staff(`grading/${taken.submissionId}/questions/${q}/`);
    await ctx.api.put(path(s.questions[1]!.id), { score: 2 }, s.as(s.instructor, 1));
    await ctx.api.put(path(s.questions[2]!.id), { score: 1 }, s.as(s.instructor, 1));
    const certificate = await waitFor(async () => (await db().select().from(certificates).where(eq(certificates.enrollmentId, taken.enrolment.id)))[0], 20_000, 'the certificate');

    expect(await ctx.api.put(path(s.questions[1]!.id), { score: 0 }, s.as(s.instructor, 2))).toMatchObject({ status: 403, body: { detail: gradingMessages.regradeRefused } });
    const regraded = await ctx.api.put(path(s.questions[1]!.id), { score: 0, feedback: 'Misread.' }, s.as(s.admin, 2));
    expect(regraded.body).toMatchObject({ score: 0, result: { has_pending: false, passed: false, total_score: 2 }, certificate: { code: certificate.code }, may_grade: true });
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.subjectType, 'exam_attempt'), eq(auditLog.subjectId, taken.submissionId))).orderBy(auditLog.id);
    expect(entries.at(-1)).toMatchObject({ actorId: s.admin.user.id, action: 'exam.grade', changes: { score: { before: 2, after: 0 }, feedback: { before: '', after: 'Misread.' } } });
    expect((await db().select().from(certificates).where(eq(certificates.id, certificate.id)))[0]!.revokedAt).toBeNull();
  });

  it('grades at the version named in If-Match: 428 without it, 412 with the answer as graded since, one of two graders at once', async () => {
    const s = await withExam();
    const taken = await submittedBy(s);
    const path = staff(`grading/${taken.submissionId}/questions/${s.questions[1]!.id}/`);
    const opened = await ctx.api.get(path, s.as(s.admin));
    expect(opened.headers.etag).toBe('"v1"');
    expect(opened.body.version).toBe(1);
    expect(await ctx.api.put(path, { score: 1 }, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    expect((await ctx.api.put(path, { score: 1 }, { token: s.admin.token, host: s.school.host, headers: { 'if-match': '*' } })).status).toBe(412);

    // The instructor and the administrator both opened it at v1 and save at once: one grade is given, the other told.
    const [fromInstructor, fromAdmin] = await Promise.all([ctx.api.put(path, { score: 2, feedback: 'Full marks.' }, s.as(s.instructor, 1)), ctx.api.put(path, { score: 1, feedback: 'Half.' }, s.as(s.admin, 1))]);
    const answers = [fromInstructor, fromAdmin];
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const saved = answers.find((a) => a.status === 200)!;
    const refused = answers.find((a) => a.status === 412)!;
    expect(saved.headers.etag).toBe('"v2"');
    expect(refused.headers.etag).toBe('"v2"');
    expect(refused.body).toMatchObject({ detail: versionMessages.conflict, updated_by: { id: saved.body.graded_by.id }, updated_at: saved.body.graded_at, current: { version: 2, score: saved.body.score, feedback: saved.body.feedback } });
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.subjectType, 'exam_attempt'), eq(auditLog.subjectId, taken.submissionId)));
    expect(entries).toHaveLength(1);

    // The administrator, having seen it, changes it at v2; the instructor's v1 stays refused.
    expect((await ctx.api.put(path, { score: 0, feedback: 'Misread.' }, s.as(s.admin, 2))).body).toMatchObject({ score: 0, version: 3 });
    expect((await ctx.api.put(path, { score: 2 }, s.as(s.instructor, 1))).body).toMatchObject({ current: { score: 0, version: 3, may_grade: false } });
    // A grade through the older grading call raises the version too: the console's v3 is stale after it.
    const older = await ctx.api.post(`/api/v1/exam-submissions/${taken.submissionId}/questions/${s.questions[1]!.id}/grade/`, { score: 1 }, s.as(s.admin));
    expect(older.status).toBe(200);
    expect((await ctx.api.put(path, { score: 2 }, s.as(s.admin, 3))).status).toBe(412);
    expect((await ctx.api.get(path, s.as(s.admin))).body).toMatchObject({ score: 1, version: 4 });
  });

  it('answers 404 for another school, a made-up answer and a student; 403 for an instructor of another course', async () => {
    const s = await withExam();
    const taken = await submittedBy(s);
    const path = staff(`grading/${taken.submissionId}/questions/${s.questions[1]!.id}/`);
    const foreign = await createStaff(db());
    expect((await ctx.api.get(path, { token: foreign.token, host: foreign.school.host })).status).toBe(404);
    expect((await ctx.api.put(path, { score: 1 }, { token: foreign.token, host: foreign.school.host, headers: at(1) })).status).toBe(404);
    expect((await ctx.api.get(staff(`grading/${taken.submissionId}/questions/2147483647/`), s.as(s.admin))).status).toBe(404);
    expect((await ctx.api.get(path, { token: taken.as.token, host: s.school.host })).status).toBe(403);
    expect((await ctx.api.get(path, { token: (await createStudent(db(), { school: s.school })).token, host: s.school.host })).status).toBe(403);
    const elsewhere = await createStaff(db(), { school: s.school, role: 'IN', courses: [await createCourse(db(), { school: s.school })] });
    expect(await ctx.api.put(path, { score: 1 }, s.as(elsewhere, 1))).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });
    expect((await ctx.api.put(path, { score: -1 }, s.as(s.admin, 1))).status).toBe(400);
    expect((await ctx.api.get(staff('grading/'), s.as(s.admin))).body.count).toBe(2);
  });
});

describe("GET /staff/exams/{id}/attempts/ and statistics/", () => {
  it("lists an exam's attempts with score, status and time, and counts how each question was answered", async () => {
    const s = await withExam();
    const right = await submittedBy(s, 'RTC');
    const wrong = await submittedBy(s, 'MTC');
    const path = (q: number) => staff(`grading/${right.submissionId}/questions/${q}/`);
    await ctx.api.put(path(s.questions[1]!.id), { score: 1 }, s.as(s.admin, 1));
    await ctx.api.put(path(s.questions[2]!.id), { score: 2 }, s.as(s.admin, 1));

    const attempts = await ctx.api.get(staff(`exams/${s.exam.id}/attempts/`), s.as(s.instructor));
    expect(attempts.status).toBe(200);
    expect(attempts.body.count).toBe(2);
    const byId = new Map(attempts.body.data.map((a: { id: number }) => [a.id, a]));
    expect(byId.get(right.submissionId)).toMatchObject({ attempt: 1, status: 'passed', score: 80, student: { email: right.enrolment.student.user.email } });
    expect(byId.get(wrong.submissionId)).toMatchObject({ status: 'waiting', score: 0 });
    expect((byId.get(right.submissionId) as { seconds_taken: number }).seconds_taken).toBeGreaterThanOrEqual(0);

    const stats = (await ctx.api.get(staff(`exams/${s.exam.id}/statistics/`), s.as(s.admin))).body;
    expect(stats).toMatchObject({ kind: 'exam', attempts: 2, submitted: 2, passed: 1, exam: { name: 'Brief' }, course: { name: 'Legal Writing' } });
    expect(stats.questions).toMatchObject([
      { text: 'Which court?', answered: 2, average_score: 0.5, choices: [{ choice: 'MTC', count: 1 }, { choice: 'RTC', count: 1 }] },
      { text: 'Define stare decisis.', answered: 2, average_score: 1, choices: [] },
      { text: 'Attach your brief.', answered: 2, average_score: 2, choices: [] },
    ]);

    const foreign = await createStaff(db());
    const elsewhere = await createStaff(db(), { school: s.school, role: 'IN', courses: [await createCourse(db(), { school: s.school })] });
    for (const rest of ['attempts/', 'statistics/']) {
      expect((await ctx.api.get(staff(`exams/${s.exam.id}/${rest}`), { token: foreign.token, host: foreign.school.host })).status).toBe(404);
      expect((await ctx.api.get(staff(`exams/${s.exam.id}/${rest}`), s.as(elsewhere))).status).toBe(403);
      expect((await ctx.api.get(staff(`exams/${s.exam.id}/${rest}`), { token: right.as.token, host: s.school.host })).status).toBe(403);
      expect((await ctx.api.get(staff(`exams/2147483647/${rest}`), s.as(s.admin))).status).toBe(404);
    }
  });
});

describe("the demo's waiting answers", () => {
  it("has verifying's written and essay answers in demo-instructor's queue, the choices scored", async () => {
    const login = await ctx.api.post('/api/v1/api-token-auth/', { username: 'demo-instructor', password: DEMO_PASSWORD });
    const as = { token: login.body.token as string, host: 'demo.localhost' };
    const queue = await ctx.api.get(staff('grading/'), as);
    const ana = queue.body.data.filter((a: { student: { email: string } }) => a.student.email === 'verifying@example.com');
    expect(ana.map((a: { course: { name: string }; exam: { name: string } }) => [a.course.name, a.exam.name])).toEqual([
      [DEMO_GRADING_COURSE, 'Assessment'],
      [DEMO_GRADING_COURSE, 'Assessment'],
    ]);
    const essay = await ctx.api.get(staff(`grading/${ana[1].submission_id}/questions/${ana[1].question_id}/`), as);
    expect(essay.body).toMatchObject({ question: { type: 'textarea', points: 3 }, student: { name: 'Ana Reyes Dela Cruz' }, result: { has_pending: true, passed: false }, may_grade: true });
    expect(essay.body.answer.text).toContain('Candour keeps the court able to decide on the truth.');
    // Twelve questions of 18 points; the nine choice questions (11 points) answered, the first of them wrong.
    expect(essay.body.result).toMatchObject({ total_score: 10, total_points: 18 });
  });
});
