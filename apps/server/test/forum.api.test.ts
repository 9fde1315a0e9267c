import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { forumMessages, forumServerMessages } from '@school/shared/forum/rules';
import { events, forumComments, forumQuestions, forumViews, forumVotes } from '../src/db/schema/index';
import { maintenanceRepository } from '../src/modules/maintenance/repository';
import { createSchool, createStaff, createStudent } from './support/factories';
import { request, type RequestOptions } from './support/http';
import { serverForFile, startServer } from './support/server';

const ctx = serverForFile();
type School = Awaited<ReturnType<typeof createSchool>>;
interface Member {
  userId: number;
  token: string;
}

let school: School;
let asker: Member;
let other: Member;
let third: Member;
let admin: Member;
let instructor: Member;

const member = (made: { user: { id: number }; token: string }): Member => ({ userId: made.user.id, token: made.token });

beforeAll(async () => {
  const db = ctx.server.database.db;
  school = await createSchool(db);
  asker = member(await createStudent(db, { school }));
  other = member(await createStudent(db, { school }));
  third = member(await createStudent(db, { school }));
  admin = member(await createStaff(db, { school }));
  instructor = member(await createStaff(db, { school, role: 'IN' }));
});

const call = (method: string, path: string, who?: Member, body?: unknown, options: RequestOptions = {}) =>
  request(ctx.server.url, `/api/v1${path}`, { method, host: school.host, token: who?.token, ...(body === undefined ? {} : { body }), ...options });
const get = (path: string, who?: Member, options?: RequestOptions) => call('GET', path, who, undefined, options);
const post = (path: string, who?: Member, body: unknown = {}) => call('POST', path, who, body);
const patch = (path: string, who: Member, body: unknown) => call('PATCH', path, who, body);

