import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loneSurrogateMessage } from '@school/shared/api/unstorable-text';
import { examMessages as msg } from '@school/shared/exams/rules';
import { serverMessages } from '@school/shared/auth/messages';
import { gradingMessages } from '@school/shared/staff/grading';
import { auditLog, courses, coursewareProgress, enrollments, examAnswers, examQuestions, examSubmissions, exams, notifications } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, waitFor } from './support/factories';
import { request } from './support/http';
import { uploadFile } from './support/multipart';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

type Question = Omit<typeof examQuestions.$inferInsert, 'schoolId' | 'examId' | 'position'>;

const examQuestionsOf: Question[] = [
  { type: 'radio', text: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'], points: 1 },
  { type: 'checkbox', text: 'Modes of discovery?', choices: ['Depositions', 'Motion', 'Admission'], correctAnswer: ['Depositions', 'Admission'], points: 2 },
  { type: 'select', text: 'Units?', choices: ['24', '36'], correctAnswer: ['36'], points: 1 },
  { type: 'text', text: 'Latin for precedent?', points: 2 },
];

/** A course whose only courseware is an exam (or survey) with these questions, and a student who has opened it. */
async function withExam(options: { kind?: 'exam' | 'survey'; maxAttempts?: number; durationMinutes?: number; passingRate?: number; questions?: Question[] } = {}) {
  const school = await createSchool(db());
  const course = await createCourse(db(), { school });
  const [courseware] = await createOutline(db(), course, [{ type: options.kind ?? 'exam', name: 'Final' }]);
  const [exam] = await db()
    .insert(exams)
    .values({ schoolId: school.id, coursewareId: courseware!.id, maxAttempts: options.maxAttempts ?? 0, durationMinutes: options.durationMinutes ?? 0, passingRate: options.passingRate ?? 75 })
    .returning();
  const questions = await db()
    .insert(examQuestions)
    .values((options.questions ?? examQuestionsOf).map((q, position) => ({ ...q, schoolId: school.id, examId: exam!.id, position })))
    .returning();
  const enrolment = await createEnrolment(db(), { course });
  const as = { token: enrolment.student.token, host: school.host };
  await ctx.api.get(`/api/v1/coursewares/${courseware!.id}/`, as);
  return { school, course, courseware: courseware!, exam: exam!, questions, enrolment, as };
}

const answer = (s: { as: { token: string; host: string } }, id: number, value: string | string[], final = false) =>
  ctx.api.post(`/api/v1/exam/questions/${id}/submit/`, { answer: value, ...(final ? { final } : {}) }, s.as);

describe('taking an exam', () => {
  it('starts, saves answers, scores on the server and never shows correct answers before submission', async () => {
    const s = await withExam({ durationMinutes: 30, maxAttempts: 1 });
    const view = await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, s.as);
    expect(view.body).toMatchObject({ kind: 'exam', total_questions: 4, may_start: true, attempts_used: 0, submission: null, outline: null });

    const started = await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    expect(started.body.submission).toMatchObject({ attempt: 1, submitted: false, total_points: 6 });
    for (const res of [view, started, await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, s.as)]) {
      expect(res.text).not.toContain('"correct_answer":[');
      expect((res.body.submission?.questions ?? []).every((q: { correct_answer: unknown }) => q.correct_answer === null)).toBe(true);
    }
    expect(started.body.submission.time_left).toBeGreaterThan(1790);
    // A second start is the same attempt.
    expect((await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as)).body.submission.attempt).toBe(1);

    const [radio, checkbox, select, text] = s.questions;
    expect((await answer(s, radio!.id, [])).body).toEqual({ answer: [msg.selectAnswer] });
    expect((await answer(s, text!.id, '  ')).body).toEqual({ answer: [msg.required] });
    expect((await answer(s, select!.id, 'not a choice')).body).toEqual({ answer: [msg.notAChoice] });
    for (const res of [await answer(s, radio!.id, 'RTC'), await answer(s, checkbox!.id, ['Admission', 'Depositions']), await answer(s, select!.id, '24')]) {
      expect(res.status, res.text).toBe(200);
      expect(res.text).not.toContain('"correct_answer":[');
      // Nor whether an answer is right, nor its score: the attempt is still running.
      const answered = res.body.submission.questions.filter((q: { answer: unknown }) => q.answer);
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.every((q: { answer: { score: unknown; is_correct: unknown } }) => q.answer.score === null && q.answer.is_correct === null)).toBe(true);
      expect(res.body.submission).toMatchObject({ total_score: 0, score: 0 });
    }
    const done = await answer(s, text!.id, 'stare decisis', true);
    expect(done.body.submission).toMatchObject({ submitted: true, has_pending: true, passed: false, total_score: 3, score: 50 });
    expect(done.body.submission.questions[0]).toMatchObject({ correct_answer: ['RTC'], answer: { answer: ['RTC'], is_correct: true, score: 1 } });
    expect(done.body.submission.questions[2].answer).toMatchObject({ is_correct: false, score: 0 });
    expect(done.body.submission.questions[3].answer).toMatchObject({ score: null });
    expect((await answer(s, text!.id, 'again', true)).body).toMatchObject({ code: 'already_submitted' });
    expect((await answer(s, radio!.id, 'MTC')).body).toMatchObject({ code: 'already_submitted' });
  });

  it('completes the courseware of a settled attempt when the exam is read, if its completion was lost', async () => {
    const s = await withExam({ questions: [examQuestionsOf[0]!] });
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    await answer(s, s.questions[0]!.id, 'RTC', true);
    await db().update(coursewareProgress).set({ completedAt: null }).where(eq(coursewareProgress.enrollmentId, s.enrolment.id));
    await db().update(enrollments).set({ progress: 0 }).where(eq(enrollments.id, s.enrolment.id));
    await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, s.as);
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, s.as)).body.progress).toBe(100);
  });

  it('shows the answers of a failed attempt only once no retake is left, and waits for a pending grade before a retake', async () => {
    const s = await withExam({ maxAttempts: 3, passingRate: 50 });
    const [radio, , , text] = s.questions;
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    await answer(s, radio!.id, 'MTC');
    const first = await answer(s, text!.id, 'stare decisis', true);
    expect(first.body.submission).toMatchObject({ submitted: true, has_pending: true, passed: false });
    expect(first.body.submission.questions.every((q: { correct_answer: unknown; answer: { is_correct: unknown } | null }) => q.correct_answer === null && (q.answer?.is_correct ?? null) === null)).toBe(true);
    // The written answer may yet make it a pass: no retake until it is graded.
    expect(first.body.may_start).toBe(false);
    expect((await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as)).body).toMatchObject({ code: 'awaiting_grade', detail: msg.awaitingGrade });
    const staff = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    const graded = await ctx.api.post(`/api/v1/exam-submissions/${first.body.submission.id}/questions/${text!.id}/grade/`, { score: 0 }, { token: staff.token, host: s.school.host });
    expect(graded.body).toMatchObject({ has_pending: false, passed: false });
    expect((await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, s.as)).body.may_start).toBe(true);
    expect((await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as)).body.submission.attempt).toBe(2);
  });

  it('refuses to start or answer while a failed study snapshot pauses the course', async () => {
    const s = await withExam();
    await db().update(courses).set({ enableKyl: true }).where(eq(courses.id, s.course.id));
    const [radio] = s.questions;
    expect((await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as)).status).toBe(200);
    await db().update(enrollments).set({ snapshotPausedAt: new Date() }).where(eq(enrollments.id, s.enrolment.id));
    for (const res of [await answer(s, radio!.id, 'RTC'), await answer(s, radio!.id, 'RTC', true), await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as)]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'session_paused' });
    }
    expect(await db().select().from(examAnswers).where(eq(examAnswers.questionId, radio!.id))).toEqual([]);
    // A passed snapshot lifts the pause: the same answer is taken.
    await db().update(enrollments).set({ snapshotPausedAt: null }).where(eq(enrollments.id, s.enrolment.id));
    expect((await answer(s, radio!.id, 'RTC')).status).toBe(200);
  });

  it('submits an attempt once however many submits race', async () => {
    const s = await withExam();
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    // Answers to other questions race the submits: each lands before the score or is refused, never after it.
    const [results, others] = await Promise.all([
      Promise.all([1, 2, 3].map(() => answer(s, s.questions[0]!.id, 'RTC', true))),
      Promise.all([answer(s, s.questions[1]!.id, ['Depositions', 'Admission']), answer(s, s.questions[2]!.id, '36')]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(others.every((r) => r.status === 200 || r.body.code === 'already_submitted')).toBe(true);
    const attempts = await db().select().from(examSubmissions).where(eq(examSubmissions.examId, s.exam.id));
    expect(attempts).toHaveLength(1);
    const saved = await db().select().from(examAnswers).where(eq(examAnswers.submissionId, attempts[0]!.id));
    expect(attempts[0]!.totalScore).toBe(saved.reduce((sum, a) => sum + (a.score ?? 0), 0));
  });

  it('allows retakes until the attempts run out, and none after passing', async () => {
    const s = await withExam({ maxAttempts: 2, questions: [examQuestionsOf[0]!] });
    for (const attempt of [1, 2]) {
      expect((await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as)).body.submission.attempt).toBe(attempt);
      expect((await answer(s, s.questions[0]!.id, 'MTC', true)).body.submission).toMatchObject({ passed: false, attempt });
    }
    expect((await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, s.as)).body).toMatchObject({ may_start: false, attempts_used: 2 });
    expect((await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as)).body).toMatchObject({ code: 'no_attempts_left', detail: msg.noAttemptsLeft });

    const passing = await withExam({ questions: [examQuestionsOf[0]!] });
    await ctx.api.post(`/api/v1/exams/${passing.exam.id}/start/`, {}, passing.as);
    expect((await answer(passing, passing.questions[0]!.id, 'RTC', true)).body.submission).toMatchObject({ passed: true, score: 100 });
    expect((await ctx.api.post(`/api/v1/exams/${passing.exam.id}/start/`, {}, passing.as)).body.code).toBe('already_passed');
    // A passed exam completes its courseware.
    const [row] = await db().select().from(enrollments).where(eq(enrollments.id, passing.enrolment.id));
    expect(row!.progress).toBe(100);
  });

  it('refuses answers after the time, submitting the attempt with what it has', async () => {
    const s = await withExam({ durationMinutes: 1 });
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    await answer(s, s.questions[0]!.id, 'RTC');
    await db().update(examSubmissions).set({ startedAt: new Date(Date.now() - 2 * 60_000) }).where(eq(examSubmissions.examId, s.exam.id));
    expect((await answer(s, s.questions[1]!.id, ['Depositions'])).body).toMatchObject({ code: 'time_up', detail: msg.timeUp });
    expect((await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, s.as)).body.submission).toMatchObject({ submitted: true, total_score: 1 });
  });

  it('refuses a text answer holding half of a surrogate pair (jsonb cannot store it) and keeps the attempt going', async () => {
    const s = await withExam();
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    const text = s.questions[3]!;
    expect(await answer(s, text.id, 'stare decisis \ud800')).toMatchObject({ status: 400, body: { answer: [loneSurrogateMessage] } });
    expect(await answer(s, text.id, ['\udc00'])).toMatchObject({ status: 400, body: { answer: [loneSurrogateMessage] } });
    expect((await answer(s, text.id, 'stare decisis 💥')).status).toBe(200);
  });

  it('keeps surveys unscored and completes their courseware', async () => {
    const s = await withExam({ kind: 'survey', questions: [{ type: 'radio', text: 'Rate it', choices: ['Good', 'Poor'] }, { type: 'textarea', text: 'Comments' }] });
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    await answer(s, s.questions[0]!.id, 'Good');
    const done = await answer(s, s.questions[1]!.id, 'Well paced.', true);
    expect(done.body).toMatchObject({ kind: 'survey', submission: { submitted: true, passed: true, has_pending: false } });
    expect(done.body.submission.questions[0].correct_answer).toBeNull();
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, s.as)).body.progress).toBe(100);
  });

  it("counts a submitted survey's course rating, best choice first on a scale of 5, in the student's average rating", async () => {
    const scale = ['Excellent', 'Very good', 'Good', 'Fair', 'Poor'];
    const s = await withExam({ kind: 'survey', questions: [{ type: 'radio', text: 'Rate the course', choices: scale, rating: true }, { type: 'radio', text: 'Rate the lecturer', choices: scale }] });
    const rating = async () => (await ctx.api.get('/api/v1/account/profile/', s.as)).body.average_rating;
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    await answer(s, s.questions[0]!.id, 'Very good');
    // Not before the survey is submitted; the lecturer's rating is not the course's.
    expect(await rating()).toBeNull();
    expect((await answer(s, s.questions[1]!.id, 'Poor', true)).status).toBe(200);
    expect(await rating()).toBe(4);
    await expect(db().insert(examQuestions).values({ schoolId: s.school.id, examId: s.exam.id, position: 9, type: 'checkbox', text: 'Rate', choices: scale, rating: true })).rejects.toThrow();
  });

  it('asks a student to open the exam first, and shows staff the questions with their answers but no attempt', async () => {
    const s = await withExam();
    const stranger = await createEnrolment(db(), { course: s.course });
    const as = { token: stranger.student.token, host: s.school.host };
    expect((await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, as)).body.code).toBe('locked');
    const staff = await createStaff(db(), { school: s.school, role: 'IN' });
    const view = await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, { token: staff.token, host: s.school.host });
    expect(view.body.outline[0]).toMatchObject({ text: 'Which court?', correct_answer: ['RTC'] });
    expect((await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, { token: staff.token, host: s.school.host })).status).toBe(403);
  });
});

