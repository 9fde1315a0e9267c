import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { FORUM_PAGE_SIZE, forumMessages as m } from '@school/shared/forum/rules';
import { schools, users } from '../apps/server/src/db/schema/index';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { createStudent, unique, waitFor } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { demoBrowser, signedInAt } from './support/demo-study';
import { dialog, fieldError, toast, visible } from './support/ui';

let app: E2eApp;
let alice: Member;
let bob: Member;
type Member = Awaited<ReturnType<typeof createStudent>> & { name: string };

const demo = { host: 'demo.localhost' };

/** A member of the demo school (of `on`, the file's app unless told) with a name of their own (the factory's are all 'Test Student'). */
async function member(firstName: string, lastName: string, on: E2eApp = app): Promise<Member> {
  const db = on.server.database.db;
  const [school] = await db.select().from(schools).where(eq(schools.domain, 'demo'));
  const created = await createStudent(db, { school: { ...school!, host: demo.host } });
  await db.update(users).set({ firstName, lastName }).where(eq(users.id, created.user.id));
  return { ...created, name: `${firstName} ${lastName}` };
}

async function ask(who: Member, body: { title: string; description: string; tags?: string }, on: E2eApp = app) {
  const res = await client(on.server.url).post('/api/v1/forums/questions/', body, { token: who.token, ...demo });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; title: string };
}

beforeAll(async () => {
  app = await startApp();
  [alice, bob] = await Promise.all([member('Alice', 'Asker'), member('Bob', 'Replier')]);
});
afterAll(() => app.close());

const question = (page: Page) => page.getByRole('article', { name: 'Question' });
const answerBy = (page: Page, name: string) => page.getByRole('article', { name: `Answer by ${name}` });
const pressed = async (button: Locator) => (await button.getAttribute('aria-pressed')) === 'true';

/** Waits until `probe` holds (playwright-core has no auto-retrying assertions). */
const until = (probe: () => Promise<boolean>, what: string) => waitFor(async () => (await probe()) || undefined, 10_000, what);

/** Headings of the page's main part that skip a level (an h3 right after the h1, say): none, for screen readers. */
const skippedHeadings = (page: Page) =>
  page.evaluate(() => {
    const headings = Array.from(document.querySelectorAll('main :is(h1, h2, h3, h4, h5, h6)')).map((h) => ({ level: Number(h.tagName[1]), text: h.textContent }));
    return headings.filter((h, i) => i > 0 && h.level > headings[i - 1]!.level + 1);
  });

