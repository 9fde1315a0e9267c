import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type E2eApp } from './support/app';
import { demoBrowser } from './support/demo-study';
import { visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

/** The course list of the demo school, and the name of its first course. */
async function courseList(page: Page) {
  await page.goto(`${app.origin('demo')}/courses`);
  const title = await visible(page.locator('.card .card-title'));
  return (await title.innerText()).trim();
}

/** Cuts the network for these requests (a real failure, no made-up answer); the answer restores it. */
async function cutOff(page: Page, url: RegExp) {
  await page.route(url, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(url);
}

/** The page's failure in the content area, under the school's navigation and above its footer. */
async function expectFailureInLayout(page: Page) {
  await visible(page.getByRole('heading', { level: 1, name: 'This page could not be loaded.' }));
  await visible(page.getByRole('alert').getByText('Check your internet connection, then try again.'));
  await visible(page.getByRole('navigation', { name: 'Main' }));
  await visible(page.getByRole('contentinfo'));
}

describe('a page that cannot be loaded', () => {
  it("keeps the layout when the course's details cannot be fetched, and Try again loads them", async () => {
    const { page } = await demoBrowser(app);
    const name = await courseList(page);
    const restore = await cutOff(page, /\/api\/v1\/courses\/\d+\/$/);
    await page.getByRole('link', { name: `View Course: ${name}` }).click();
    await expectFailureInLayout(page);

    await restore();
    await page.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByRole('heading', { level: 1, name }));
    expect(await page.getByRole('heading', { name: 'This page could not be loaded.' }).count()).toBe(0);
  });

  it("keeps the layout when the page's code cannot be fetched, and Try again reloads it", async () => {
    const { page } = await demoBrowser(app);
    const name = await courseList(page);
    const restore = await cutOff(page, /\/assets\/course-page-[\w-]+\.js$/);
    await page.getByRole('link', { name: `View Course: ${name}` }).click();
    await expectFailureInLayout(page);

    await restore();
    await page.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByRole('heading', { level: 1, name }));
  });
});
