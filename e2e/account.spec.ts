import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { profileMessages as m, profileServerMessages as s } from '@school/shared/account/messages';
import { authMessages, serverMessages, sessionMessages } from '@school/shared/auth/messages';
import { eq } from 'drizzle-orm';
import { students } from '../apps/server/src/db/schema/index';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { registerStudent } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { dialog, fieldError, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

/** Signs a browser in with a token, as "View Course" does, and opens a tab of the account area. */
async function openAccount(school: string, token: string, tab = 'profile') {
  const { page, context } = await app.newPage();
  // The demo school's announcement would cover the page; it shows once per browser session.
  await context.addInitScript(() => {
    for (let id = 1; id < 10; id++) sessionStorage.setItem(`announcement-seen:${id}`, '1');
  });
  await page.goto(await app.signInUrl(token, { school, redirect: `/student/${tab}` }));
  await page.waitForURL(`**/student/${tab}`);
  await visible(page.getByRole('navigation', { name: 'Account' }));
  return page;
}

/** Cuts the network for these requests (a real failure, no made-up answer); the answer restores it. */
async function cutOff(page: Page, url: RegExp) {
  await page.route(url, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(url);
}

const tabNames = (page: Page) => page.getByRole('navigation', { name: 'Account' }).getByRole('link').allInnerTexts();
const panel = (page: Page) => page.locator('.account-panel');

describe('tabs', () => {
  it("shows an empty wallet as 'No Transaction found.'", async () => {
    // Signed up at a school without coins, so no sign-up reward; the wallet tab shows on the demo school's site.
    const student = await registerStudent(app.server.url, { host: 'acme.localhost' });
    const page = await openAccount('demo', student.token, 'apt-wallet');
    await visible(panel(page).getByText('No Transaction found.'));
  });

  it('follow the role and the school products, with warnings where something is missing', async () => {
    const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const page = await openAccount('demo', student.token);
    const names = (await tabNames(page)).map((t) => t.replace('!', '').trim());
    expect(names).toEqual(['Basic Profile', 'MCLE Profile', 'Authenticate ID', 'Email Settings', 'My Courses', 'My Classes', 'My Certificates', 'MCLE Compliance', 'Change Password', 'APT Wallet']);
    const warned = await page.getByRole('navigation', { name: 'Account' }).getByRole('link').filter({ has: page.getByRole('img', { name: 'needs attention' }) }).allInnerTexts();
    expect(warned.map((t) => t.replace('!', '').trim())).toEqual(['Basic Profile', 'MCLE Profile', 'Authenticate ID', 'Email Settings']);
    await visible(page.getByText('N/A', { exact: true }));
    // A new student of the demo school starts with its sign-up reward.
    await page.getByRole('link', { name: 'APT Wallet' }).click();
    await visible(panel(page).getByText('Sign-up reward for MCLE Reviewers PH members: L2E Coins for a 36-unit MCLE bundle'));
    await page.getByRole('link', { name: 'My Certificates' }).click();
    await visible(panel(page).getByText('No data to display'));

    const acme = await openAccount('acme', student.token);
    expect((await tabNames(acme)).map((t) => t.replace('!', '').trim())).toEqual(['Basic Profile', 'Email Settings', 'My Courses', 'My Classes', 'My Certificates', 'Change Password']);

    const admin = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD })).body.token;
    const staff = await openAccount('demo', admin);
    expect(await tabNames(staff)).toEqual(['Basic Profile', 'Email Settings', 'Change Password']);
    expect(await staff.getByLabel('Birthday').count()).toBe(0);
  });

  it('shows the complete student without warnings for profile, MCLE and email', async () => {
    const token = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'student', password: DEMO_PASSWORD })).body.token;
    const page = await openAccount('demo', token);
    const warned = await page.getByRole('navigation', { name: 'Account' }).getByRole('link').filter({ has: page.getByRole('img', { name: 'needs attention' }) }).allInnerTexts();
    expect(warned.map((t) => t.replace('!', '').trim())).toEqual(['Authenticate ID']);
    await visible(page.getByText('+639170000001', { exact: true }));
    expect(await page.getByLabel('Country Code').inputValue()).toBe('63');
    await page.getByRole('link', { name: 'Email Settings' }).click();
    await visible(panel(page).getByText('Your email address is verified.'));
  });
});