describe('file answers', () => {
  it('takes a PDF or picture as a form upload, kept private, pending until graded', async () => {
    const s = await withExam({ questions: [{ type: 'file', text: 'Upload your case digest', points: 3 }] });
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    const id = s.questions[0]!.id;
    expect((await answer(s, id, 'digest.pdf')).body).toEqual({ answer: [msg.noFile] });
    const upload = (name: string, type: string, data: Buffer, final = false) =>
      uploadFile(ctx.server.url, `/api/v1/exam/questions/${id}/submit/`, { field: 'answer', name, type, data }, { ...s.as, method: 'POST', fields: final ? { final: 'true' } : {} });
    expect((await upload('notes.txt', 'text/plain', Buffer.from('text'))).body).toEqual({ answer: [msg.fileType] });
    // A file is known by its first bytes, not by the type the browser claims.
    expect((await upload('fake.pdf', 'application/pdf', Buffer.from('MZ not a pdf'))).body).toEqual({ answer: [msg.fileType] });
    // A file under another field name is read and dropped: the request ends, with the required message.
    const stray = await uploadFile(ctx.server.url, `/api/v1/exam/questions/${id}/submit/`, { field: 'other', name: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') }, { ...s.as, method: 'POST' });
    expect(stray.body).toEqual({ answer: [msg.noFile] });
    const pdf = Buffer.from('%PDF-1.4 a case digest');
    const saved = await upload('digest.pdf', 'application/pdf', pdf, true);
    expect(saved.status, saved.text).toBe(200);
    const question = saved.body.submission.questions[0];
    expect(question.answer).toMatchObject({ answer: ['digest.pdf'], score: null });
    expect(saved.body.submission).toMatchObject({ submitted: true, has_pending: true });
    const address = new URL(question.answer.file, ctx.server.url);
    // Bound to the student: it opens with the viewer cookie their signed-in calls leave, and not without it.
    const cookie = String(saved.headers['set-cookie']).split(';')[0]!;
    const file = await request(ctx.server.url, address.pathname + address.search, { headers: { cookie } });
    expect(file.raw.equals(pdf)).toBe(true);
    expect((await request(ctx.server.url, address.pathname + address.search)).status).toBe(403);
  });
});

describe('grading', () => {
  it("lets the school's staff grade a written answer, which settles the attempt and tells the student", async () => {
    const s = await withExam({ passingRate: 50 });
    await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, s.as);
    await answer(s, s.questions[0]!.id, 'RTC');
    const submitted = await answer(s, s.questions[3]!.id, 'stare decisis', true);
    const id = submitted.body.submission.id as number;
    const grade = (token: string, host: string, score = 2) => ctx.api.post(`/api/v1/exam-submissions/${id}/questions/${s.questions[3]!.id}/grade/`, { score, feedback: 'Right.' }, { token, host });

    const other = await withExam();
    const otherStaff = await createStaff(db(), { school: other.school });
    expect((await grade(otherStaff.token, other.school.host)).status).toBe(404);
    expect((await grade(otherStaff.token, s.school.host)).status).toBe(404);
    expect((await grade(other.enrolment.student.token, s.school.host)).status).toBe(404);
    // Another student of the same school: the attempt is not theirs to see.
    const classmate = await createEnrolment(db(), { course: s.course });
    expect((await grade(classmate.student.token, s.school.host)).status).toBe(404);
    expect((await grade(s.enrolment.student.token, s.school.host)).status).toBe(403);
    // An instructor of the school's other courses sees the attempt but may not grade it.
    const otherCourse = await createCourse(db(), { school: s.school });
    const notAssigned = await createStaff(db(), { school: s.school, role: 'IN', courses: [otherCourse] });
    expect(await grade(notAssigned.token, s.school.host)).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });

    const staff = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    expect((await grade(staff.token, s.school.host, 9)).body).toEqual({ score: ['At most 2.'] });
    expect((await ctx.api.post(`/api/v1/exam-submissions/${id}/questions/${s.questions[0]!.id}/grade/`, { score: 1 }, { token: staff.token, host: s.school.host })).body.code).toBe('auto_scored');
    expect((await grade(staff.token, s.school.host)).body).toMatchObject({ has_pending: false, passed: true, total_score: 3, score: 50 });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.subjectType, 'exam_attempt'), eq(auditLog.subjectId, id)))).toMatchObject([
      { actorId: staff.user.id, action: 'exam.grade', changes: { question: { after: s.questions[3]!.id }, score: { after: 2 }, feedback: { after: 'Right.' } } },
    ]);

    const view = await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, s.as);
    expect(view.body.submission).toMatchObject({ has_pending: false, passed: true });
    expect(view.body.submission.questions[3].answer).toMatchObject({ score: 2, feedback: 'Right.' });
    // Told by the notification job, once (the grade and the completion both record the event). The finished
    // course's certificate may be told beside it, whenever its own job runs.
    const bell = await waitFor(async () => {
      const rows = await db().select().from(notifications).where(and(eq(notifications.userId, s.enrolment.student.user.id), eq(notifications.kind, 'exam')));
      return rows.length ? rows : undefined;
    });
    expect(bell.map((n) => [n.kind, n.description])).toEqual([['exam', 'Your answers in <strong>Final</strong> have been graded: passed.']]);
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, s.as)).body.progress).toBe(100);

    // A grade given is changed by an administrator only, and the audit log keeps what it replaced.
    expect(await grade(staff.token, s.school.host, 1)).toMatchObject({ status: 403, body: { detail: gradingMessages.regradeRefused } });
    const admin = await createStaff(db(), { school: s.school });
    expect((await grade(admin.token, s.school.host, 1)).status).toBe(200);
    const [, regraded] = await db().select().from(auditLog).where(and(eq(auditLog.subjectType, 'exam_attempt'), eq(auditLog.subjectId, id))).orderBy(auditLog.id);
    expect(regraded).toMatchObject({ action: 'exam.grade', changes: { question: { after: s.questions[3]!.id }, score: { before: 2, after: 1 } } });
  });
});

describe("another school's exam", () => {
  it('answers 404 through another host, for its exam and its questions', async () => {
    const s = await withExam();
    const other = await withExam();
    expect((await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, { ...s.as, host: other.school.host })).status).toBe(404);
    expect((await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, other.as)).status).toBe(404);
    expect((await answer(other, s.questions[0]!.id, 'RTC')).status).toBe(404);
  });
});
