import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompliancePeriod } from '@school/shared/lookups/schemas';
import { certificateService } from '../apps/server/src/modules/certificates/service';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { eligibleStudent, waitFor } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { nearlyFinish, signedInAt } from './support/demo-study';
import { visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const demo = { host: 'demo.localhost' };
const api = () => client(app.server.url);
const CHART = 'Units earned and required by subject area';
const SIGNATURE = `data:image/png;base64,${(await sharp({ create: { width: 40, height: 16, channels: 3, background: '#ffffff' } }).png().toBuffer()).toString('base64')}`;

const currentPeriod = async () => ((await api().get('/api/v1/compliance_periods/')).body.data as CompliancePeriod[]).find((p) => p.is_current)!;

const signedIn = async (token: string, path: string, viewport?: { width: number; height: number }) => (await signedInAt(app, token, path, viewport)).page;

/** Finishes a free demo course: all but its reading done by nearlyFinish, the reading completed last; then signs. */
async function finish(as: { token: string; host: string }, courseName: string, period: number) {
  const { enrollmentId, last } = await nearlyFinish(app, as, courseName, 'Reading: leading cases', period);
  await api().get(`/api/v1/coursewares/${last.id}/`, as);
  const done = await api().post(`/api/v1/coursewares/${last.id}/complete/`, {}, as);
  expect(done.status, done.text).toBe(200);
  const signed = await api().post(`/api/v1/enrollments/${enrollmentId}/certification/`, { full_name: 'Test Student', signature: SIGNATURE, agree: true }, as);
  expect(signed.status, signed.text).toBe(201);
}

/** A row of the areas table: Required, Earned, Missing. */
const areaRow = (page: Page, label: string) =>
  page
    .getByRole('table', { name: 'Units by subject area' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell')
    .allInnerTexts();

/** The fills of the chart's bars (recharts draws each bar as a path). */
const barFills = (page: Page) => page.locator('.compliance-chart .recharts-bar-rectangle path').evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')));

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('MCLE compliance tracker', () => {
  it('adds up the certificates of two subject areas, says what is missing, suggests courses and downloads the summary', { timeout: 120_000 }, async () => {
    const who = await eligibleStudent(app.server.url, demo);
    const as = { token: who.token, ...demo };
    const period = await currentPeriod();
    await finish(as, 'Code of Professional Responsibility and Accountability', period.id);
    await finish(as, 'Court-Annexed Mediation', period.id);
    // The issuing job draws both certificates a moment later.
    const mine = await waitFor(async () => {
      const list = (await api().get(`/api/v1/students/${who.student_id}/certificates/`, as)).body as { count: number; data: { code: string }[] };
      return list.count === 2 ? list.data : null;
    }, 30_000);

    const page = await signedIn(who.token, '/student/compliance');
    const select = await visible(page.getByLabel('Compliance period'));
    expect(await select.inputValue()).toBe(String(period.id));
    await visible(page.getByText('8 of 36 units', { exact: true }));
    await visible(page.getByText('Not yet complete for this compliance period'));
    expect(await areaRow(page, 'Legal Ethics')).toEqual(['6', '6', '0']);
    expect(await areaRow(page, 'Alternative Dispute Resolution')).toEqual(['5', '2', '3']);
    expect(await areaRow(page, 'Trial and Pretrial Skills')).toEqual(['4', '0', '4']);

    // The chart: an SVG with its accessible name, its earned bars in the school's colour.
    const chart = await visible(page.getByRole('application', { name: CHART }));
    expect(await chart.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
    expect(primary).toMatch(/^#/);
    await waitFor(async () => (await barFills(page)).includes(primary) || null);

    const missing = page.getByRole('region', { name: 'What is missing' });
    await visible(missing.getByRole('listitem').filter({ hasText: 'Alternative Dispute Resolution' }).filter({ hasText: '3 units' }));
    await visible(missing.getByRole('listitem').filter({ hasText: 'Trial and Pretrial Skills' }).filter({ hasText: '4 units' }));
    expect(await missing.getByRole('listitem').filter({ hasText: 'Legal Ethics' }).count()).toBe(0);

    // Each counted certificate leads to its public page.
    const counted = page.getByRole('region', { name: 'Certificates that count' });
    for (const { code } of mine) expect(await counted.getByRole('link', { name: `Certificate ${code}` }).getAttribute('href')).toBe(`/certificates/${code}`);
    await visible(counted.getByText('Court-Annexed Mediation'));

    expect(await seriousViolations(page)).toEqual([]);

    // The summary PDF, fetched with the token and saved by the page.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download summary (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe('mcle-compliance-summary.pdf');
    const pdf = await PDFDocument.load(await readFile((await download.path())!));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`MCLE compliance summary: Test Student, ${period.name}`);

    // Dark mode: the chart's colours follow the dark palette, and nothing fails axe.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(page.getByRole('application', { name: CHART }));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // The bars are drawn after the chart's frame (an animation frame later on a busy machine).
    await waitFor(async () => (await barFills(page)).some((fill) => fill?.startsWith('color-mix(')) || null);
    expect(await seriousViolations(page)).toEqual([]);

    // A suggestion covering a missing area is a real course page.
    const suggestions = page.getByRole('region', { name: 'Courses and bundles that cover it' });
    const suggestion = await visible(suggestions.getByRole('link'));
    const name = await suggestion.innerText();
    await suggestion.click();
    await page.waitForURL('**/course/*');
    await visible(page.getByRole('heading', { level: 1, name }));

    // A phone's width: nothing runs off the side, and the table fits without scrolling in its box.
    const phone = await signedIn(who.token, '/student/compliance', { width: 360, height: 740 });
    await visible(phone.getByRole('application', { name: CHART }));
    await visible(phone.getByText('8 of 36 units', { exact: true }));
    expect(await scrollWidth(phone)).toBeLessThanOrEqual(360);
    const box = phone.getByRole('region', { name: 'Units by subject area' });
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
  });

  it("counts the demo student's two seeded certificates", async () => {
    const login = await api().post('/api/v1/api-token-auth/', { username: 'student', password: DEMO_PASSWORD }, demo);
    expect(login.status, login.text).toBe(200);
    // The server's start sweeps the demo's finished courses; this test server starts without it.
    await certificateService(app.server.app).issueOverdue();
    const page = await signedIn(login.body.token, '/student/compliance');
    await visible(page.getByText('7 of 36 units', { exact: true }));
    const counted = page.getByRole('region', { name: 'Certificates that count' });
    expect(await counted.getByRole('listitem').count()).toBe(2);
    await visible(counted.getByText('Code of Professional Responsibility and Accountability'));
    await visible(counted.getByText('E-Filing and Videoconference Hearings'));
    expect(await areaRow(page, 'Legal Ethics')).toEqual(['6', '6', '0']);
    expect(await areaRow(page, 'Other Subjects')).toEqual(['6', '1', '5']);
  });
});