describe('failed loads', () => {
  it("show 'Try again' in place of an empty list, and load once the network is back", { timeout: 120_000 }, async () => {
    const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const page = await openAccount('demo', student.token);
    const cases = [
      { tab: 'courses', url: /\/enrollments\/\?/, what: 'Your courses', loaded: 'No data to display' },
      { tab: 'certificates', url: /\/certificates\/\?/, what: 'Your certificates', loaded: 'No data to display' },
      { tab: 'apt-wallet', url: /\/wallets\/transactions\/\?/, what: 'Your wallet', loaded: 'Sign-up reward' },
      // The balance alone: it used to stay '…'.
      { tab: 'apt-wallet', url: /\/wallets\/$/, what: 'Your wallet', loaded: /^[\d,]+ L2E Coins$/ },
    ];
    for (const { tab, url, what, loaded } of cases) {
      const restore = await cutOff(page, url);
      await page.goto(`${app.origin('demo')}/student/${tab}`);
      const failure = await visible(panel(page).getByRole('alert').filter({ hasText: `${what} could not be loaded.` }));
      expect(await panel(page).getByText(/No data to display|No Transaction found\./).count(), tab).toBe(0);
      await restore();
      await failure.getByRole('button', { name: 'Try again' }).click();
      await visible(panel(page).getByText(loaded));
    }
  });

  it('shows a failed account load on the page instead of leaving it', async () => {
    const student = await registerStudent(app.server.url, { host: 'acme.localhost' });
    const page = await openAccount('acme', student.token, 'email');
    const restore = await cutOff(page, /\/api\/v1\/students\/\d+\/$/);
    await page.goto(`${app.origin('acme')}/student/email`);
    const failure = await visible(page.getByRole('alert').filter({ hasText: 'Your account could not be loaded.' }));
    expect(new URL(page.url()).pathname).toBe('/student/email');
    await restore();
    await failure.getByRole('button', { name: 'Try again' }).click();
    await visible(panel(page).getByRole('heading', { name: 'Email Settings' }));
  });
});

describe('addresses and sessions', () => {
  it('opens Basic Profile for /student, an unknown tab and a tab this school does not have', async () => {
    const student = await registerStudent(app.server.url, { host: 'acme.localhost' });
    const page = await openAccount('acme', student.token, 'email');
    // Acme sells no coins: its students have no APT Wallet tab.
    for (const address of ['/student', '/student/', '/student/nonsense', '/student/apt-wallet']) {
      await page.goto(app.origin('acme') + address);
      await page.waitForURL('**/student/profile');
      await visible(panel(page).getByRole('heading', { name: 'Basic Profile' }));
    }
  });

  it('logs out with the expiry message when the own profile answers 404', async () => {
    const student = await registerStudent(app.server.url, { host: 'acme.localhost' });
    const page = await openAccount('acme', student.token, 'email');
    // The account is gone while its token still works: /students/{id}/ answers 404.
    await app.server.database.db.delete(students).where(eq(students.id, student.student_id));
    await page.goto(`${app.origin('acme')}/student/profile`);
    await toast(page, sessionMessages.sessionExpired);
    await page.waitForURL(app.origin('acme') + '/');
    await visible(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }));
    expect(await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'))).toBeNull();
  });
});

