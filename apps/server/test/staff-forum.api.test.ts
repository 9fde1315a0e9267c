import { describe, expect, it } from 'vitest';
import type { ModeratedPost } from '@school/shared/staff/forum';
import { createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

/** A school's forum with a question, an answer and a comment on each, by a student, and its administrator. */
async function forum() {
  const school = await createSchool(db());
  const admin = await createStaff(db(), { school });
  const student = await createStudent(db(), { school });
  const as = (who: { token: string } | null) => ({ token: who?.token, host: school.host });
  const post = async (path: string, body: object, who: { token: string } = student) => {
    const res = await ctx.api.post(`/api/v1${path}`, body, as(who));
    expect(res.status, res.text).toBeLessThan(300);
    return res.body as { id: number };
  };
  const ask = (title: string) => post('/forums/questions/', { title, description: `About ${title}.`, tags: 'mcle', school: school.id });
  const list = async (query = '') => (await ctx.api.get(`/api/v1/staff/forum/${query}`, as(admin))).body;
  return { school, admin, student, as, post, ask, list };
}

describe("the forum's moderation lists in the console", () => {
  it('lists the hidden questions, answers and comments, the latest hidden first, and a post shown again leaves the list', async () => {
    const f = await forum();
    const q = await f.ask('Which units are due?');
    const a = await f.post('/forums/answers/', { question: q.id, answer_text: 'Legal ethics first.' });
    const onQuestion = await f.post('/forums/question/comments/', { question: q.id, comment_text: 'Same question here.' });
    const onAnswer = await f.post('/forums/answer/comments/', { answer: a.id, comment_text: 'Thanks!' });
    const kept = await f.ask('Nothing wrong here');
    expect(await f.list()).toMatchObject({ count: 0, data: [] });

    for (const path of [`/forums/answers/${a.id}/hide/`, `/forums/question/comments/${onQuestion.id}/hide/`, `/forums/answer/comments/${onAnswer.id}/hide/`]) await f.post(path, {}, f.admin);
    const hidden = await f.list();
    expect(hidden.count).toBe(3);
    expect(hidden.data.map((p: ModeratedPost) => [p.kind, p.id, p.on])).toEqual([
      ['comment', onAnswer.id, 'answer'],
      ['comment', onQuestion.id, 'question'],
      ['answer', a.id, null],
    ]);
    expect(hidden.data[2]).toMatchObject({ question: { id: q.id, title: 'Which units are due?' }, excerpt: 'Legal ethics first.' });
    expect(hidden.data[2].hidden_at).not.toBeNull();

    await f.post(`/forums/answer/comments/${onAnswer.id}/unhide/`, {}, f.admin);
    expect((await f.list()).data.map((p: ModeratedPost) => p.id)).toEqual([onQuestion.id, a.id]);

    // Closed questions: closed by their author, still seen by everybody; a hidden one is on the other list.
    await f.post(`/forums/questions/${kept.id}/close/`, {});
    expect((await f.list('?state=closed')).data).toMatchObject([{ kind: 'question', id: kept.id, hidden_at: null }]);
    expect((await ctx.api.get('/api/v1/staff/forum/?state=open', f.as(f.admin))).status).toBe(400);
  });

  it("never lists another school's posts and refuses instructors, students and nobody", async () => {
    const f = await forum();
    const other = await forum();
    const theirs = await other.ask('Their question');
    await other.post(`/forums/questions/${theirs.id}/hide/`, {}, other.admin);
    expect((await other.list()).count).toBe(1);
    expect((await f.list()).count).toBe(0);
    const instructor = await createStaff(db(), { school: f.school, role: 'IN' });
    for (const [who, status] of [[instructor, 403], [f.student, 403], [null, 401]] as const) {
      expect((await ctx.api.get('/api/v1/staff/forum/', f.as(who))).status).toBe(status);
    }
    // This school's administrator cannot show the other school's post either.
    expect((await ctx.api.post(`/api/v1/forums/questions/${theirs.id}/unhide/`, {}, f.as(f.admin))).status).toBe(404);
  });
});