async function ask(who: Member, fields: Partial<{ title: string; description: string; tags: string | string[] }> = {}) {
  const res = await post('/forums/questions/', who, { title: 'When is my MCLE compliance due?', description: 'I was admitted in 2019.', tags: 'MCLE, Compliance Period', school: school.id, ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function answer(who: Member, question: number, text = 'Check the MCLE Office schedule for your group.') {
  const res = await post('/forums/answers/', who, { question, answer_text: text });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('asking and reading', () => {
  it('asks with the account of the token, slugs the tags, and lists the topic for anybody', async () => {
    const q = await ask(asker, { tags: ' MCLE ,Compliance Period, mcle,, Legal_Ethics ' });
    expect(q).toMatchObject({
      title: 'When is my MCLE compliance due?',
      description: 'I was admitted in 2019.',
      description_html: '<p>I was admitted in 2019.</p>',
      tags: ['mcle', 'compliance-period', 'legal-ethics'],
      user: { id: asker.userId },
      view_count: 0,
      answer_count: 0,
      closed: false,
      answered: false,
      school: school.id,
      source: 'web',
      hidden: false,
      vote: null,
      answers: [],
      comments: [],
      abilities: { edit: true, vote: false, close: true, hide: false, answer: true, comment: true },
    });
    // Reading needs no login; the abilities say what a visitor may do.
    const seen = await get(`/forums/questions/${q.id}/`);
    expect(seen.status).toBe(200);
    expect(seen.body.abilities).toEqual({ edit: false, vote: false, hide: false, close: false, answer: false, comment: false });
    const latest = await get(`/schools/${school.id}/forums/latest?page=1`);
    expect(latest.body).toMatchObject({ page: 1, next: null });
    expect(latest.body.data[0]).toMatchObject({ id: q.id, excerpt: null });
    const unanswered = await get(`/schools/${school.id}/forums/unanswered/?page=1`);
    expect(unanswered.body.data.map((d: { id: number }) => d.id)).toContain(q.id);
    const tagged = await get(`/schools/${school.id}/forums/tag/Compliance Period/`);
    expect(tagged.body.data.map((d: { id: number }) => d.id)).toContain(q.id);
    const summary = await get(`/schools/${school.id}/forums/summary/`);
    expect(summary.body.recent_tags).toEqual(expect.arrayContaining(['mcle', 'compliance-period', 'legal-ethics']));
    // The event of the question, by its author.
    const [event] = await ctx.server.database.db.select().from(events).where(and(eq(events.type, 'forum.asked'), eq(events.subjectId, q.id)));
    expect(event).toMatchObject({ schoolId: school.id, actorId: asker.userId, subjectType: 'forum_question', data: { questionId: q.id } });
  });

  it('refuses writing without login, a missing title or description, and a school that is not the site\'s', async () => {
    expect((await post('/forums/questions/', undefined, { title: 't', description: 'd' })).status).toBe(401);
    const empty = await post('/forums/questions/', asker, { title: ' ', tags: 'a' });
    expect(empty).toMatchObject({ status: 400, body: { title: [forumMessages.required], description: [forumMessages.required] } });
    const elsewhere = await post('/forums/questions/', asker, { title: 't', description: 'd', school: school.id + 100_000 });
    expect(elsewhere.status).toBe(404);
    expect((await get(`/schools/${school.id + 100_000}/forums/latest/`)).status).toBe(404);
    expect((await get('/forums/questions/2147483647/')).body).toEqual({ detail: forumMessages.unavailable });
  });

  it('pages the lists by 10, and the summary counts questions and answers', async () => {
    const db = ctx.server.database.db;
    const own = await createSchool(db);
    const author = member(await createStudent(db, { school: own }));
    const at = (path: string) => request(ctx.server.url, `/api/v1${path}`, { host: own.host });
    for (let i = 0; i < 12; i++) {
      const res = await request(ctx.server.url, '/api/v1/forums/questions/', { method: 'POST', host: own.host, token: author.token, body: { title: `Question ${i}`, description: 'Body', tags: [`tag-${i}`] } });
      expect(res.status).toBe(201);
    }
    const first = await at(`/schools/${own.id}/forums/latest/?page=1`);
    expect(first.body).toMatchObject({ count: 12, page: 1, pages: 2, next: 2 });
    expect(first.body.data.map((d: { title: string }) => d.title).slice(0, 2)).toEqual(['Question 11', 'Question 10']);
    expect((await at(`/schools/${own.id}/forums/latest/?page=2`)).body).toMatchObject({ count: 12, page: 2, next: null, data: [{ title: 'Question 1' }, { title: 'Question 0' }] });
    expect((await at(`/schools/${own.id}/forums/summary/`)).body).toEqual({
      questions: 12,
      answers: 0,
      recent_tags: ['tag-11', 'tag-10', 'tag-9', 'tag-8', 'tag-7', 'tag-6', 'tag-5', 'tag-4', 'tag-3', 'tag-2'],
    });
  });
});

describe('the rules of spec 3 §4', () => {
  it('votes: never on one\'s own post, one per account, changeable; a second identical vote keeps it', async () => {
    const q = await ask(asker);
    expect(await post(`/forums/questions/${q.id}/upvote/`, asker)).toMatchObject({ status: 403, body: { detail: forumServerMessages.ownVote, code: 'own_vote' } });
    expect((await post(`/forums/questions/${q.id}/upvote/`)).status).toBe(401);
    expect((await post(`/forums/questions/${q.id}/upvote/`, other)).body).toMatchObject({ positive_votes: 1, negative_votes: 0, vote: 'up' });
    expect((await post(`/forums/questions/${q.id}/upvote/`, other)).body).toMatchObject({ positive_votes: 1, negative_votes: 0, vote: 'up' });
    expect((await post(`/forums/questions/${q.id}/downvote/`, other)).body).toMatchObject({ positive_votes: 0, negative_votes: 1, vote: 'down' });
    expect((await post(`/forums/questions/${q.id}/upvote/`, third)).body).toMatchObject({ positive_votes: 1, negative_votes: 1, vote: 'up' });
    // Each caller sees their own vote.
    expect((await get(`/forums/questions/${q.id}/`, other)).body.vote).toBe('down');
    expect((await get(`/schools/${school.id}/forums/latest/`, third)).body.data.find((d: { id: number }) => d.id === q.id).vote).toBe('up');

    const a = await answer(other, q.id);
    expect(await post(`/forums/answers/${a.id}/downvote/`, other)).toMatchObject({ status: 403, body: { detail: forumServerMessages.ownVote } });
    expect((await post(`/forums/answers/${a.id}/downvote/`, asker)).body).toMatchObject({ id: a.id, positive_votes: 0, negative_votes: 1, vote: 'down' });
    // The page shows visitors the vote buttons (they open the login modal); the server still refuses their votes.
    expect((await post(`/forums/answers/${a.id}/upvote/`)).status).toBe(401);
  });

  it('keeps one vote and matching counts under 200 concurrent votes by one account on one item', async () => {
    const q = await ask(asker);
    const a = await answer(asker, q.id);
    for (const [path, column] of [
      [`/forums/questions/${q.id}`, forumVotes.questionId],
      [`/forums/answers/${a.id}`, forumVotes.answerId],
    ] as const) {
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => post(`${path}/${i % 3 === 0 ? 'downvote' : 'upvote'}/`, other)));
      expect(results.filter((r) => r.status !== 200).map((r) => r.text)).toEqual([]);
      const votes = await ctx.server.database.db.select().from(forumVotes).where(eq(column, path.includes('questions') ? q.id : a.id));
      expect(votes).toHaveLength(1);
      const seen = await get(`/forums/questions/${q.id}/`, other);
      const item = path.includes('questions') ? seen.body : seen.body.answers[0];
      expect([item.positive_votes, item.negative_votes]).toEqual(votes[0]!.value === 1 ? [1, 0] : [0, 1]);
    }
  });

  it('only the author edits; closing by the author (or an administrator) leaves answering and commenting open', async () => {
    const q = await ask(asker);
    expect(await patch(`/forums/questions/${q.id}/`, other, { title: 'Mine now' })).toMatchObject({ status: 403, body: { detail: forumServerMessages.notAuthor } });
    // An administrator moderates, but does not write in another's name.
    expect((await patch(`/forums/questions/${q.id}/`, admin, { title: 'Edited' })).status).toBe(403);
    const edited = await patch(`/forums/questions/${q.id}/`, asker, { description: '**Admitted** in 2019' });
    expect(edited.body).toMatchObject({ title: q.title, description_html: '<p><strong>Admitted</strong> in 2019</p>', tags: q.tags });
    expect(new Date(edited.body.updated) >= new Date(q.updated)).toBe(true);
    expect((await patch(`/forums/questions/${q.id}/`, asker, { tags: '' })).body.tags).toEqual([]);

    const a = await answer(other, q.id);
    expect((await patch(`/forums/answers/${a.id}/`, asker, { answer_text: 'x' })).status).toBe(403);
    expect((await patch(`/forums/answers/${a.id}/`, other, { answer_text: 'Updated _answer_' })).body).toMatchObject({ answer_html: '<p>Updated <em>answer</em></p>', abilities: { edit: true, vote: false } });
    const c = (await post('/forums/question/comments/', other, { question: q.id, comment_text: 'Same here' })).body;
    expect((await patch(`/forums/question/comments/${c.id}/`, asker, { comment_text: 'x' })).status).toBe(403);
    expect((await patch(`/forums/question/comments/${c.id}/`, other, { comment_text: 'Same here, 2019' })).body).toMatchObject({ comment_text: 'Same here, 2019', question: q.id, answer: null });
    // A question's comment is not reached as an answer's.
    expect((await patch(`/forums/answer/comments/${c.id}/`, other, { comment_text: 'x' })).status).toBe(404);

    expect(await post(`/forums/questions/${q.id}/close/`, other)).toMatchObject({ status: 403, body: { detail: forumServerMessages.notAuthor } });
    expect((await post(`/forums/questions/${q.id}/close/`, asker)).body).toMatchObject({ closed: true, abilities: { close: false, answer: true, comment: true } });
    expect(await post(`/forums/questions/${q.id}/close/`, asker)).toMatchObject({ status: 400, body: { detail: forumServerMessages.alreadyClosed } });
    await answer(third, q.id, 'Still answering after it closed');
    expect((await post('/forums/question/comments/', third, { question: q.id, comment_text: 'And commenting' })).status).toBe(201);
    expect((await post('/forums/answer/comments/', asker, { answer: a.id, comment_text: 'Thanks' })).status).toBe(201);

    const other2 = await ask(other);
    expect((await post(`/forums/questions/${other2.id}/close/`, admin)).body.closed).toBe(true);
  });

  it('only the question\'s author accepts, one answer, once', async () => {
    const q = await ask(asker);
    const first = await answer(other, q.id);
    const second = await answer(third, q.id);
    expect(await post(`/forums/answers/${first.id}/accept/`, other)).toMatchObject({ status: 403, body: { detail: forumServerMessages.notQuestionAuthor } });
    expect((await post(`/forums/answers/${first.id}/accept/`, admin)).status).toBe(403);
    // Racing accepts of two answers: one wins.
    const raced = await Promise.all([post(`/forums/answers/${first.id}/accept/`, asker), post(`/forums/answers/${second.id}/accept/`, asker)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(raced.find((r) => r.status === 400)!.body).toEqual({ detail: forumServerMessages.alreadyAnswered, code: 'answered' });
    const topic = (await get(`/forums/questions/${q.id}/`, asker)).body;
    expect(topic.answered).toBe(true);
    expect(topic.answers.filter((a: { accepted: boolean }) => a.accepted)).toHaveLength(1);
    // The accepted answer leads; nobody may accept another now.
    expect(topic.answers[0].accepted).toBe(true);
    expect(topic.answers.every((a: { abilities: { accept: boolean } }) => !a.abilities.accept)).toBe(true);
    expect((await get(`/schools/${school.id}/forums/unanswered/`)).body.data.map((d: { id: number }) => d.id)).not.toContain(q.id);
    const accepted = await ctx.server.database.db.select().from(events).where(eq(events.type, 'forum.accepted'));
    expect(accepted.some((e) => e.subjectId === topic.answers[0].id && (e.data as { questionId: number }).questionId === q.id)).toBe(true);
  });

  it('hiding the accepted answer unanswers the question; shown again it answers it, unless another was accepted meanwhile', async () => {
    const q = await ask(asker);
    const first = await answer(other, q.id);
    const second = await answer(third, q.id);
    const topic = async () => (await get(`/forums/questions/${q.id}/`, admin)).body;
    const states = async () => (await topic()).answers.map((a: { id: number; accepted: boolean; hidden: boolean }) => [a.id, a.accepted, a.hidden]);
    expect((await post(`/forums/answers/${first.id}/accept/`, asker)).status).toBe(200);
    expect((await post(`/forums/answers/${first.id}/hide/`, admin)).status).toBe(200);
    expect((await get(`/forums/questions/${q.id}/`, asker)).body).toMatchObject({ answered: false, answers: [{ id: second.id, accepted: false, abilities: { accept: true } }] });
    expect((await get(`/schools/${school.id}/forums/latest/`)).body.data.find((d: { id: number }) => d.id === q.id).answered).toBe(false);
    expect((await post(`/forums/answers/${first.id}/unhide/`, admin)).status).toBe(200);
    expect((await topic()).answered).toBe(true);
    expect(await states()).toEqual([[first.id, true, false], [second.id, false, false]]);

    // Hidden again and another accepted: shown again, the first is an ordinary answer.
    await post(`/forums/answers/${first.id}/hide/`, admin);
    expect((await post(`/forums/answers/${second.id}/accept/`, asker)).status).toBe(200);
    expect((await post(`/forums/answers/${first.id}/unhide/`, admin)).status).toBe(200);
    expect((await topic()).answered).toBe(true);
    expect(await states()).toEqual([[second.id, true, false], [first.id, false, false]]);

    // Hiding and accepting one answer at once both lock the question first: no deadlock, and whichever comes
    // first, the question is not answered by a hidden answer.
    const r = await ask(asker);
    const one = await answer(other, r.id);
    const raced = await Promise.all([post(`/forums/answers/${one.id}/accept/`, asker), post(`/forums/answers/${one.id}/hide/`, admin)]);
    expect(raced[1].status).toBe(200);
    expect([200, 404]).toContain(raced[0].status);
    // An accept that commits first keeps the answer accepted (shown again, it answers the question) but may
    // answer 404: the topic it returns is read once the hiding has committed. Kept exactly when it was recorded.
    const acceptedEvents = await ctx.server.database.db.select().from(events).where(and(eq(events.type, 'forum.accepted'), eq(events.subjectId, one.id)));
    expect((await get(`/forums/questions/${r.id}/`, admin)).body).toMatchObject({ answered: false, answers: [{ id: one.id, hidden: true, accepted: acceptedEvents.length === 1 }] });
    expect(acceptedEvents.length).toBeGreaterThanOrEqual(raced[0].status === 200 ? 1 : 0);
  });

  it('records answers and comments as events, with their question (and answer)', async () => {
    const q = await ask(asker);
    const a = await answer(other, q.id);
    const onQuestion = (await post('/forums/question/comments/', third, { question: q.id, comment_text: 'c1' })).body;
    const onAnswer = (await post('/forums/answer/comments/', third, { answer: a.id, comment_text: 'c2' })).body;
    expect(onAnswer).toMatchObject({ answer: a.id, question: null });
    const recorded = await ctx.server.database.db
      .select({ type: events.type, subjectId: events.subjectId, data: events.data, actorId: events.actorId })
      .from(events)
      .where(sql`${events.data}->>'questionId' = ${String(q.id)}`);
    expect(recorded).toEqual(
      expect.arrayContaining([
        { type: 'forum.answered', subjectId: a.id, data: { questionId: q.id }, actorId: other.userId },
        { type: 'forum.commented', subjectId: onQuestion.id, data: { questionId: q.id, answerId: null }, actorId: third.userId },
        { type: 'forum.commented', subjectId: onAnswer.id, data: { questionId: q.id, answerId: a.id }, actorId: third.userId },
      ]),
    );
    const topic = (await get(`/forums/questions/${q.id}/`)).body;
    expect(topic.comments.map((c: { id: number }) => c.id)).toEqual([onQuestion.id]);
    expect(topic.answers[0].comments.map((c: { id: number }) => c.id)).toEqual([onAnswer.id]);
    expect(topic.answer_count).toBe(1);
    // The database itself refuses a comment whose answer is another question's.
    const elsewhere = await ask(asker);
    const misplaced = { schoolId: school.id, questionId: elsewhere.id, answerId: a.id, userId: third.userId, body: 'x', bodyHtml: '<p>x</p>' };
    await expect(ctx.server.database.db.insert(forumComments).values(misplaced)).rejects.toThrow();
  });

  it('counts a view once per viewer per day: an account, or a visitor by address alone', async () => {
    const q = await ask(asker);
    const views = async (who?: Member, agent = 'agent-a') => (await get(`/forums/questions/${q.id}/`, who, { headers: { 'user-agent': agent } })).body.view_count;
    expect(await views(other)).toBe(1);
    expect(await views(other)).toBe(1);
    expect(await views(other, 'another browser')).toBe(1);
    expect(await views(third)).toBe(2);
    expect(await views()).toBe(3);
    expect(await views()).toBe(3);
    // Another browser's name from the same address is the same visitor.
    expect(await views(undefined, 'agent-b')).toBe(3);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => views(instructor)));
    expect(Math.max(...concurrent)).toBe(4);
    expect((await get(`/schools/${school.id}/forums/latest/`)).body.data.find((d: { id: number }) => d.id === q.id).view_count).toBe(4);
    // The hourly clean-up forgets the views of past days, not today's.
    const db = ctx.server.database.db;
    await db.insert(forumViews).values({ questionId: q.id, viewer: 'u:0', day: '2020-01-01' });
    await maintenanceRepository(db).deleteSpent(new Date());
    expect((await db.select({ day: forumViews.day }).from(forumViews).where(eq(forumViews.questionId, q.id))).map((v) => v.day)).not.toContain('2020-01-01');
    expect(await db.$count(forumViews, eq(forumViews.questionId, q.id))).toBe(4);
  });
});

describe('moderation', () => {
  it("hides posts for everybody but the school's administrators, and refuses students and instructors", async () => {
    const q = await ask(asker, { title: 'Offensive post about the IBP dues', tags: 'moderated-tag' });
    const a = await answer(other, q.id);
    const c = (await post('/forums/answer/comments/', third, { answer: a.id, comment_text: 'spam' })).body;
    for (const who of [asker, other, instructor]) {
      expect((await post(`/forums/questions/${q.id}/hide/`, who)).status).toBe(403);
      expect((await post(`/forums/answers/${a.id}/hide/`, who)).status).toBe(403);
      expect(await post(`/forums/answer/comments/${c.id}/hide/`, who)).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });
    }
    const before = (await get(`/schools/${school.id}/forums/summary/`)).body;

    // A comment, then the answer: gone for others, the counts follow.
    expect((await post(`/forums/answer/comments/${c.id}/hide/`, admin)).body).toMatchObject({ id: c.id, hidden: true });
    expect((await get(`/forums/questions/${q.id}/`, asker)).body.answers[0].comments).toEqual([]);
    expect((await patch(`/forums/answer/comments/${c.id}/`, third, { comment_text: 'edit' })).status).toBe(404);
    expect((await post(`/forums/answers/${a.id}/hide/`, admin)).body).toMatchObject({ hidden: true });
    expect((await get(`/forums/questions/${q.id}/`, asker)).body).toMatchObject({ answers: [], answer_count: 0 });
    expect((await get(`/forums/questions/${q.id}/`, admin)).body.answers).toMatchObject([{ id: a.id, hidden: true, comments: [{ id: c.id, hidden: true }] }]);
    expect((await post(`/forums/answers/${a.id}/upvote/`, asker)).status).toBe(404);
    expect((await post('/forums/answer/comments/', asker, { answer: a.id, comment_text: 'x' })).status).toBe(404);
    expect((await get(`/schools/${school.id}/forums/unanswered/`)).body.data.map((d: { id: number }) => d.id)).toContain(q.id);

    // The question: 404 for everybody else (its author too), out of every list and count; back when shown again.
    expect((await post(`/forums/questions/${q.id}/hide/`, admin)).body).toMatchObject({ hidden: true, abilities: { hide: true } });
    for (const who of [undefined, asker, other, instructor]) expect((await get(`/forums/questions/${q.id}/`, who)).body).toEqual({ detail: forumMessages.unavailable });
    expect((await post('/forums/answers/', other, { question: q.id, answer_text: 'x' })).status).toBe(404);
    for (const list of ['latest/', 'unanswered/', 'tag/moderated-tag/', 'search/?keyword=offensive']) {
      expect((await get(`/schools/${school.id}/forums/${list}`)).body.data.map((d: { id: number }) => d.id), list).not.toContain(q.id);
    }
    const after = (await get(`/schools/${school.id}/forums/summary/`)).body;
    expect(after.questions).toBe(before.questions - 1);
    expect(after.recent_tags).not.toContain('moderated-tag');
    expect((await post(`/forums/questions/${q.id}/unhide/`, admin)).body.hidden).toBe(false);
    expect((await get(`/forums/questions/${q.id}/`, other)).status).toBe(200);
    expect((await post(`/forums/answers/${a.id}/unhide/`, admin)).body.hidden).toBe(false);
    expect((await get(`/forums/questions/${q.id}/`, other)).body).toMatchObject({ answer_count: 1, answers: [{ id: a.id }] });
  });
});

