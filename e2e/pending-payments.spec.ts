import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions, users } from '../apps/server/src/db/schema/index';
import { eligibleStudent } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { dialog, toast, visible } from './support/ui';

/**
 * A checkout left unpaid is a pending payment, not an enrolment (docs/decisions.md): My Courses shows it apart
 * with Resume payment and Cancel payment, the course count leaves it out, and the course page names it.
 */
let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const COURSE = 'Running a Solo Law Practice';

async function courseSlug() {
  const api = client(app.server.url);
  const school = (await api.get('/api/v1/school/demo/')).body.id;
  const list = (await api.get(`/api/v1/schools/${school}/courses/?perpage=60`)).body.data as { name: string; slug: string }[];
  return list.find((c) => c.name === COURSE)!.slug;
}

async function signedIn(token: string, path: string, viewport?: { width: number; height: number }) {
  const { page, context } = await app.newPage(viewport ? { viewport } : undefined);
  await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
  await page.goto(await app.signInUrl(token, { redirect: path }));
  await page.waitForURL(`**${path}`);
  return page;
}

/** The header's course count (spec 1 §2's first stat). */
const courseCount = (page: Page) => page.locator('.account-stats > div').filter({ has: page.locator('dt', { hasText: /^Courses$/ }) }).locator('dd');

describe('a checkout left pending', () => {
  it('is a pending payment in My Courses, not counted; the course page names it and cancels it', async () => {
    const who = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const slug = await courseSlug();
    // At a phone's width: the cards and the dialog must work there too.
    const page = await signedIn(who.token, `/course/payment/${slug}`, { width: 360, height: 780 });
    await page.getByRole('radio', { name: 'E-Wallet' }).check();
    await page.getByLabel('Select E-Wallet').selectOption({ label: 'GCash' });
    await page.getByRole('button', { name: 'Purchase Course' }).click();
    await page.waitForURL('**/sandbox/checkout/**');
    await page.getByRole('button', { name: 'Leave pending' }).click();
    await page.waitForURL(`**/course/${slug}?status=P`);
    const result = await dialog(page, 'Payment Pending');
    await result.getByRole('button', { name: 'Okay' }).click();

    const [user] = await app.server.database.db.select().from(users).where(eq(users.username, who.username));
    const [txn] = await app.server.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, user!.id)).orderBy(desc(paymentTransactions.id)).limit(1);

    await page.goto(`${app.origin('demo')}/student/courses`);
    const section = await visible(page.getByRole('region', { name: 'Payment pending' }));
    const card = section.getByRole('listitem').filter({ hasText: COURSE });
    await visible(card.getByText('Payment pending', { exact: true }));
    // GCash: P900 and 2.5 %.
    await visible(card.getByText('P922.50'));
    await visible(card.getByText(`#${txn!.id}`));
    await visible(card.getByRole('link', { name: 'Resume payment' }));
    await visible(card.getByRole('button', { name: 'Cancel payment' }));
    // Not an enrolment: no progress card, and the count stays at 0.
    await visible(page.getByText('No data to display'));
    expect(await page.getByRole('link', { name: 'View Course' }).count()).toBe(0);
    expect((await courseCount(page).innerText()).trim()).toBe('0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Resume payment goes back to the same checkout, which can still be paid.
    await card.getByRole('link', { name: 'Resume payment' }).click();
    await page.waitForURL('**/sandbox/checkout/**');
    await visible(page.getByRole('button', { name: 'Pay', exact: true }));

    // The course page's Payment Pending names the payment and cancels it.
    await page.goto(`${app.origin('demo')}/course/${slug}`);
    await page.getByRole('button', { name: 'Start Learning' }).click();
    const pending = await dialog(page, 'Payment Pending');
    await visible(pending.getByText('E-Wallet - GCash'));
    await visible(pending.getByText('P922.50'));
    await visible(pending.getByText(`#${txn!.id}`));
    await visible(pending.getByText('Lapses'));
    await pending.getByRole('button', { name: 'Cancel payment' }).click();
    // Asked first, with the safe answer in focus.
    const keep = await visible(pending.getByRole('button', { name: 'Keep payment' }));
    expect(await keep.evaluate((el) => el === document.activeElement)).toBe(true);
    await pending.getByRole('button', { name: 'Yes, cancel payment' }).click();
    await toast(page, 'Payment cancelled.');
    await pending.waitFor({ state: 'hidden' });
    await visible(page.getByRole('button', { name: /^Enroll/ }));

    await page.goto(`${app.origin('demo')}/student/courses`);
    await visible(page.getByText('No data to display'));
    expect(await page.getByRole('region', { name: 'Payment pending' }).count()).toBe(0);
  });
});
