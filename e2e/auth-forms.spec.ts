import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { authMessages as m, serverMessages } from '@school/shared/auth/messages';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { startApp, type E2eApp } from './support/app';
import { dialog, fieldError, openLogin, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function acme() {
  const { page } = await app.newPage();
  await page.goto(app.origin('acme'));
  await visible(page.getByRole('heading', { level: 1, name: 'Acme Training Institute' }));
  return page;
}

async function openSignup(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign up', exact: true }).click();
  return dialog(page, 'Create an account');
}

describe('sign-up form', () => {
  it('names every missing field, then each rule, and clears as it is corrected', async () => {
    const page = await acme();
    const modal = await openSignup(page);
    await modal.getByRole('button', { name: 'Sign up' }).click();
    expect(await fieldError(modal, 'Username')).toBe(m.usernameRequired);
    expect(await fieldError(modal, 'Email Address')).toBe(m.emailRequired);
    expect(await fieldError(modal, 'Password')).toBe(m.passwordRequired);
    expect(await fieldError(modal, 'Confirm Password')).toBe(m.passwordRequired);

    await modal.getByLabel('Username').fill('juan');
    await modal.getByLabel('Email Address').fill('juan@');
    await modal.getByLabel('Password', { exact: true }).fill('abc12');
    await modal.getByLabel('Confirm Password').fill('abc');
    await modal.getByRole('button', { name: 'Sign up' }).click();
    expect(await fieldError(modal, 'Email Address')).toBe(m.emailInvalid);
    expect(await fieldError(modal, 'Password')).toBe(m.passwordTooShort);
    expect(await fieldError(modal, 'Confirm Password')).toBe(m.passwordMismatch);
    expect(await modal.locator('.field').filter({ has: page.getByLabel('Username') }).locator('.field-error').count()).toBe(0);

    await modal.getByLabel('Password', { exact: true }).fill('12345678');
    await modal.getByRole('button', { name: 'Sign up' }).click();
    expect(await fieldError(modal, 'Password')).toBe(m.passwordDigitsOnly);
  });

  it("shows the server's field errors under the fields", async () => {
    const page = await acme();
    const modal = await openSignup(page);
    await modal.getByLabel('Username').fill('student');
    await modal.getByLabel('Email Address').fill('student@example.com');
    await modal.getByLabel('Password', { exact: true }).fill('secret123');
    await modal.getByLabel('Confirm Password').fill('secret123');
    await modal.getByRole('button', { name: 'Sign up' }).click();
    expect(await fieldError(modal, 'Username')).toBe(serverMessages.usernameTaken);
    expect(await fieldError(modal, 'Email Address')).toBe(serverMessages.emailTaken);
  });

  it('toggles the password between hidden and shown', async () => {
    const page = await acme();
    const modal = await openSignup(page);
    const input = modal.getByLabel('Password', { exact: true });
    expect(await input.getAttribute('type')).toBe('password');
    await modal.getByRole('button', { name: 'Show password' }).first().click();
    expect(await input.getAttribute('type')).toBe('text');
  });
});

describe('login form', () => {
  it('checks nothing in the page: empty fields go to the server, whose errors show under them', async () => {
    const page = await acme();
    const modal = await openLogin(page);
    const logins: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/api-token-auth/') && logins.push(r.url()));
    await modal.getByRole('button', { name: 'Login account' }).click();
    expect(await fieldError(modal, 'Username or Email')).toBe(m.usernameRequired);
    expect(await fieldError(modal, 'Password')).toBe(m.passwordRequired);
    expect(logins).toHaveLength(1);
  });

  it("shows the server's form error as a banner", async () => {
    const page = await acme();
    const modal = await openLogin(page);
    await modal.getByLabel('Username or Email').fill('student');
    await modal.getByLabel('Password', { exact: true }).fill('wrong-password1');
    await modal.getByRole('button', { name: 'Login account' }).click();
    const banner = await visible(modal.getByRole('alert'));
    expect(await banner.textContent()).toBe(serverMessages.badCredentials);
  });

  it('logs in by email, keeps the session across a reload, and logs out with a toast', async () => {
    const page = await acme();
    const modal = await openLogin(page);
    await modal.getByLabel('Username or Email').fill('student@example.com');
    await modal.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await modal.getByLabel('Keep me logged in').check();
    await modal.getByRole('button', { name: 'Login account' }).click();
    await visible(page.getByRole('button', { name: /^Account menu/ }));
    expect(await page.evaluate(() => [localStorage.getItem('role'), localStorage.getItem('userId'), localStorage.getItem('studentId')])).toEqual(['ST', expect.any(String), expect.any(String)]);
    await page.reload();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await visible(page.locator('[data-sonner-toast]').filter({ hasText: 'User logged out.' }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await visible(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }));
  });

  it('keeps an unticked session out of local storage', async () => {
    const page = await acme();
    const modal = await openLogin(page);
    await modal.getByLabel('Username or Email').fill('student');
    await modal.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await modal.getByRole('button', { name: 'Login account' }).click();
    await visible(page.getByRole('button', { name: /^Account menu/ }));
    expect(await page.evaluate(() => [localStorage.getItem('token'), Boolean(sessionStorage.getItem('token'))])).toEqual([null, true]);
  });

  it('switches between the four forms by their links', async () => {
    const page = await acme();
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot Password?' }).click();
    const forgot = await dialog(page, 'Forgot Password');
    await forgot.getByRole('button', { name: 'Remembered your password?' }).click();
    const back = await dialog(page, 'Welcome back!');
    await back.getByRole('button', { name: 'Sign up' }).click();
    const signup = await dialog(page, 'Create an account');
    await signup.getByRole('button', { name: 'Login' }).click();
    await dialog(page, 'Welcome back!');
  });
});

describe('forgot and reset forms', () => {
  it('checks the email before sending', async () => {
    const page = await acme();
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot Password?' }).click();
    const modal = await dialog(page, 'Forgot Password');
    await modal.getByRole('button', { name: 'Send' }).click();
    expect(await fieldError(modal, 'Email Address')).toBe(m.emailRequired);
    await modal.getByLabel('Email Address').fill('not-an-email');
    await modal.getByRole('button', { name: 'Send' }).click();
    expect(await fieldError(modal, 'Email Address')).toBe(m.emailInvalid);
  });

  it('applies the password rules and shows a bad link as a banner', async () => {
    const { page } = await app.newPage();
    await page.goto(`${app.origin('acme')}/reset_password/bm90LWEtbGluaw`);
    const modal = await dialog(page, 'Reset Password');
    await modal.getByRole('button', { name: 'Send' }).click();
    expect(await fieldError(modal, 'New Password')).toBe(m.passwordRequired);
    expect(await fieldError(modal, 'Confirm Password')).toBe(m.passwordRequired);
    await modal.getByLabel('New Password').fill('abcdefgh1');
    await modal.getByLabel('Confirm Password').fill('abcdefgh2');
    await modal.getByRole('button', { name: 'Send' }).click();
    expect(await fieldError(modal, 'Confirm Password')).toBe(m.passwordMismatch);
    await modal.getByLabel('Confirm Password').fill('abcdefgh1');
    await modal.getByRole('button', { name: 'Send' }).click();
    const banner = await visible(modal.getByRole('alert'));
    expect(await banner.textContent()).toBe(serverMessages.resetLinkInvalid);
  });
});