describe('text', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="javascript:alert(1)">x</a>',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '[click](javascript:alert(1))',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[vb](vbscript:msgbox(1))',
    '![image](https://evil.example/x.png)',
    '<div onmouseover="alert(1)">hover</div>',
    '"><script>alert(1)</script>',
    '[x](  JaVaScRiPt:alert(1))',
    '<a href="&#106;avascript:alert(1)">e</a>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  ];
  const safeTags = new Set(['p', 'br', 'strong', 'em', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'h6', 'hr', 'mark']);

  /** Every tag of the HTML is a simple one, with no attribute but a link's http(s)/mailto address and its rel. */
  function expectInert(html: string, where: string) {
    for (const [, name, attributes] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
      expect(safeTags.has(name!.toLowerCase()), `${where}: <${name}> in ${html}`).toBe(true);
      for (const [, attribute, value] of attributes!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
        expect(['href', 'rel', 'start', '/'], `${where}: ${attribute} in ${html}`).toContain(attribute);
        if (attribute === 'href') expect(value, `${where}: ${html}`).toMatch(/^(https?:|mailto:)/);
        if (attribute === 'rel') expect(value).toBe('nofollow ugc noopener');
      }
    }
  }

  it('renders every payload inert in every text field, links with rel="nofollow ugc noopener"', async () => {
    for (const payload of payloads) {
      const q = await ask(asker, { title: payload, description: `${payload} https://ibp.org.ph`, tags: [payload.slice(0, 30), 'xss'] });
      expect(q.title).toBe(payload.trim());
      for (const tag of q.tags) expect(tag).toMatch(/^[\p{L}\p{N}-]+$/u);
      expectInert(q.description_html, 'description');
      const a = await answer(other, q.id, payload);
      expectInert(a.answer_html, 'answer');
      const qc = await post('/forums/question/comments/', other, { question: q.id, comment_text: payload });
      expectInert(qc.body.comment_html, 'question comment');
      const ac = await post('/forums/answer/comments/', asker, { answer: a.id, comment_text: payload });
      expectInert(ac.body.comment_html, 'answer comment');
      const edited = await patch(`/forums/questions/${q.id}/`, asker, { description: `edited ${payload}` });
      expectInert(edited.body.description_html, 'edited description');
    }
    // The excerpts' private marker characters, written as entities that markdown-it decodes, are in no stored text.
    const marked = await ask(asker, { description: 'a&#xE000;b&#57345;c `&#xE000;` \uE000d' });
    expect(marked.description_html).toBe('<p>abc <code>&amp;#xE000;</code> d</p>');
    const [stored] = await ctx.server.database.db.select({ text: forumQuestions.bodyText }).from(forumQuestions).where(eq(forumQuestions.id, marked.id));
    expect(stored!.text).toBe('abc &#xE000; d');
    const linked = await ask(asker, { description: 'See https://ibp.org.ph and [the rules](https://mcle.ph "MCLE")' });
    expect(linked.description_html).toBe(
      '<p>See <a href="https://ibp.org.ph" rel="nofollow ugc noopener">https://ibp.org.ph</a> and <a href="https://mcle.ph" rel="nofollow ugc noopener">the rules</a></p>',
    );
    // Search excerpts are built from the text and escaped: only <mark> is markup there.
    const found = await get(`/schools/${school.id}/forums/search/?keyword=alert`);
    expect(found.body.data.some((row: { excerpt: string }) => row.excerpt.includes('<mark>alert</mark>'))).toBe(true);
    for (const row of found.body.data) {
      expectInert(row.excerpt, 'excerpt');
      expectInert(row.description_html, 'listed description');
    }
  });
});

