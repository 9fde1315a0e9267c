import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createEnrolment, createOutline, createSchool } from '../apps/server/test/support/factories';
import { SHORT_VIDEO, startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { closeAnnouncement, dialog, openLogin } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe('accessibility (axe-core)', () => {
  it.each(['light', 'dark'])('the landing page in %s mode', async (theme) => {
    const { page, context } = await app.newPage();
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto(app.origin('demo'));
    expect(await seriousViolations(page), 'with the announcement').toEqual([]);
    await closeAnnouncement(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('each auth form', async () => {
    const { page } = await app.newPage();
    await page.goto(app.origin('acme'));
    const login = await openLogin(page);
    expect(await seriousViolations(page), 'login').toEqual([]);
    await login.getByRole('button', { name: 'Login account' }).click();
    await login.getByRole('button', { name: 'Sign up' }).click();
    const signup = await dialog(page, 'Create an account');
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await signup.locator('.field-error').first().waitFor();
    expect(await seriousViolations(page), 'sign up with errors').toEqual([]);
    await signup.getByRole('button', { name: 'Login' }).click();
    await (await dialog(page, 'Welcome back!')).getByRole('button', { name: 'Forgot Password?' }).click();
    await dialog(page, 'Forgot Password');
    expect(await seriousViolations(page), 'forgot').toEqual([]);
    await page.goto(`${app.origin('acme')}/reset_password/abc`);
    await dialog(page, 'Reset Password');
    expect(await seriousViolations(page), 'reset').toEqual([]);
  });

  it('the account area tabs with their forms', async () => {
    const { client } = await import('../apps/server/test/support/http');
    const token = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'student', password: 'Learn2026!' })).body.token;
    const { page, context } = await app.newPage();
    await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
    for (const tab of ['profile', 'mcle-profile', 'email', 'change-password']) {
      await page.goto(await app.signInUrl(token, { redirect: `/student/${tab}` }));
      await page.waitForURL(`**/student/${tab}`);
      await page.locator('.account-panel form, .account-panel .account-form').first().waitFor();
      expect(await seriousViolations(page), tab).toEqual([]);
    }
  });

  it('the catalogue: course list, course page and bundle list', async () => {
    const { page, context } = await app.newPage();
    await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
    await page.goto(`${app.origin('demo')}/courses`);
    await page.locator('.card').first().waitFor();
    expect(await seriousViolations(page), 'courses').toEqual([]);
    await page.locator('.card a').first().click();
    await page.getByRole('complementary', { name: 'Course details' }).waitFor();
    expect(await seriousViolations(page), 'course page').toEqual([]);
    await page.goto(`${app.origin('demo')}/course-bundles`);
    await page.locator('.card').first().waitFor();
    expect(await seriousViolations(page), 'bundles').toEqual([]);
  });

  it('the login dialog with its wallet login, signed in the navbar avatar', async () => {
    const { page, context } = await app.newPage();
    await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
    await page.goto(app.origin('demo'));
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Log in with wallet' }).waitFor();
    expect(await seriousViolations(page), 'login with the wallet').toEqual([]);
    await login.getByLabel('Username or Email').fill('student');
    await login.getByLabel('Password', { exact: true }).fill('Learn2026!');
    await login.getByRole('button', { name: 'Login account' }).click();
    await page.locator('.avatar-initials').waitFor();
    expect(await seriousViolations(page), 'signed in').toEqual([]);
  });

  it('the player: header controls and a video lesson', async () => {
    const db = app.server.database.db;
    const school = await createSchool(db, { products: { mcle: false } });
    const course = await createCourse(db, { school, name: 'Evidence Refresher' });
    const [video] = await createOutline(db, course, [{ type: 'video', name: 'Lecture', ...SHORT_VIDEO }]);
    const enrolment = await createEnrolment(db, { course });
    const path = `/course/${course.slug}/module/${video!.id}`;
    const { page } = await app.newPage();
    await page.goto(await app.signInUrl(enrolment.student.token, { school: school.domain, redirect: path }));
    await page.getByRole('heading', { level: 1, name: 'Lecture' }).waitFor();
    await page.locator('media-controller').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each([
    ['/terms', 'Terms of Use'],
    ['/privacy', 'Privacy Policy'],
    ['/help/wallet', 'L2E Coins and wallets'],
  ])('the page %s at 360 px', async (path, title) => {
    const { page, context } = await app.newPage({ viewport: { width: 360, height: 740 } });
    await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
    await page.goto(app.origin('demo') + path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the not-found page', async () => {
    const { page } = await app.newPage();
    await page.goto(`${app.origin('acme')}/missing`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
