import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages } from '@school/shared/notifications/kinds';
import { unsubscribeTokens } from '../apps/server/src/modules/notifications/unsubscribe-token';
import { createSchool, createStudent } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { toast, visible } from './support/ui';

let app: E2eApp;
// Pages ask for the badge every second here (30 by default), so an arrival shows within a second or two.
beforeAll(async () => {
  app = await startApp({ NOTIFICATION_POLL_SECONDS: '1' });
});
afterAll(() => app.close());

/** A school of its own with a student who asked a forum question, and a classmate to answer it. */
async function askedQuestion() {
  const db = app.server.database.db;
  const school = await createSchool(db);
  const [asker, answerer] = [await createStudent(db, { school }), await createStudent(db, { school })];
  const api = client(app.server.url);
  const asked = await api.post('/api/v1/forums/questions/', { title: 'Is notarial work MCLE-exempt?', description: 'Asking for a friend.', tags: 'notarial' }, { token: asker.token, host: school.host });
  expect(asked.status).toBe(201);
  const answer = () => api.post('/api/v1/forums/answers/', { question: asked.body.id, answer_text: 'No, it is not.' }, { token: answerer.token, host: school.host });
  return { school, asker, questionId: asked.body.id as number, answer };
}

describe('notifications', () => {
  it('shows an arriving notification on the badge without a reload, lists it with its link, marks all read and opens the full page', async () => {
    const s = await askedQuestion();
    const { page } = await app.newPage();
    await page.goto(await app.signInUrl(s.asker.token, { school: s.school.domain, redirect: '/' }));
    const quiet = await visible(page.getByRole('button', { name: 'Notifications', exact: true }));

    expect((await s.answer()).status).toBe(201);
    const bell = await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await page.getByTestId('notification-badge').textContent()).toBe('1');
    await bell.click();
    const dropdown = page.getByRole('region', { name: 'Notifications' });
    const item = await visible(dropdown.getByRole('link', { name: /answered your question Is notarial work MCLE-exempt\?/ }));
    expect(await item.getAttribute('href')).toBe(`/forums/topic/${s.questionId}`);
    expect(await item.locator('strong').first().textContent()).toBe('Test Student');

    await dropdown.getByRole('button', { name: 'Mark all as read' }).click();
    await quiet.waitFor();
    expect(await page.getByTestId('notification-badge').count()).toBe(0);

    await dropdown.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL('**/notifications');
    await visible(page.getByRole('heading', { level: 1, name: 'Notifications' }));
    expect(await page.getByRole('region', { name: 'Notifications' }).count()).toBe(0);
    await visible(page.getByRole('status').filter({ hasText: 'No unread notifications' }));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: /answered your question/ }).click();
    await page.waitForURL(`**/forums/topic/${s.questionId}`);
  });

  it('saves an e-mail switch in Email Settings, and an unsubscribe link turns its kind off without a login once its button is pressed', async () => {
    const db = app.server.database.db;
    const school = await createSchool(db);
    const student = await createStudent(db, { school });
    const { page } = await app.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(await app.signInUrl(student.token, { school: school.domain, redirect: '/student/email' }));
    const certificates = await visible(page.getByRole('switch', { name: 'Certificates issued' }));
    expect(await certificates.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await certificates.click();
    await toast(page, notificationMessages.preferencesSaved);
    expect(await certificates.isChecked()).toBe(false);

    // Logged out: the link needs no session.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    const token = unsubscribeTokens(app.server.app.config.SECRET_KEY).sign(student.user.id, 'payment');
    await page.goto(`${app.origin(school.domain)}/unsubscribe?token=${encodeURIComponent(token)}`);
    await visible(page.getByText(notificationMessages.unsubscribeAsk('payment')));
    const unsubscribe = await visible(page.getByRole('button', { name: 'Unsubscribe' }));
    // Opening the link (as a mail scanner does) turns nothing off.
    const preferences = async () => (await client(app.server.url).get('/api/v1/notifications/preferences/', { token: student.token, host: school.host })).body;
    expect(await preferences()).toMatchObject({ payment: true });
    await unsubscribe.click();
    await visible(page.getByRole('status').filter({ hasText: notificationMessages.unsubscribed('payment') }));
    expect(await preferences()).toMatchObject({ payment: false });
    await page.goto(`${app.origin(school.domain)}/unsubscribe?token=${encodeURIComponent(token.slice(0, -3))}abc`);
    await (await visible(page.getByRole('button', { name: 'Unsubscribe' }))).click();
    await visible(page.getByRole('alert').filter({ hasText: notificationMessages.badUnsubscribeLink }));

    await page.goto(await app.signInUrl(student.token, { school: school.domain, redirect: '/student/email' }));
    const payments = await visible(page.getByRole('switch', { name: 'Payments received or failed' }));
    expect(await payments.isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Certificates issued' }).isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'ID verification decisions' }).isChecked()).toBe(true);
  });
});
