import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videoQuestionEditorMessages as m } from '@school/shared/staff/video-questions';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, coursewares, videoQuestionAnswers, videoQuestions } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const path = (id: number) => `/api/v1/staff/coursewares/${id}/video-questions/`;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

/** A draft course with an interactive video (60 s, one question), a bare one, a link; its administrator and another course's instructor. */
async function lesson() {
  const school = await createSchool(db());
  const draft = await createCourse(db(), { school, isPublished: false });
  const [ivideo, bare, link] = await createOutline(db(), draft, [
    { type: 'ivideo', name: 'Hearing', file: 'private/lessons/hearing.mp4', mediaSeconds: 60 },
    { type: 'ivideo', name: 'Bare' },
    { type: 'link', name: 'Source', url: 'https://example.com' },
  ]);
  const [first] = await db()
    .insert(videoQuestions)
    .values({ schoolId: school.id, coursewareId: ivideo!.id, type: 'radio', timestamp: 10, content: 'Who objects?', choices: ['Counsel', 'Judge'], correctAnswer: ['Counsel'] })
    .returning();
  const admin = await createStaff(db(), { school });
  const stranger = await createStaff(db(), { school, role: 'IN', courses: [await createCourse(db(), { school })] });
  const as = (who: { token: string }, headers: Record<string, string> = {}) => ({ token: who.token, host: school.host, headers });
  return { school, draft, ivideo: ivideo!, bare: bare!, link: link!, first: first!, admin, stranger, as };
}

const question = (extra: object) => ({ type: 'info', timestamp: 5, content: 'Listen closely.', ...extra });