describe('basic profile and MCLE profile', () => {
  it('checks every field, then goes from profile to MCLE profile to identity verification', async () => {
    const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const page = await openAccount('demo', student.token);
    const form = panel(page);
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(form, 'First Name')).toBe(m.firstNameRequired);
    expect(await fieldError(form, 'Middle Name')).toBe(m.middleNameRequired);
    expect(await fieldError(form, 'Last Name')).toBe(m.lastNameRequired);
    expect(await fieldError(form, 'Mobile Number')).toBe(m.mobileRequired);
    expect(await fieldError(form, 'Birthday')).toBe(m.birthdayRequired);
    expect(await fieldError(form, 'Type')).toBe(m.typeRequired);
    await visible(form.getByText(m.genderRequired));
    // Editing a field clears its error.
    await form.getByLabel('First Name').fill('Ana');
    expect(await form.locator('.field').filter({ has: page.getByLabel('First Name') }).locator('.field-error').count()).toBe(0);

    await form.getByLabel('I have no middle name').check();
    await form.getByLabel('Last Name').fill('Luna');
    await form.getByLabel('Mobile Number').fill('9171112222');
    await form.getByLabel('Birthday').fill('1990-01-31');
    await form.getByLabel('Female').check();
    await form.getByLabel('Type').selectOption('S');
    await visible(form.getByLabel('School', { exact: true }));
    await visible(form.getByLabel('Course', { exact: true }));
    await form.getByLabel('Type').selectOption('P');
    await visible(form.getByLabel('Company'));
    await form.getByLabel('Type').selectOption('O');
    expect(await form.getByLabel('Company').count()).toBe(0);
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(form, 'Country Code')).toBe(m.countryCodeRequired);
    await form.getByLabel('Country Code').selectOption({ label: 'Philippines (+63)' });
    await form.getByRole('button', { name: 'Save' }).click();

    const saved = await dialog(page, m.updated);
    await visible(saved.getByText(m.thanks));
    await saved.getByRole('button', { name: m.continueToMcle }).click();
    await page.waitForURL('**/student/mcle-profile');
    await visible(page.getByText('+639171112222', { exact: true }));

    const mcle = panel(page);
    await mcle.getByRole('button', { name: 'Submit' }).click();
    for (const label of ['Roll Number', 'IBP Chapter', 'Law School', 'Company', 'Position', 'Address', 'Region', 'Province', 'City / Municipality', 'Zip Code']) {
      expect(await fieldError(mcle, label), label).toBe(m.fieldRequired);
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe('Roll Number');

    await mcle.getByLabel('Roll Number').fill('70112');
    await mcle.getByLabel('IBP Chapter').selectOption({ label: 'Makati City' });
    await mcle.getByLabel('Law School').selectOption('others');
    await mcle.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldError(mcle, 'Name of Law School')).toBe(m.fieldRequired);
    await mcle.getByLabel('Name of Law School').fill('Harvard Law School');
    await mcle.getByLabel('Company', { exact: true }).fill('Luna Law');
    await mcle.getByLabel('Position', { exact: true }).fill('Partner');
    await mcle.getByLabel('Address', { exact: true }).fill('5 Paseo de Roxas');

    // The cascade: each level starts disabled and empties the levels below when it changes.
    expect(await mcle.getByLabel('Province').isDisabled()).toBe(true);
    await mcle.getByLabel('Region').selectOption({ label: 'NCR - National Capital Region' });
    await mcle.getByLabel('Province').selectOption({ label: 'Metro Manila' });
    expect(await mcle.getByLabel('Zip Code').isDisabled()).toBe(true);
    await mcle.getByLabel('City / Municipality').selectOption({ label: 'Makati City' });
    expect(await mcle.getByLabel('Zip Code').locator('option').allInnerTexts()).toContain('1226 - Ayala-Paseo De Roxas');
    await mcle.getByLabel('Zip Code').selectOption('1226');
    await mcle.getByLabel('Region').selectOption({ label: 'CAR - Cordillera Administrative Region' });
    expect(await mcle.getByLabel('Province').inputValue()).toBe('');
    expect(await mcle.getByLabel('City / Municipality').isDisabled()).toBe(true);
    expect(await mcle.getByLabel('Zip Code').isDisabled()).toBe(true);
    await mcle.getByLabel('Region').selectOption({ label: 'NCR - National Capital Region' });
    await mcle.getByLabel('Province').selectOption({ label: 'Metro Manila' });
    await mcle.getByLabel('City / Municipality').selectOption({ label: 'Makati City' });
    await mcle.getByLabel('Zip Code').selectOption('1226');

    await mcle.getByLabel('Same as mailing address').first().check();
    expect(await mcle.getByLabel('Home Address').inputValue()).toBe('5 Paseo de Roxas, Makati City, Metro Manila, NCR - National Capital Region, 1226');
    expect(await mcle.getByLabel('Home Address').getAttribute('readonly')).not.toBeNull();
    await mcle.getByLabel('Telephone Number').fill('02-8123');
    await mcle.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldError(mcle, 'Telephone Number')).toBe(s.invalidNumber);
    await mcle.getByLabel('Telephone Number').fill('028123456');
    await mcle.getByRole('button', { name: 'Submit' }).click();

    const consent = await dialog(page, 'Data Privacy Statement and Consent');
    const proceed = consent.getByRole('button', { name: 'Continue' });
    expect(await proceed.isDisabled()).toBe(true);
    await consent.getByLabel(m.consentText).check();
    await proceed.click();
    const submitted = await dialog(page, m.mcleSubmitted);
    await submitted.getByRole('button', { name: 'Okay' }).click();
    // Profile complete and MCLE submitted: on to identity verification (spec 1 §4).
    await page.waitForURL('**/student/authenticate-id');
    const warned = await page.getByRole('navigation', { name: 'Account' }).getByRole('link').filter({ has: page.getByRole('img', { name: 'needs attention' }) }).allInnerTexts();
    expect(warned.map((t) => t.replace('!', '').trim())).toEqual(['Authenticate ID', 'Email Settings']);

    await page.getByRole('link', { name: 'MCLE Profile' }).click();
    expect(await panel(page).getByLabel('Name of Law School').inputValue()).toBe('Harvard Law School');
    expect(await panel(page).getByLabel('Zip Code').inputValue()).toBe('1226');
  });
});