describe('forum', () => {
  it('asks a question (required fields first), opens it, comments on it and edits both; the author sees Edit and Close, not votes', async () => {
    const { page } = await signedInAt(app, alice.token, '/forums');
    await page.getByRole('button', { name: 'Start new topic' }).click();
    const modal = await dialog(page, 'Ask a Question');
    await modal.getByRole('button', { name: 'Submit Question' }).click();
    expect(await fieldError(modal, 'Title')).toBe(m.required);
    expect(await fieldError(modal, 'Description')).toBe(m.required);

    const title = `Are ${unique('carry')} units carried over?`;
    const description = ['**Line 1** of my question', ...Array.from({ length: 7 }, (_, i) => `Line ${i + 2}`)].join('\n');
    await modal.getByLabel('Title', { exact: true }).fill(title);
    await modal.getByLabel('Description', { exact: true }).fill(description);
    // The preview renders the Markdown in the browser.
    await modal.getByRole('button', { name: 'Preview' }).click();
    await visible(modal.getByRole('region', { name: 'Description preview' }).locator('strong', { hasText: 'Line 1' }));
    await modal.getByRole('button', { name: 'Write' }).click();
    await modal.getByLabel('Tags', { exact: true }).fill(' Legal Ethics , MCLE,, ');
    await modal.getByRole('button', { name: 'Submit Question' }).click();
    await toast(page, m.questionSubmitted);
    await page.waitForURL(/\/forums\/topic\/\d+$/);
    await visible(page.getByRole('heading', { level: 1, name: title }));
    expect(await skippedHeadings(page)).toEqual([]);

    const q = question(page);
    for (const tag of ['legal-ethics', 'mcle']) await visible(q.getByRole('link', { name: tag, exact: true }));
    // Eight lines: clamped at five, with See more / See less.
    await q.getByRole('button', { name: /^See more/ }).click();
    await visible(q.getByRole('button', { name: /^See less/ }));
    expect(await q.getByRole('button', { name: /^(Upvote|Downvote)/ }).count()).toBe(0);
    await visible(q.getByRole('button', { name: 'Close', exact: true }));
    await visible(page.getByText(m.noAnswers, { exact: true }));
    await visible(q.getByText(m.noComments, { exact: true }));

    await q.getByRole('button', { name: 'Leave a Comment' }).click();
    const commenting = await dialog(page, 'Leave a Comment');
    await commenting.getByRole('button', { name: 'Post Comment' }).click();
    expect(await fieldError(commenting, 'Comment')).toBe(m.required);
    await commenting.getByLabel('Comment', { exact: true }).fill('Asking for the _compliance_ period.');
    await commenting.getByRole('button', { name: 'Post Comment' }).click();
    await toast(page, m.commentPosted);
    const comment = q.locator('.comment').filter({ hasText: 'Asking for the compliance period.' });
    await visible(comment.locator('em', { hasText: 'compliance' }));

    await comment.getByRole('button', { name: 'Edit' }).click();
    const editingComment = await dialog(page, 'Edit Comment');
    expect(await editingComment.getByLabel('Comment', { exact: true }).inputValue()).toBe('Asking for the _compliance_ period.');
    await editingComment.getByLabel('Comment', { exact: true }).fill('Asking for period VIII.');
    await editingComment.getByRole('button', { name: 'Update Comment' }).click();
    await toast(page, m.commentUpdated);
    await visible(q.getByText('Asking for period VIII.'));

    await q.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const editing = await dialog(page, 'Edit Question');
    // Prefilled with the Markdown as written, tags comma-separated.
    expect(await editing.getByLabel('Description', { exact: true }).inputValue()).toBe(description);
    expect(await editing.getByLabel('Tags', { exact: true }).inputValue()).toBe('legal-ethics, mcle');
    await editing.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
    await editing.getByRole('button', { name: 'Update Question' }).click();
    await toast(page, m.questionUpdated);
    await visible(page.getByRole('heading', { level: 1, name: `${title} (edited)` }));
  });

  it('lets another member vote, answer and comment on the answer; the author accepts and closes, and the list shows it closed', async () => {
    const asked = await ask(alice, { title: `Which ${unique('form')} do I file?`, description: 'The compliance form, or the exemption form?' });
    const { page } = await signedInAt(app, bob.token, `/forums/topic/${asked.id}`);
    const q = question(page);
    const up = q.getByRole('button', { name: /^Upvote/ });
    const down = q.getByRole('button', { name: /^Downvote/ });
    expect(await up.textContent()).toContain('0');
    expect(await pressed(up)).toBe(false);
    await up.click();
    await until(async () => (await pressed(up)) && (await up.textContent())!.includes('1'), 'the upvote is pressed and counted');
    await down.click();
    await until(async () => (await pressed(down)) && !(await pressed(up)) && (await up.textContent())!.includes('0'), 'the vote changed to down');

    await page.getByRole('button', { name: 'Answer Question' }).click();
    const answering = await dialog(page, 'Answer Question');
    await answering.getByRole('button', { name: 'Submit Answer' }).click();
    expect(await fieldError(answering, 'Answer')).toBe(m.required);
    await answering.getByLabel('Answer', { exact: true }).fill('The compliance form.');
    await answering.getByRole('button', { name: 'Submit Answer' }).click();
    await toast(page, m.answerSubmitted);
    const answer = answerBy(page, bob.name);
    await visible(answer.getByText('The compliance form.'));
    expect(await answer.getByRole('button', { name: /^Upvote/ }).count()).toBe(0);

    await answer.getByRole('button', { name: 'Edit', exact: true }).click();
    const editing = await dialog(page, 'Edit Answer');
    expect(await editing.getByLabel('Answer', { exact: true }).inputValue()).toBe('The compliance form.');
    await editing.getByLabel('Answer', { exact: true }).fill('The compliance form, with the certificate.');
    await editing.getByRole('button', { name: 'Update Answer' }).click();
    await visible(answer.getByText('The compliance form, with the certificate.'));

    await answer.getByRole('button', { name: 'Leave a Comment' }).click();
    const commenting = await dialog(page, 'Leave a Comment');
    await commenting.getByLabel('Comment', { exact: true }).fill('Both pages of it.');
    await commenting.getByRole('button', { name: 'Post Comment' }).click();
    await toast(page, m.commentPosted);
    await visible(answer.getByText('Both pages of it.'));

    // The author: votes on the answer, accepts it, closes the question.
    const { page: author } = await signedInAt(app, alice.token, `/forums/topic/${asked.id}`);
    const theirs = answerBy(author, bob.name);
    await theirs.getByRole('button', { name: /^Upvote/ }).click();
    await until(async () => pressed(theirs.getByRole('button', { name: /^Upvote/ })), 'the answer is upvoted');
    await theirs.getByRole('button', { name: 'Accept' }).click();
    await visible(theirs.getByText('✓ Accepted answer'));
    await visible(question(author).getByText('Answered', { exact: true }));
    expect(await theirs.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await seriousViolations(author)).toEqual([]);

    await question(author).getByRole('button', { name: 'Close', exact: true }).click();
    const confirm = await dialog(author, 'Close this question?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(author, m.questionClosed);
    await visible(question(author).getByText('Closed', { exact: true }));
    expect(await question(author).getByRole('button', { name: 'Close', exact: true }).count()).toBe(0);

    await author.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Forums' }).click();
    const listed = author.locator('.topic').filter({ has: author.getByRole('link', { name: asked.title }) });
    await visible(listed.getByText('Closed', { exact: true }));

    // Closed, but others may still answer and comment.
    await page.reload();
    await visible(question(page).getByText('Closed', { exact: true }));
    await visible(page.getByRole('button', { name: 'Answer Question' }));
  });

  it('scrolls, switches tabs, searches by keyword and tag for a visitor, and leaves a missing topic for the list', async () => {
    const word = unique('zq');
    const asked = await ask(bob, { title: `Where is the ${word} schedule?`, description: `Looking for the ${word} seminar schedule.`, tags: 'Scroll Test' });
    const fillers = Array.from({ length: FORUM_PAGE_SIZE }, (_, i) => `Filler question ${i} ${unique()}`);
    for (const [i, title] of fillers.entries()) await ask(i % 2 ? alice : bob, { title, description: 'Filler.' });

    const { page } = await demoBrowser(app);
    await page.goto(`${app.origin()}/forums`);
    const items = page.locator('.topic-list > li');
    await until(async () => (await items.count()) >= FORUM_PAGE_SIZE, 'the first page');
    expect(await skippedHeadings(page)).toEqual([]);
    await page.locator('.topic-sentinel').scrollIntoViewIfNeeded();
    await until(async () => (await items.count()) > FORUM_PAGE_SIZE, 'the next page, appended');
    await visible(page.getByRole('link', { name: 'scroll-test' }).first());

    const latest = page.getByRole('tab', { name: 'Latest Topic' });
    expect(await latest.getAttribute('aria-selected')).toBe('true');
    await latest.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/forums?tab=unanswered');
    // The router renders the new tab after the address changes: wait for it.
    await visible(page.getByRole('tab', { name: 'Unanswered Topic', selected: true }));
    await visible(page.getByRole('tabpanel').getByRole('link', { name: fillers.at(-1) }));

    // A visitor is asked to log in before starting a topic.
    await page.getByRole('button', { name: 'Start new topic' }).click();
    const login = await dialog(page, 'Welcome back!');
    await login.getByRole('button', { name: 'Close' }).click();

    const search = page.getByRole('searchbox', { name: 'Search the forum' });
    await search.fill('   ');
    await search.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/forums');
    await search.fill(word);
    await search.press('Enter');
    await page.waitForURL(`**/forums/search?keyword=${word}`);
    await visible(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(`Search: ${word}`));
    const result = page.locator('.topic').filter({ has: page.getByRole('link', { name: `Where is the ${word} schedule?` }) });
    await visible(result.locator('mark', { hasText: word }));
    expect(await skippedHeadings(page)).toEqual([]);

    await result.getByRole('link', { name: 'scroll-test' }).click();
    await page.waitForURL('**/forums/search?tag=scroll-test');
    await visible(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Tag: scroll-test'));
    await visible(page.getByRole('link', { name: `Where is the ${word} schedule?` }));
    // A tag typed in the address is searched lowercased and hyphenated.
    await page.goto(`${app.origin()}/forums/search?tag=${encodeURIComponent('Scroll Test')}`);
    await visible(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Tag: scroll-test'));
    await visible(page.getByRole('link', { name: `Where is the ${word} schedule?` }));

    await page.goto(`${app.origin()}/forums/search?keyword=${unique('nothing')}`);
    await visible(page.getByText(m.noResults, { exact: true }));

    // A visitor's vote asks them to log in first, and counts nothing.
    await page.goto(`${app.origin()}/forums/topic/${asked.id}`);
    const up = question(page).getByRole('button', { name: /^Upvote/ });
    const votes: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && /\/(up|down)vote\/$/.test(r.url()) && votes.push(r.url()));
    await up.click();
    const voteLogin = await dialog(page, 'Welcome back!');
    await voteLogin.getByRole('button', { name: 'Close' }).click();
    expect(votes).toEqual([]);
    expect((await up.textContent())?.replace(/\D/g, '')).toBe('0');
    expect(await pressed(up)).toBe(false);

    await page.goto(`${app.origin()}/forums/topic/99999999`);
    await toast(page, m.unavailable);
    await page.waitForURL('**/forums');

    // A phone's width in dark mode.
    const { page: phone } = await demoBrowser(app, { width: 360, height: 740 });
    await phone.goto(`${app.origin()}/forums`);
    await phone.evaluate(() => localStorage.setItem('theme', 'dark'));
    await phone.reload();
    await visible(phone.locator('.topic-list > li'));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);
  });

  it("lists the posts the school's administrator hid in the console, and Show puts one back on the forum", { timeout: 90_000 }, async () => {
    const question = await ask(alice, { title: `Hidden by mistake ${unique('q')}`, description: 'Which seminars count for ethics?' });
    const admin = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD }, demo)).body as { token: string };
    expect((await client(app.server.url).post(`/api/v1/forums/questions/${question.id}/hide/`, {}, { token: admin.token, ...demo })).status).toBe(200);

    const { page } = await signedInAt(app, admin.token, '/staff');
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Forum' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Forum' }));
    const table = page.getByRole('table', { name: 'Hidden posts, the latest hidden first' });
    const row = table.getByRole('row').filter({ hasText: question.title });
    await visible(row.getByText('Alice Asker'));
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Show the question by Alice Asker again' }).click();
    await toast(page, 'The question by Alice Asker is shown again.');
    await row.waitFor({ state: 'detached' });

    const { page: visitor } = await demoBrowser(app);
    await visitor.goto(`${app.origin()}/forums/topic/${question.id}`);
    await visible(visitor.getByRole('heading', { name: question.title }));
  });

  describe('a forum load that fails (spec 3 §8)', () => {
    let limited: E2eApp;
    // A server of its own whose read throttle answers 429 after three topics a minute from one address.
    beforeAll(async () => {
      limited = await startApp({ FORUM_READ_MAX: '3' });
    });
    afterAll(() => limited.close());

    it('shows the spec sentence for a 500 or no answer, with Try again, and the server\'s detail for a 429', async () => {
      const { page } = await demoBrowser(limited);
      // The browser sees a 500 (and below, no answer at all): the server cannot be made to fail like that.
      await page.route(/\/forums\/summary\/$/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'boom' }) }));
      await page.route(/\/forums\/latest\/\?/, (route) => route.abort('connectionrefused'));
      await page.goto(`${limited.origin()}/forums`);
      const stats = page.getByRole('region', { name: 'Statistics' });
      const statsError = await visible(stats.getByRole('alert'));
      expect(await statsError.textContent()).toBe(`${m.serverError} Try again`);
      const listError = await visible(page.getByRole('tabpanel').getByRole('alert'));
      expect(await listError.textContent()).toBe(`${m.serverError} Try again`);

      await page.unrouteAll();
      await stats.getByRole('button', { name: 'Try again' }).click();
      await visible(stats.getByText('Questions', { exact: true }));
      await page.getByRole('tabpanel').getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('tabpanel').getByRole('alert').waitFor({ state: 'detached' });

      const { id } = await ask(await member('Carol', 'Curious', limited), { title: 'Read three times?', description: 'Then wait.' }, limited);
      for (let read = 0; read < 3; read++) {
        await page.goto(`${limited.origin()}/forums/topic/${id}`);
        await visible(question(page));
      }
      await page.goto(`${limited.origin()}/forums/topic/${id}`);
      const throttled = await visible(page.getByRole('main').getByRole('alert'));
      expect(await throttled.textContent()).toBe(`${serverMessages.throttled} Try again`);
    });
  });
});