describe('GET /staff/coursewares/{id}/video-questions/', () => {
  it("answers the questions with their answers, the lesson's version and a viewer-bound address of the video; any other lesson 404", async () => {
    const s = await lesson();
    const res = await ctx.api.get(path(s.ivideo.id), s.as(s.admin));
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"v1"');
    expect(res.body).toMatchObject({
      lesson: { id: s.ivideo.id, name: 'Hearing', version: 1, media_seconds: 60 },
      course: { id: s.draft.id },
      max_attempts: 0,
      questions: [{ id: s.first.id, type: 'radio', timestamp: 10, choices: ['Counsel', 'Judge'], correct_answer: ['Counsel'], location: { x: 50, y: 50 } }],
    });
    expect(res.body.video_url).toMatch(/hearing\.mp4/);
    expect((await ctx.api.get(path(s.bare.id), s.as(s.admin))).body.video_url).toBeNull();
    expect((await ctx.api.get(path(s.link.id), s.as(s.admin))).status).toBe(404);
  });

  it('refuses nobody (401), a student (403), an instructor of another course (404 on a draft) and another school (404)', async () => {
    const s = await lesson();
    const student = await createStudent(db(), { school: s.school });
    const foreign = await createStaff(db());
    expect((await ctx.api.get(path(s.ivideo.id), { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.get(path(s.ivideo.id), s.as(student))).status).toBe(403);
    expect((await ctx.api.get(path(s.ivideo.id), s.as(s.stranger))).status).toBe(404);
    expect((await ctx.api.get(path(s.ivideo.id), { token: foreign.token, host: foreign.school.host })).status).toBe(404);
    expect((await ctx.api.put(path(s.ivideo.id), { max_attempts: 0, questions: [] }, { token: foreign.token, host: foreign.school.host, headers: at(1) })).status).toBe(404);
    expect((await ctx.api.put(path(s.ivideo.id), { max_attempts: 0, questions: [] }, s.as(s.stranger, at(1)))).status).toBe(404);
    expect(await db().$count(videoQuestions, eq(videoQuestions.coursewareId, s.ivideo.id))).toBe(1);
  });
});

describe('PUT /staff/coursewares/{id}/video-questions/', () => {
  it('edits, adds and removes questions under the lesson version, keeps answers to an edited one, and audits the change', async () => {
    const s = await lesson();
    const enrolment = await createEnrolment(db(), { course: s.draft });
    await db().insert(videoQuestionAnswers).values({ schoolId: s.school.id, enrollmentId: enrolment.id, questionId: s.first.id, attempts: 1, correct: true, done: true, answer: ['Counsel'] });
    const body = {
      max_attempts: 2,
      questions: [
        { id: s.first.id, type: 'radio', timestamp: 12, content: 'Who objects first?', choices: ['Counsel', 'Judge'], correct_answer: ['Counsel'], location: { x: 20, y: 80 } },
        question({ type: 'fitb', timestamp: 40, content: 'Rule ___ applies.', correct_answer: ['65'], remarks: 'Certiorari.' }),
      ],
    };
    expect(await ctx.api.put(path(s.ivideo.id), body, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    const saved = await ctx.api.put(path(s.ivideo.id), body, s.as(s.admin, at(1)));
    expect(saved.status).toBe(200);
    expect(saved.headers.etag).toBe('"v2"');
    expect(saved.body).toMatchObject({ lesson: { version: 2 }, max_attempts: 2 });
    expect(saved.body.questions.map((q: { timestamp: number; content: string; location: object }) => [q.timestamp, q.content, q.location])).toEqual([
      [12, 'Who objects first?', { x: 20, y: 80 }],
      [40, 'Rule ___ applies.', { x: 50, y: 50 }],
    ]);
    expect(await db().$count(videoQuestionAnswers, eq(videoQuestionAnswers.questionId, s.first.id))).toBe(1);
    const [row] = await db().select({ maxAttempts: coursewares.maxAttempts }).from(coursewares).where(eq(coursewares.id, s.ivideo.id));
    expect(row!.maxAttempts).toBe(2);

    // A second editor who loaded version 1 overwrites nothing; the 412 carries the questions as they are.
    const stale = await ctx.api.put(path(s.ivideo.id), { max_attempts: 0, questions: [] }, s.as(s.admin, at(1)));
    expect(stale).toMatchObject({ status: 412, body: { detail: versionMessages.conflict, current: { lesson: { version: 2 }, questions: [{}, {}] } } });

    // Removing a question takes the answers given to it along.
    const removed = await ctx.api.put(path(s.ivideo.id), { max_attempts: 2, questions: [saved.body.questions[1]] }, s.as(s.admin, at(2)));
    expect(removed.body.questions).toHaveLength(1);
    expect(await db().$count(videoQuestionAnswers, eq(videoQuestionAnswers.questionId, s.first.id))).toBe(0);
    // The editor that still holds the removed question was stale: 412, not a refused question.
    const holding = await ctx.api.put(path(s.ivideo.id), { max_attempts: 2, questions: saved.body.questions }, s.as(s.admin, at(2)));
    expect(holding).toMatchObject({ status: 412, body: { current: { lesson: { version: 3 }, questions: [{}] } } });

    const audits = await db().select().from(auditLog).where(eq(auditLog.schoolId, s.school.id)).orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.subjectType, a.subjectId])).toEqual([
      ['courseware.questions', 'courseware', s.ivideo.id],
      ['courseware.questions', 'courseware', s.ivideo.id],
    ]);
  });

  it('refuses questions that the player could not ask, past the end, of another lesson, or on a lesson without its video', async () => {
    const s = await lesson();
    const put = (id: number, questions: object[]) => ctx.api.put(path(id), { max_attempts: 0, questions }, s.as(s.admin, at(1)));
    expect((await put(s.ivideo.id, [question({ timestamp: 60 }), question({ type: 'radio', choices: ['A'], correct_answer: ['A'] })])).body).toEqual({
      'questions.0.timestamp': [m.afterEnd],
      'questions.1.choices': [m.choices],
    });
    expect((await put(s.ivideo.id, [question({ content: ' ' })])).status).toBe(400);
    const [other] = await db().insert(videoQuestions).values({ schoolId: s.school.id, coursewareId: s.bare.id, type: 'info', timestamp: 1, content: 'Elsewhere' }).returning();
    expect((await put(s.ivideo.id, [question({ id: other!.id })])).body).toEqual({ questions: [m.gone] });
    expect((await put(s.bare.id, [question({})])).body).toEqual({ questions: [m.noVideo] });
    expect((await ctx.api.get(path(s.ivideo.id), s.as(s.admin))).body.lesson.version).toBe(1);
  });
});
