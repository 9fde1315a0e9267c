import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examEditorMessages } from '@school/shared/staff/exams';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, examQuestions, exams } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

/** A published course whose lesson is an exam of one 2-point question (B is right), its administrator, a student who opened it. */
async function withExam(kind: 'exam' | 'survey' = 'exam') {
  const school = await createSchool(db());
  const course = await createCourse(db(), { school, name: 'Ethics Update' });
  const [lesson] = await createOutline(db(), course, [{ type: kind, name: 'Final' }]);
  const [exam] = await db().insert(exams).values({ schoolId: school.id, coursewareId: lesson!.id, passingRate: 50 }).returning();
  await db().insert(examQuestions).values({ schoolId: school.id, examId: exam!.id, position: 0, type: 'radio', text: 'Which is right?', choices: ['A', 'B'], correctAnswer: ['B'], points: 2 });
  const admin = await createStaff(db(), { school });
  const as = (who: { token: string }, headers: Record<string, string> = {}) => ({ token: who.token, host: school.host, headers });
  return { school, course, lesson: lesson!, exam: exam!, admin, as };
}

async function studentOf(s: Awaited<ReturnType<typeof withExam>>) {
  const enrolment = await createEnrolment(db(), { course: s.course });
  const as = { token: enrolment.student.token, host: s.school.host };
  await ctx.api.get(`/api/v1/coursewares/${s.lesson.id}/`, as);
  return as;
}

const settings = { description: '', passing_rate: 50, max_attempts: 0, duration_minutes: 0, date_start: null, date_end: null, show_answers: true };