describe('the demo school', () => {
  it('has MCLE discussions: answered and unanswered, accepted answers, comments, and votes that match their counts', async () => {
    const demo = (path: string) => request(ctx.server.url, `/api/v1${path}`, { host: 'demo.localhost' });
    const id = (await demo('/school/demo/')).body.id;
    const summary = (await demo(`/schools/${id}/forums/summary/`)).body;
    expect(summary.questions).toBeGreaterThanOrEqual(12);
    expect(summary.recent_tags.length).toBeGreaterThanOrEqual(5);
    expect((await demo(`/schools/${id}/forums/unanswered/`)).body.count).toBeGreaterThanOrEqual(3);
    const latest = (await demo(`/schools/${id}/forums/latest/?page=2`)).body;
    const answered = latest.data.find((q: { answered: boolean }) => q.answered);
    const topic = (await demo(`/forums/questions/${answered.id}/`)).body;
    expect(topic.answers[0]).toMatchObject({ accepted: true });
    expect(topic.answers[0].answer_html).toMatch(/^<p>/);
    expect((await demo(`/schools/${id}/forums/search/?keyword=exemption`)).body.count).toBeGreaterThan(0);
    // Every count is its votes', and nobody voted on their own post.
    const { rows } = (await ctx.server.database.db.execute(sql`
      select count(*)::integer as wrong from (
        select q.positive_votes - count(v.id) filter (where v.value = 1) as up, q.negative_votes - count(v.id) filter (where v.value = -1) as down,
          count(v.id) filter (where v.user_id = q.user_id) as own
        from forum_questions q left join forum_votes v on v.question_id = q.id where q.school_id = ${id} group by q.id
        union all
        select a.positive_votes - count(v.id) filter (where v.value = 1), a.negative_votes - count(v.id) filter (where v.value = -1),
          count(v.id) filter (where v.user_id = a.user_id)
        from forum_answers a left join forum_votes v on v.answer_id = a.id where a.school_id = ${id} group by a.id
      ) checked where up <> 0 or down <> 0 or own <> 0`)) as unknown as { rows: { wrong: number }[] };
    expect(rows[0]!.wrong).toBe(0);
  });
});

