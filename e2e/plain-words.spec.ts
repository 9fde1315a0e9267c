import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eligibleStudent } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { currentPeriod, dialog, openLogin, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const PHONE = { width: 360, height: 740 };

async function browser(viewport?: { width: number; height: number }) {
  const { page, context } = await app.newPage(viewport ? { viewport } : {});
  await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
  return page;
}

async function signedIn(token: string, path: string, viewport?: { width: number; height: number }) {
  const page = await browser(viewport);
  await page.goto(await app.signInUrl(token, { redirect: path }));
  await page.waitForURL(`**${path}`);
  return page;
}

async function courseSlug(name: string) {
  const api = client(app.server.url);
  const school = (await api.get('/api/v1/school/demo/')).body.id;
  const list = (await api.get(`/api/v1/schools/${school}/courses/?perpage=60`)).body.data as { name: string; slug: string }[];
  return list.find((c) => c.name === name)!.slug;
}

/** Follows a link in `scope` that opens a new tab, and answers that tab once its page has this heading. */
async function newTab(scope: Locator, name: string, heading: string) {
  const link = scope.getByRole('link', { name });
  expect(await link.getAttribute('target')).toBe('_blank');
  const [tab] = await Promise.all([scope.page().context().waitForEvent('page'), link.click()]);
  await visible(tab.getByRole('heading', { level: 1, name: heading }));
  return tab;
}

/** On a phone the login is in the mobile menu. */
async function openLoginOnPhone(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Login', exact: true }).click();
  return dialog(page, 'Welcome back!');
}

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('terms of use and privacy policy', () => {
  it('are real pages, linked from the sign-up sentence and the footer, each school with its own', async () => {
    const page = await browser(PHONE);
    await page.goto(app.origin('demo'));
    const login = await openLoginOnPhone(page);
    await login.getByRole('button', { name: 'Sign up' }).click();
    const signup = await dialog(page, 'Create an account');
    await visible(signup.getByText('By signing up you agree to the', { exact: false }));

    const terms = await newTab(signup, 'Terms of Use', 'Terms of Use');
    await visible(terms.getByText('These terms govern your use of the Juris Academy site.', { exact: false }));
    expect(await fitsThePhone(terms)).toBe(true);
    const privacy = await newTab(signup, 'Privacy Policy', 'Privacy Policy');
    await visible(privacy.getByText('Data Privacy Act of 2012 (Republic Act No. 10173)', { exact: false }));
    expect(await fitsThePhone(privacy)).toBe(true);
    // The form is still there, as it was left.
    await visible(signup.getByLabel('Username'));

    const acme = await browser();
    await acme.goto(app.origin('acme'));
    await acme.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
    await acme.waitForURL('**/terms');
    await visible(acme.getByText('Keep your password to yourself; one account per person.', { exact: false }));
    await acme.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await acme.waitForURL('**/privacy');
    await visible(acme.getByText('Acme Training Institute keeps your data only to run your courses', { exact: false }));
  });
});

describe('wallet words', () => {
  it('the login dialog puts the wallet below the password, as a plain button with a line that explains it', async () => {
    const page = await browser(PHONE);
    await page.goto(app.origin('demo'));
    const login = await openLoginOnPhone(page);
    const password = await login.getByRole('button', { name: 'Login account' }).boundingBox();
    const wallet = login.getByRole('button', { name: 'Log in with wallet' });
    expect((await wallet.boundingBox())!.y).toBeGreaterThan(password!.y);
    expect(await wallet.getAttribute('class')).toContain('btn-ghost');
    const note = page.locator(`[id="${await wallet.getAttribute('aria-describedby')}"]`);
    expect(await note.innerText()).toContain('crypto wallet');
    const help = await newTab(login, 'About L2E Coins and wallets', 'L2E Coins and wallets');
    await visible(help.getByRole('heading', { name: 'Connect Wallet (optional)' }));
    expect(await fitsThePhone(help)).toBe(true);

    // A school without coins has no wallet login at all.
    const acme = await browser();
    await acme.goto(app.origin('acme'));
    await openLogin(acme);
    expect(await acme.getByRole('button', { name: 'Log in with wallet' }).count()).toBe(0);
  });

  it('the APT Wallet tab and the payment page say what L2E Coins are, with the help page', async () => {
    const who = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const page = await signedIn(who.token, '/student/apt-wallet', PHONE);
    await visible(page.getByText('L2E Coins are rewards from Juris Academy', { exact: false }));
    const connect = await visible(page.getByRole('button', { name: 'Connect Wallet' }));
    const note = page.locator(`[id="${await connect.getAttribute('aria-describedby')}"]`);
    expect(await note.innerText()).toMatch(/^Optional: a crypto wallet/);
    await page.getByRole('link', { name: 'About L2E Coins and wallets' }).first().click();
    await page.waitForURL('**/help/wallet');
    await visible(page.getByRole('heading', { name: 'APT Wallet', level: 2 }));

    const paying = await signedIn(who.token, `/course/payment/${await courseSlug('Revised Rules on Evidence')}`);
    const coins = await visible(paying.getByRole('region', { name: 'Use L2E Coins' }));
    await visible(coins.getByText('L2E Coins are rewards you earned at this school', { exact: false }));
    expect(await coins.getByRole('link', { name: 'About L2E Coins and wallets' }).getAttribute('target')).toBe('_blank');
  });
});

describe('prices', () => {
  it('are written one way, the course page and the payment page alike', async () => {
    const who = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const slug = await courseSlug('Revised Rules on Evidence');
    const page = await signedIn(who.token, `/course/${slug}`);
    expect(await (await visible(page.locator('.course-fee'))).innerText()).toBe('P2,200.00');
    await page.goto(`${app.origin('demo')}/course/payment/${slug}`);
    const total = page.locator('.summary-lines > div').filter({ hasText: 'Total Payment' }).locator('dd');
    await visible(total.filter({ hasText: 'P2,200.00' }));
    await visible(page.getByText('1 L2E = P1'));
  });
});

describe('the payment page and the instruction page', () => {
  it("shows the over-the-counter channel's logo", async () => {
    const who = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const page = await signedIn(who.token, `/course/payment/${await courseSlug('Public International Law Refresher')}`);
    await page.getByRole('radio', { name: 'Over-the-Counter Non-Banks' }).check();
    await page.getByLabel('Select Payment Center').selectOption({ label: 'Cebuana Lhuillier' });
    await page.getByRole('button', { name: 'Purchase Course' }).click();
    await page.waitForURL(/\/course\/payment\/\d+\/instruction$/);
    await visible(page.getByRole('heading', { name: 'Cebuana Lhuillier' }));
    const logo = await visible(page.locator('.instruction-head img.channel-logo'));
    expect(await logo.getAttribute('src')).toBe('/partner-logos/cebuana.svg');
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  it('says when the compliance periods could not be loaded, and loads them again on Try again', async () => {
    const who = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const page = await browser();
    let refused = true;
    await page.route(/\/api\/v1\/compliance_periods\//, (route) => (refused ? route.abort('connectionrefused') : route.continue()));
    await page.goto(await app.signInUrl(who.token, { redirect: `/course/payment/${await courseSlug('Revised Rules on Evidence')}` }));
    const alert = await visible(page.getByRole('alert').filter({ hasText: 'The compliance periods could not be loaded.' }));
    expect(await page.getByRole('button', { name: 'Purchase Course' }).count()).toBe(0);

    refused = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    const select = await visible(page.getByLabel('Select Compliance Period'));
    expect(await select.locator('option:checked').innerText()).toContain(currentPeriod);
    await visible(page.getByRole('button', { name: 'Purchase Course' }));
  });
});