describe('GET|PUT /staff/exams/{id}/', () => {
  it('answers the settings and questions with the ETag; refuses nobody, students, another course and another school', async () => {
    const s = await withExam();
    const res = await ctx.api.get(staff(`exams/${s.exam.id}/`), s.as(s.admin));
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"v1"');
    expect(res.body).toMatchObject({ kind: 'exam', version: 1, passing_rate: 50, attempts: 0, course: { name: 'Ethics Update' }, courseware: { name: 'Final' } });
    expect(res.body.questions).toMatchObject([{ type: 'radio', text: 'Which is right?', choices: ['A', 'B'], correct_answer: ['B'], points: 2 }]);

    const other = await createStaff(db(), { school: s.school, role: 'IN', courses: [await createCourse(db(), { school: s.school })] });
    const foreign = await createStaff(db());
    const student = await createStudent(db(), { school: s.school });
    expect((await ctx.api.get(staff(`exams/${s.exam.id}/`), { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.get(staff(`exams/${s.exam.id}/`), s.as(student))).status).toBe(403);
    expect((await ctx.api.get(staff(`exams/${s.exam.id}/`), s.as(other))).status).toBe(403);
    expect((await ctx.api.get(staff(`exams/${s.exam.id}/`), { token: foreign.token, host: foreign.school.host })).status).toBe(404);
    expect((await ctx.api.put(staff(`exams/${s.exam.id}/`), { ...settings, questions: [] }, { token: foreign.token, host: foreign.school.host, headers: at(1) })).status).toBe(404);
    expect((await ctx.api.put(staff(`exams/${s.exam.id}/`), { ...settings, questions: [] }, s.as(other, at(1)))).status).toBe(403);
    expect((await db().select().from(exams).where(eq(exams.id, s.exam.id)))[0]!.version).toBe(1);
  });

  it('needs If-Match (428), refuses an older version with the current exam (412), and says what is wrong with a question', async () => {
    const s = await withExam();
    const path = staff(`exams/${s.exam.id}/`);
    const { body: exam } = await ctx.api.get(path, s.as(s.admin));
    const body = { ...settings, questions: exam.questions };
    expect(await ctx.api.put(path, body, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    const saved = await ctx.api.put(path, { ...body, passing_rate: 80 }, s.as(s.admin, at(1)));
    expect(saved).toMatchObject({ status: 200, body: { version: 2, passing_rate: 80 } });
    expect(saved.headers.etag).toBe('"v2"');
    const stale = await ctx.api.put(path, body, s.as(s.admin, at(1)));
    expect(stale).toMatchObject({ status: 412, body: { detail: versionMessages.conflict, updated_by: { id: s.admin.user.id }, current: { version: 2, passing_rate: 80 } } });

    const bad = await ctx.api.put(
      path,
      {
        ...body,
        date_start: '2026-12-10',
        date_end: '2026-12-01',
        questions: [
          { type: 'radio', text: 'One choice', choices: ['A', 'A'], correct_answer: ['A'] },
          { type: 'checkbox', text: 'None marked', choices: ['A', 'B'], correct_answer: [] },
          { type: 'select', text: 'Not a choice', choices: ['A', 'B'], correct_answer: ['C'] },
          { type: 'radio', text: 'Rating', choices: ['Good', 'Bad'], correct_answer: ['Good'], rating: true },
          { id: 2147483647, type: 'text', text: 'Gone' },
        ],
      },
      s.as(s.admin, at(2)),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      date_end: [examEditorMessages.endBeforeStart],
      'questions.0.choices': [examEditorMessages.choices],
      'questions.1.correct_answer': [examEditorMessages.someCorrect],
      'questions.2.correct_answer': [examEditorMessages.correctAmongChoices],
      'questions.3.rating': [examEditorMessages.rating],
    });
    const gone = await ctx.api.put(path, { ...body, questions: [{ id: 2147483647, type: 'text', text: 'Gone' }] }, s.as(s.admin, at(2)));
    expect(gone.body).toEqual({ questions: [examEditorMessages.gone] });
    const twice = await ctx.api.put(path, { ...body, questions: [exam.questions[0], exam.questions[0]] }, s.as(s.admin, at(2)));
    expect(twice.body).toEqual({ questions: [examEditorMessages.gone] });
  });

  it('edits questions nobody has had in place; a written question keeps no choices; each save is audited', async () => {
    const s = await withExam();
    const path = staff(`exams/${s.exam.id}/`);
    const { body: exam } = await ctx.api.get(path, s.as(s.admin));
    const saved = await ctx.api.put(
      path,
      { ...settings, questions: [{ ...exam.questions[0], text: 'Which is correct?' }, { type: 'textarea', text: 'Explain.', choices: ['x'], correct_answer: ['x'], points: 3 }] },
      s.as(s.admin, at(1)),
    );
    expect(saved.body.questions).toMatchObject([
      { id: exam.questions[0].id, text: 'Which is correct?' },
      { type: 'textarea', choices: [], correct_answer: [], points: 3 },
    ]);
    expect(await db().$count(examQuestions, eq(examQuestions.examId, s.exam.id))).toBe(2);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, s.school.id), eq(auditLog.action, 'exam.update')));
    expect(audit!.changes).toMatchObject({ questions: { before: 1, after: 2 }, version: { before: 1, after: 2 } });
  });

  it('scores an attempt against the questions as they were when it started; later attempts get the new ones', async () => {
    const s = await withExam();
    const path = staff(`exams/${s.exam.id}/`);
    const first = await studentOf(s);
    const started = await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, first);
    const [taken] = started.body.submission.questions;

    // The school changes the answer key and the points, raises the passing rate, and adds a question.
    const { body: exam } = await ctx.api.get(path, s.as(s.admin));
    expect(exam.attempts).toBe(1);
    const saved = await ctx.api.put(
      path,
      { ...settings, passing_rate: 100, questions: [{ ...exam.questions[0], correct_answer: ['A'], points: 5 }, { type: 'radio', text: 'Added later', choices: ['Yes', 'No'], correct_answer: ['Yes'] }] },
      s.as(s.admin, at(1)),
    );
    expect(saved.status).toBe(200);
    const [replacement, added] = saved.body.questions;
    expect(replacement.id).not.toBe(taken.id);

    // The first student's attempt still has its one question, answered and scored as it was.
    expect((await ctx.api.post(`/api/v1/exam/questions/${added.id}/submit/`, { answer: 'Yes' }, first)).status).toBe(404);
    const submitted = await ctx.api.post(`/api/v1/exam/questions/${taken.id}/submit/`, { answer: 'B', final: true }, first);
    expect(submitted.body.submission).toMatchObject({ submitted: true, passed: true, total_points: 2, total_score: 2, total_questions: 1 });
    expect((await ctx.api.get(`/api/v1/exams/${s.exam.id}/`, first)).body.submission.questions.map((q: { id: number }) => q.id)).toEqual([taken.id]);

    // A new student takes the exam as it now is.
    const second = await studentOf(s);
    const next = await ctx.api.post(`/api/v1/exams/${s.exam.id}/start/`, {}, second);
    expect(next.body.submission.questions.map((q: { id: number }) => q.id)).toEqual([replacement.id, added.id]);
    expect(next.body.submission.total_points).toBe(6);
    await ctx.api.post(`/api/v1/exam/questions/${replacement.id}/submit/`, { answer: 'B' }, second);
    const wrong = await ctx.api.post(`/api/v1/exam/questions/${added.id}/submit/`, { answer: 'Yes', final: true }, second);
    expect(wrong.body.submission).toMatchObject({ passed: false, total_score: 1, total_points: 6 });

    // The replaced question stays for the first attempt, out of the exam.
    const [old] = await db().select().from(examQuestions).where(eq(examQuestions.id, taken.id));
    expect(old).toMatchObject({ retiredIn: 2, correctAnswer: ['B'], points: 2 });
    expect((await ctx.api.get(path, s.as(s.admin))).body.questions.map((q: { id: number }) => q.id)).toEqual([replacement.id, added.id]);
  });
});
