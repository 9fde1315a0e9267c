import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { createCourse, createEnrolment, createOutline, createSchool } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { SHORT_VIDEO, startApp, type E2eApp } from './support/app';
import { visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const rgb = (selector: string) => `getComputedStyle(document.querySelector('${selector}')).backgroundColor`;

describe('the first paint', () => {
  it.each([
    ['light', 'rgb(248, 250, 252)', 'rgb(255, 255, 255)'],
    ['dark', 'rgb(11, 17, 32)', 'rgb(17, 24, 39)'],
  ] as const)('is the shell in the served page, before any script runs (%s)', async (scheme, page, bar) => {
    const { page: tab } = await app.newPage({ javaScriptEnabled: false, colorScheme: scheme, viewport: { width: 360, height: 640 } });
    await tab.goto(app.origin('demo'));
    await visible(tab.getByRole('status').getByText('Loading', { exact: true }));
    // As tall as the navigation bar the app draws next, so that nothing moves when it does.
    expect((await tab.locator('.shell-bar').boundingBox())!.height).toBe(65);
    expect(await tab.evaluate(rgb('body'))).toBe(page);
    expect(await tab.evaluate(rgb('.shell-bar'))).toBe(bar);
  });

  it('is allowed by the Content Security Policy, and the app replaces it', async () => {
    const response = await client(app.server.url).get('/', { host: 'demo.localhost' });
    const html = response.text;
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    // No inline script, which the policy would refuse: the shell is markup and an inline style only.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\bsrc=/.test(tag))).toBe(true);
    expect(html).toContain('class="shell-bar"');

    const { page } = await app.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto(`${app.origin('acme')}/courses`);
    await visible(page.getByRole('navigation', { name: 'Main' }));
    expect(await page.locator('.shell-bar').count()).toBe(0);
    expect(refused).toEqual([]);
  });
});

describe('a video lesson on a slow line', () => {
  it('says the video is loading until its first frame arrives', async () => {
    const db = app.server.database.db;
    const school = await createSchool(db);
    const course = await createCourse(db, { school, name: 'Evidence Refresher' });
    const [video] = await createOutline(db, course, [{ type: 'video', name: 'Lecture', ...SHORT_VIDEO }]);
    const enrolment = await createEnrolment(db, { course });
    const path = `/course/${course.slug}/module/${video!.id}`;

    const { page } = await app.newPage();
    // The media file is held, as a slow line holds it, until the test lets it through.
    const held: Route[] = [];
    await page.route('**/short-video.webm*', (route) => void held.push(route));
    await page.goto(await app.signInUrl(enrolment.student.token, { school: school.domain, redirect: path }));
    await page.waitForURL(`**${path}`);
    const loading = await visible(page.locator('.media-lesson').getByRole('status').filter({ hasText: 'Loading video' }));
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBe(0);
    expect(await page.locator('media-time-display').count()).toBe(0);

    await page.unroute('**/short-video.webm*');
    // The browser may have given up a held request and asked again: that one is gone.
    await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    await loading.waitFor({ state: 'detached' });
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    expect(await page.locator('media-time-display').count()).toBe(1);
  });
});
