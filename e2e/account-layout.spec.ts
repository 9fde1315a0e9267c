import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerStudent } from '../apps/server/test/support/factories';
import { startApp, type E2eApp } from './support/app';
import { visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const PHONE = { width: 360, height: 640 };

/** A new student of the demo school (every tab: MCLE, ID, wallet), signed in at one tab of the account area. */
async function openTab(tab: string, viewport: { width: number; height: number }, theme: 'light' | 'dark' = 'light') {
  const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
  const { page, context } = await app.newPage({ viewport });
  await context.addInitScript((chosen) => {
    localStorage.setItem('theme', chosen);
    for (let id = 1; id < 10; id++) sessionStorage.setItem(`announcement-seen:${id}`, '1');
  }, theme);
  await page.goto(await app.signInUrl(student.token, { redirect: `/student/${tab}` }));
  await page.waitForURL(`**/student/${tab}`);
  return { page, context };
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Account' });

describe('the account area on a phone', () => {
  it.each([
    ['profile', 'Basic Profile'],
    ['apt-wallet', 'APT Wallet'],
  ])("starts the %s tab's content within the first screen, its tab in view in a row that scrolls", async (tab, label) => {
    const { page, context } = await openTab(tab, PHONE);
    const heading = await visible(page.locator('.account-panel').getByRole('heading', { level: 2, name: label }));
    const top = (await heading.boundingBox())!;
    expect(top.y + top.height).toBeLessThanOrEqual(PHONE.height);
    // The compact header keeps the name and the numbers.
    await visible(page.getByRole('region', { name: 'Account summary' }).getByText('Certificates'));

    // Ten tabs in one row wider than the screen: the row scrolls in its own box, never the page.
    const row = tabBar(page).getByRole('list');
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const links = tabBar(page).getByRole('link');
    expect(await links.count()).toBe(10);
    const first = (await links.nth(0).boundingBox())!;
    const second = (await links.nth(1).boundingBox())!;
    expect(second.y).toBe(first.y);
    // The open tab is scrolled into the row's view, the last one too.
    const open = (await tabBar(page).locator('[aria-current="page"]').boundingBox())!;
    const bar = await box(page, '.account-tabs ul');
    expect(open.x).toBeGreaterThanOrEqual(bar.x);
    expect(open.x + open.width).toBeLessThanOrEqual(bar.x + bar.width);
    await context.close();
  });

  it('moves between tabs from the row, and reads well in dark mode', async () => {
    const { page, context } = await openTab('profile', PHONE, 'dark');
    await tabBar(page).getByRole('link', { name: 'My Certificates' }).click();
    await page.waitForURL('**/student/certificates');
    await visible(page.locator('.account-panel').getByRole('heading', { level: 2, name: 'My Certificates' }));
    // Tabs read in the text colour (the site's dark links are a tint of the school's colour), the open one on it.
    const colour = (selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).color);
    expect(await colour('.account-tabs a:not([aria-current])')).toBe(await colour('.account-identity h2'));
    const results = await new AxeBuilder({ page }).include('.account-header').include('.account-tabs').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await context.close();
  });
});

describe('the account area on a desktop', () => {
  it('keeps the tabs as a column beside the panel, all in view', async () => {
    const { page, context } = await openTab('classes', { width: 1280, height: 800 });
    await visible(page.locator('.account-panel').getByRole('heading', { level: 2, name: 'My Classes' }));
    const nav = await box(page, '.account-tabs');
    const panel = await box(page, '.account-panel');
    expect(nav.x + nav.width).toBeLessThan(panel.x);
    const links = tabBar(page).getByRole('link');
    const first = (await links.nth(0).boundingBox())!;
    const last = (await links.nth(9).boundingBox())!;
    expect(last.x).toBe(first.x);
    expect(last.y).toBeGreaterThan(first.y);
    expect(await tabBar(page).getByRole('list').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await context.close();
  });
});
