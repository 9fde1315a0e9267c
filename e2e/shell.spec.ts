import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { createSchool } from '../apps/server/test/support/factories';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { closeAnnouncement, closeToast, currentPeriod, dialog, expectText, login, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const primaryOf = (page: import('playwright-core').Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());

describe('the school shell', () => {
  it('shows each school on its own host with its name, colour, contacts and flags', async () => {
    const { page } = await app.newPage();
    await page.goto(app.origin('demo'));
    await visible(page.getByRole('heading', { level: 1, name: 'Juris Academy' }));
    expect(await primaryOf(page)).toBe('#1d4ed8');
    expect(await page.title()).toBe('Juris Academy');
    await closeAnnouncement(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Courses', 'Course Bundles', 'FAQs']);
    const footer = page.getByRole('contentinfo');
    await visible(footer.getByText('Mobile: +639171234567'));
    await visible(footer.getByRole('link', { name: 'LinkedIn' }));
    await visible(footer.getByText(`© ${new Date().getFullYear()} Juris Academy. All rights reserved.`));
    await visible(footer.getByAltText('SchoolPlatform'));

    await page.goto(app.origin('acme'));
    await visible(page.getByRole('heading', { level: 1, name: 'Acme Training Institute' }));
    expect(await primaryOf(page)).toBe('#b91c1c');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual(['Courses', 'Course Bundles']);
    expect(await page.getByRole('button', { name: 'How To' }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await visible(page.getByRole('contentinfo').getByRole('link', { name: 'GitHub' }));
  });

  it('sends an unknown school and an unknown page to the not-found page', async () => {
    const { page } = await app.newPage();
    await page.goto(app.origin('nowhere'));
    await page.waitForURL('**/error-404');
    await expectText(page, "Oh snap, We can't find the page you are looking for!");
    await page.goto(`${app.origin('demo')}/no/such/page`);
    await closeAnnouncement(page);
    await expectText(page, "Oh snap, We can't find the page you are looking for!");
    await page.getByRole('link', { name: 'Back to the school dashboard' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Juris Academy' }));
  });

  it('sends a school lookup that fails on the server to the not-found page, which shows without a school', async () => {
    const { page } = await app.newPage();
    // The server cannot be made to fail here: the browser's own lookup answers 500.
    await page.route('**/api/v1/school/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Server error."}' }));
    await page.goto(`${app.origin('demo')}/courses`);
    await page.waitForURL('**/error-404');
    await expectText(page, "Oh snap, We can't find the page you are looking for!");
    await visible(page.getByRole('link', { name: 'Back to the school dashboard' }));
    expect(await page.getByRole('contentinfo').count()).toBe(0);

    // The server is back: the way back asks again, and the school's site shows.
    await page.unroute('**/api/v1/school/**');
    await page.getByRole('link', { name: 'Back to the school dashboard' }).click();
    await page.waitForURL(`${app.origin('demo')}/`);
    await visible(page.getByRole('contentinfo'));
  });

  it('keeps dark mode over a reload', async () => {
    const { page } = await app.newPage();
    await page.goto(app.origin('acme'));
    const toggle = await visible(page.getByRole('button', { name: 'Dark mode' }));
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Acme Training Institute' }));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(11, 17, 32)');
  });

  it("plays the school's how-to video and shows the FAQ page", async () => {
    const { page } = await app.newPage();
    await page.goto(app.origin('demo'));
    await closeAnnouncement(page);
    await page.getByRole('button', { name: 'How To' }).click();
    const modal = await dialog(page, 'How To');
    const duration = await modal.locator('video').evaluate(
      (video: HTMLVideoElement) => new Promise<number>((resolve) => (video.readyState >= 1 ? resolve(video.duration) : video.addEventListener('loadedmetadata', () => resolve(video.duration)))),
    );
    expect(duration).toBeGreaterThan(3);
    await modal.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'FAQs' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }));
    // The questions the school wrote in the console, each a heading over its answer.
    await visible(page.getByRole('heading', { level: 2, name: 'How many MCLE units do I need?' }));
    await visible(page.getByRole('region', { name: 'How do I get my certificate?' }).getByText('My Certificates'));
    expect(await seriousViolations(page)).toEqual([]);

    // A school that wrote none but has a FAQ page elsewhere shows that page in a frame.
    const framed = await createSchool(app.server.database.db, { faqUrl: 'https://help.example.com/faq' });
    await page.goto(`${app.origin(framed.domain)}/faqs`);
    const frame = await visible(page.locator(`iframe[title="${framed.name} frequently asked questions"]`));
    expect(await frame.getAttribute('src')).toBe('https://help.example.com/faq');
  });

  it('pins the header after 220 px and scrolls to the top on a route change', async () => {
    const { page } = await app.newPage({ viewport: { width: 1280, height: 400 } });
    await page.goto(app.origin('acme'));
    // The bar itself, not the empty frame that holds its place until the school has loaded.
    const header = await visible(page.locator('header.navbar[data-pinned]'));
    expect(await header.getAttribute('data-pinned')).toBe('false');
    // The page grows as its course sections arrive; scroll once it is tall enough.
    await page.getByRole('heading', { name: 'Top Courses' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(() => window.scrollY >= 300 && document.querySelector('header.navbar')?.getAttribute('data-pinned') === 'true');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Courses', exact: true }).click();
    await page.waitForURL('**/courses');
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it('fits a 360 px screen with a working mobile menu', async () => {
    const { page } = await app.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(app.origin('acme'));
    await visible(page.getByRole('heading', { level: 1, name: 'Acme Training Institute' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = await visible(page.getByRole('navigation', { name: 'Mobile' }));
    await menu.getByRole('button', { name: 'Sign up' }).click();
    await dialog(page, 'Create an account');
  });

  it('fits a 360 px screen when logged in, with the account entries in the mobile menu', async () => {
    const { page } = await app.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(app.origin('demo'));
    await closeAnnouncement(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await (await visible(page.getByRole('navigation', { name: 'Mobile' }))).getByRole('button', { name: 'Login' }).click();
    const modal = await dialog(page, 'Welcome back!');
    await modal.getByLabel('Username or Email').fill('student');
    await modal.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await modal.getByRole('button', { name: 'Login account' }).click();
    await modal.waitFor({ state: 'hidden' });

    const avatar = await visible(page.getByRole('button', { name: 'Account menu for Maria Santos Reyes' }));
    const toggle = await visible(page.getByRole('button', { name: 'Open menu' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const control of [avatar, toggle]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }

    await toggle.click();
    const menu = await visible(page.getByRole('navigation', { name: 'Mobile' }));
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Courses', 'Course Bundles', 'FAQs', 'Forums', 'My Profile', 'My Courses', 'My Classes', 'My Certificates']);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'User logged out.');
    await closeToast(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Login' }));
    expect(await avatar.count()).toBe(0);
  });

  it('gives focus back to the control that opened a modal, on Escape and on Close', async () => {
    const { page } = await app.newPage();
    await page.goto(app.origin('acme'));
    const login = page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });
    const isFocused = () => login.evaluate((button) => button === document.activeElement);
    await login.click();
    const modal = await dialog(page, 'Welcome back!');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await isFocused()).toBe(true);

    await login.click();
    await (await dialog(page, 'Welcome back!')).getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await isFocused()).toBe(true);
  });

  it('shows Forums, the bell and the avatar menu only when logged in, and redirects protected routes', async () => {
    const { page } = await app.newPage();
    await page.goto(`${app.origin('demo')}/student/profile`);
    await page.waitForURL(app.origin('demo') + '/');
    await closeAnnouncement(page);
    expect(await page.getByRole('link', { name: 'Forums' }).count()).toBe(0);
    await login(page, 'student', DEMO_PASSWORD);
    await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forums' }));
    // The three welcome lines, the live class and the answer to the forum question (notifications-demo.ts); the rest are read.
    const bell = await visible(page.getByRole('button', { name: 'Notifications, 5 unread' }));
    expect(await page.getByTestId('notification-badge').textContent()).toBe('5');
    await bell.click();
    await visible(page.getByRole('region', { name: 'Notifications' }).getByText(`${currentPeriod} is now open.`, { exact: false }));
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await visible(page.getByRole('button', { name: 'Notifications', exact: true }));
    await page.keyboard.press('Escape');

    const avatar = page.getByRole('button', { name: 'Account menu for Maria Santos Reyes' });
    expect(await avatar.locator('.avatar-initials').textContent()).toBe('MR');
    // The name holds the initials shown (WCAG 2.5.3), for those who speak to their browser.
    await visible(page.getByRole('button', { name: 'Account menu for Maria Santos Reyes MR', exact: true }));
    await avatar.click();
    expect(await page.locator('#user-menu').getByRole('link').allTextContents()).toEqual(['My Profile', 'My Courses', 'My Classes', 'My Certificates']);
    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL('**/student/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Basic Profile' }));
  });
});