describe('MCLE consent', () => {
  it('starts unticked at every opening, so Continue waits for a new tick', async () => {
    // The demo student's MCLE profile is complete, so Submit opens the consent at once; Cancel saves nothing.
    const token = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'student', password: DEMO_PASSWORD })).body.token;
    const page = await openAccount('demo', token, 'mcle-profile');
    const submit = await visible(panel(page).getByRole('button', { name: 'Submit' }));
    await submit.click();
    let consent = await dialog(page, 'Data Privacy Statement and Consent');
    await consent.getByLabel(m.consentText).check();
    expect(await consent.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(false);
    await consent.getByRole('button', { name: 'Cancel' }).click();
    await consent.waitFor({ state: 'hidden' });

    await submit.click();
    consent = await dialog(page, 'Data Privacy Statement and Consent');
    expect(await consent.getByLabel(m.consentText).isChecked()).toBe(false);
    expect(await consent.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  });
});

describe('basic profile at a school without MCLE', () => {
  it("ends with 'Okay' instead of the MCLE step", async () => {
    const student = await registerStudent(app.server.url, { host: 'acme.localhost' });
    const page = await openAccount('acme', student.token);
    const form = panel(page);
    await form.getByLabel('First Name').fill('Ben');
    await form.getByLabel('Middle Name', { exact: true }).fill('Cruz');
    await form.getByLabel('Last Name').fill('Tan');
    await form.getByLabel('Country Code').selectOption({ label: 'Philippines (+63)' });
    await form.getByLabel('Mobile Number').fill('9170001111');
    await form.getByLabel('Birthday').fill('1985-07-04');
    await form.getByLabel('Male', { exact: true }).check();
    await form.getByLabel('Type').selectOption('S');
    await form.getByLabel('School', { exact: true }).fill('UP Diliman');
    await form.getByRole('button', { name: 'Save' }).click();
    const saved = await dialog(page, m.updated);
    expect(await saved.getByRole('button').allInnerTexts()).toEqual(['×', 'Okay']);
    await saved.getByRole('button', { name: 'Okay' }).click();
    expect(await page.getByRole('navigation', { name: 'Account' }).getByRole('img', { name: 'needs attention' }).count()).toBe(1);
  });
});