describe('posting and reading limits', () => {
  it('answers 429 with Retry-After once an account has posted FORUM_POST_MAX times, or an address read FORUM_READ_MAX topics or searched FORUM_SEARCH_MAX times, in the window', async () => {
    // Behind a proxy with an address of its own: on PostgreSQL the counters are shared with this file's other server.
    const limited = await startServer({ FORUM_POST_MAX: '3', FORUM_READ_MAX: '3', FORUM_SEARCH_MAX: '2', TRUST_PROXY: '1' });
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    try {
      const db = limited.database.db;
      const own = await createSchool(db);
      const writer = await createStudent(db, { school: own });
      const someone = await createStudent(db, { school: own });
      const send = (token: string, path: string, body: unknown) => request(limited.url, `/api/v1${path}`, { method: 'POST', host: own.host, token, body, headers: { 'x-forwarded-for': address } });
      const q = await send(someone.token, '/forums/questions/', { title: 'Limits', description: 'How many?' });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await send(writer.token, '/forums/answers/', { question: q.body.id, answer_text: `answer ${i}` })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await send(writer.token, '/forums/question/comments/', { question: q.body.id, comment_text: 'c' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ detail: serverMessages.throttled });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another account is not held back, and votes are not posts.
      expect((await send(someone.token, '/forums/answers/', { question: q.body.id, answer_text: 'mine' })).status).toBe(201);
      expect((await send(writer.token, `/forums/questions/${q.body.id}/upvote/`, {})).status).toBe(200);

      // Reading a topic and searching, per address whoever asks; each address is a visitor of its own.
      const read = (from: string) => request(limited.url, `/api/v1/forums/questions/${q.body.id}/`, { host: own.host, headers: { 'x-forwarded-for': from } });
      const reads = [];
      for (let i = 0; i < 4; i++) reads.push(await read(address));
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(Number(reads[3]!.headers['retry-after'])).toBeGreaterThan(0);
      const elsewhere = await read(address.replace(/\d+$/, (n) => String((Number(n) + 1) % 250)));
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.view_count).toBe(reads[0]!.body.view_count + 1);
      const search = () => request(limited.url, `/api/v1/schools/${own.id}/forums/search/?keyword=limits`, { host: own.host, headers: { 'x-forwarded-for': address } });
      expect([(await search()).status, (await search()).status, (await search()).status]).toEqual([200, 200, 429]);
      // Lists are not limited.
      expect((await request(limited.url, `/api/v1/schools/${own.id}/forums/latest/`, { host: own.host, headers: { 'x-forwarded-for': address } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
