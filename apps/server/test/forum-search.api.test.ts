import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { forumServerMessages } from '@school/shared/forum/rules';
import { createSchool, createStaff, createStudent } from './support/factories';
import { request } from './support/http';
import { serverForFile } from './support/server';

const ctx = serverForFile();
type School = Awaited<ReturnType<typeof createSchool>>;
let school: School;
let elsewhere: School;
const ids: Record<string, number> = {};

interface Listed {
  id: number;
  title: string;
  excerpt: string | null;
}

const get = (path: string, at: School = school) => request(ctx.server.url, `/api/v1/schools/${at.id}/forums/${path}`, { host: at.host });
const search = async (keyword: string, at: School = school) => {
  const res = await get(`search/?keyword=${encodeURIComponent(keyword)}`, at);
  expect(res.status, res.text).toBe(200);
  return res.body as { count: number; data: Listed[]; next: number | null };
};
const titles = (rows: Listed[]) => rows.map((r) => r.title);

beforeAll(async () => {
  const db = ctx.server.database.db;
  school = await createSchool(db);
  elsewhere = await createSchool(db);
  const asker = await createStudent(db, { school });
  const answerer = await createStudent(db, { school });
  const admin = await createStaff(db, { school });
  const post = (path: string, token: string, body: unknown, at: School = school) => request(ctx.server.url, `/api/v1${path}`, { method: 'POST', host: at.host, token, body });
  const ask = async (key: string, title: string, description: string, tags: string, at: School = school, token = asker.token) => {
    const res = await post('/forums/questions/', token, { title, description, tags }, at);
    expect(res.status, res.text).toBe(201);
    ids[key] = res.body.id;
  };
  await ask('exemptions', 'Who is exempted from MCLE?', 'Government lawyers and law professors: are they **exempt** from the compliance requirement?', 'MCLE, Exemptions');
  await ask('compliance', 'Compliance period for new lawyers', 'Which period covers me? I was admitted to the bar in 2019.', 'MCLE, Compliance Period');
  await ask('units', 'Credit units for online seminars', 'Do online lectures count toward the 36 units?', 'Credit Units');
  await ask('ethics', 'Legal ethics units', 'The required units for legal ethics, please.', 'Legal Ethics');
  await ask('remedial', 'Remedial law updates after the 2019 amendments', 'Which lectures cover the amended Rules of Court?', 'Remedial Law');
  await ask('hidden', 'Exemptions for retired judges', 'Hidden from everybody but the staff.', 'MCLE');
  const answer = await post('/forums/answers/', answerer.token, { question: ids.units, answer_text: 'Yes: accredited webinars count as participatory units.' });
  expect(answer.status).toBe(201);
  expect((await post(`/forums/questions/${ids.hidden}/hide/`, admin.token, {})).status).toBe(200);
  const other = await createStudent(db, { school: elsewhere });
  await ask('other', 'Exemptions at another school', 'Not for this school.', 'MCLE', elsewhere, other.token);
});

describe('forum search', () => {
  it('finds stemmed words, ranks the title above the text, and marks the matches in the excerpt', async () => {
    const found = await search('exemptions');
    expect(titles(found.data)).toEqual(['Who is exempted from MCLE?']);
    expect(found.data[0]!.excerpt).toContain('<mark>exempt</mark>');
    const ethics = await search('legal ethics');
    expect(titles(ethics.data)[0]).toBe('Legal ethics units');
    // A title match ranks above a match in the text alone.
    const admitted = await search('2019');
    expect(titles(admitted.data)).toEqual(['Remedial law updates after the 2019 amendments', 'Compliance period for new lawyers']);
  });

  it('finds a misspelt or short word in titles by trigrams', async () => {
    expect(titles((await search('complaince')).data)).toEqual(['Compliance period for new lawyers']);
    expect(titles((await search('remedail')).data)).toEqual(['Remedial law updates after the 2019 amendments']);
    expect(titles((await search('semina')).data)).toContain('Credit units for online seminars');
  });

  it('leads from an answer to its question, the answer\'s words marked', async () => {
    const found = await search('webinar');
    expect(found.data).toMatchObject([{ id: ids.units, title: 'Credit units for online seminars' }]);
    expect(found.data[0]!.excerpt).toContain('Yes: accredited <mark>webinars</mark> count as participatory units');
  });

  it("finds nothing hidden or of another school, and asks for a keyword", async () => {
    expect((await search('retired judges')).count).toBe(0);
    expect(titles((await search('exemptions', elsewhere)).data)).toEqual(['Exemptions at another school']);
    expect(await search('zzzz qqqq')).toMatchObject({ count: 0, data: [], next: null });
    const empty = await get('search/?keyword=%20');
    expect(empty).toMatchObject({ status: 400, body: { keyword: [forumServerMessages.keywordRequired] } });
    expect((await get('search/')).status).toBe(400);
    // A page past the last keeps the count.
    expect((await get('search/?keyword=units&page=5')).body).toMatchObject({ count: 2, data: [], page: 5 });
  });

  it('ranks and counts only the newest 500 matching questions', async () => {
    const db = ctx.server.database.db;
    const busy = await createSchool(db);
    const author = await createStudent(db, { school: busy });
    // 501 equal titles, the oldest last: it has the highest id, so it would lead a page of equal ranks were it ranked.
    await db.execute(sql`
      insert into forum_questions (school_id, user_id, title, body, body_html, body_text, created_at)
      select ${busy.id}, ${author.user.id}, 'Quorum rules ' || g, 'Text', '<p>Text</p>', 'Text', now() - g * interval '1 minute'
      from generate_series(1, 501) g`);
    const found = await search('quorum', busy);
    expect(found.count).toBe(500);
    expect(found.data[0]!.title).toBe('Quorum rules 500');
  });

  it('lists a tag by its slug, and the unanswered questions', async () => {
    const tagged = await get('tag/Compliance Period/');
    expect(titles(tagged.body.data)).toEqual(['Compliance period for new lawyers']);
    expect(titles((await get('tag/mcle/')).body.data)).toEqual(['Compliance period for new lawyers', 'Who is exempted from MCLE?']);
    expect((await get('tag/no-such-tag/')).body).toMatchObject({ count: 0, data: [] });
    const unanswered = await get('unanswered?page=1');
    expect(titles(unanswered.body.data)).not.toContain('Credit units for online seminars');
    expect(unanswered.body.count).toBe(4);
    expect((await get('summary')).body).toEqual({ questions: 5, answers: 1, recent_tags: ['remedial-law', 'legal-ethics', 'credit-units', 'compliance-period', 'mcle', 'exemptions'] });
  });
});