describe('photo', () => {
  it('uploads a real PNG and refuses a text file named .png', async () => {
    const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const page = await openAccount('demo', student.token);
    const png = path.join(tmpdir(), `photo-${Date.now()}.png`);
    writeFileSync(png, await sharp({ create: { width: 300, height: 300, channels: 3, background: '#15803d' } }).png().toBuffer());
    const fake = path.join(tmpdir(), `fake-${Date.now()}.png`);
    writeFileSync(fake, 'this is only text');

    await page.getByRole('button', { name: 'Edit Photo' }).click();
    const modal = await dialog(page, 'Update Profile Photo');
    expect(await modal.getByRole('button', { name: 'Upload Photo' }).isDisabled()).toBe(true);
    await modal.locator('input[type=file]').setInputFiles(fake);
    await modal.getByRole('button', { name: 'Upload Photo' }).click();
    await visible(modal.getByText(s.photoType));

    await modal.locator('input[type=file]').setInputFiles(png);
    await modal.getByRole('button', { name: 'Upload Photo' }).click();
    const done = await dialog(page, m.photoUpdated);
    await done.getByRole('button', { name: 'Okay' }).click();
    const photo = await visible(page.getByRole('img', { name: 'Profile photo' }));
    expect(await photo.getAttribute('src')).toMatch(/^\/media\/uploads\/photos\//);
    // Shown before it has loaded on a busy machine: its size once it has.
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await photo.elementHandle());
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  });
});

describe('email and password', () => {
  it('resends the verification e-mail from Email Settings', async () => {
    const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const page = await openAccount('demo', student.token, 'email');
    expect(await panel(page).getByLabel('Email Address').inputValue()).toBe(student.email);
    await panel(page).getByRole('button', { name: 'Resend Email' }).click();
    await visible(panel(page).getByText(`A verification link was sent to ${student.email}.`));
  });

  it('changes the password; the old one and other sessions stop working', async () => {
    const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const api = client(app.server.url);
    const other = (await api.post('/api/v1/api-token-auth/', { username: student.username, password: student.password })).body.token;
    const page = await openAccount('demo', student.token, 'change-password');
    const form = panel(page);
    await form.getByRole('button', { name: 'Change Password' }).click();
    expect(await fieldError(form, 'Old Password')).toBe(authMessages.oldPasswordRequired);
    expect(await fieldError(form, 'New Password')).toBe(authMessages.passwordRequired);
    await form.getByLabel('Old Password').fill('not-it-123');
    await form.getByLabel('New Password', { exact: true }).fill('brandnew123');
    await form.getByLabel('Confirm New Password').fill('brandnew123');
    await form.getByRole('button', { name: 'Change Password' }).click();
    expect(await fieldError(form, 'Old Password')).toBe(serverMessages.oldPasswordWrong);
    await form.getByLabel('Old Password').fill(student.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await dialog(page, sessionMessages.passwordChanged);

    expect((await api.get('/api/v1/account/profile/', { token: other })).status).toBe(401);
    expect((await api.post('/api/v1/api-token-auth/', { username: student.username, password: student.password })).status).toBe(400);
    expect((await api.post('/api/v1/api-token-auth/', { username: student.username, password: 'brandnew123' })).status).toBe(200);
  });
});

describe('a new student without an MCLE profile', () => {
  it('opens the MCLE Profile tab with an empty form and no failed request', async () => {
    const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const { page, context } = await app.newPage();
    await context.addInitScript(() => {
      for (let id = 1; id < 10; id++) sessionStorage.setItem(`announcement-seen:${id}`, '1');
    });
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(message.text());
    });
    await page.goto(await app.signInUrl(student.token, { school: 'demo', redirect: '/student/mcle-profile' }));
    await page.waitForURL('**/student/mcle-profile');
    await visible(panel(page).getByLabel('Roll Number'));
    expect(await panel(page).getByLabel('Roll Number').inputValue()).toBe('');
    expect(failed).toEqual([]);
  });
});
