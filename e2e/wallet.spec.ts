import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions, users } from '../apps/server/src/db/schema/index';
import { eligibleStudent } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { installFakeWallet } from './support/fake-wallet';
import { dialog, openLogin, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

/** A fresh student of the demo school (the school's sign-up reward gives 1,000 L2E coins). */
const student = () => eligibleStudent(app.server.url, { host: 'demo.localhost' });
type Student = Awaited<ReturnType<typeof student>>;

/** A page of the demo school whose announcement was already seen, with a wallet in the browser unless told otherwise. */
async function demoPage({ wallet = true } = {}) {
  const { page, context } = await app.newPage();
  await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
  return { page, context, wallet: wallet ? await installFakeWallet(context) : null };
}

async function signedIn(who: Student, path: string, options?: { wallet?: boolean }) {
  const opened = await demoPage(options);
  await opened.page.goto(await app.signInUrl(who.token, { redirect: path }));
  await opened.page.waitForURL(`**${path}`);
  return opened;
}

async function slugOfBundle(name: string): Promise<string> {
  const api = client(app.server.url);
  const school = (await api.get('/api/v1/school/demo/')).body.id;
  const list = (await api.get(`/api/v1/schools/${school}/bundles/?perpage=60`)).body.data as { name: string; slug: string }[];
  const found = list.find((item) => item.name === name);
  if (!found) throw new Error(`no demo bundle named ${name}`);
  return found.slug;
}

/** Waits until a breakdown or detail line shows this value. */
async function line(page: Page, label: string, value: string) {
  const row = page.locator('.summary-lines > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}`) }) });
  await visible(row.locator('dd').filter({ hasText: new RegExp(`^${value.replace(/[.$]/g, '\\$&')}$`) }));
}

/** The student's latest transaction (the hosted checkout returns to the item's page, not to its result page). */
async function lastTxnId(who: Student) {
  const db = app.server.database.db;
  const [user] = await db.select().from(users).where(eq(users.username, who.username));
  const [txn] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, user!.id)).orderBy(desc(paymentTransactions.id)).limit(1);
  return txn!.id;
}

describe('connecting a wallet in the APT Wallet tab', () => {
  it('disconnects after a refused signature, connects after a signed one, and then logs in with the wallet', async () => {
    const who = await student();
    const { page, context, wallet } = await signedIn(who, '/student/apt-wallet');
    await visible(page.getByText('1,000 L2E Coins'));
    const connect = await visible(page.getByRole('button', { name: 'Connect Wallet' }));
    expect(await seriousViolations(page), 'not connected').toEqual([]);

    wallet!.rejectSigning = true;
    await connect.click();
    await toast(page, 'Message signature failed');
    expect(await connect.isEnabled()).toBe(true);

    wallet!.rejectSigning = false;
    await connect.click();
    await toast(page, 'Wallet successfully connected');
    await visible(page.getByText('Connected wallet'));
    await visible(page.getByText(wallet!.address.toLowerCase(), { exact: true }));
    expect(await connect.count()).toBe(0);
    // With the success toast on screen (its green darkened to pass, styles/global.css), once no toast is fading.
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-sonner-toast]')).every((t) => t.getAttribute('data-removed') === 'false' && getComputedStyle(t).opacity === '1'));
    expect(await seriousViolations(page), 'connected').toEqual([]);

    // Logged out, the same wallet logs in to this account (spec 1 §1).
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'User logged out.');
    await page.waitForURL(app.origin('demo') + '/');
    const modal = await openLogin(page);
    await modal.getByRole('button', { name: 'Log in with wallet' }).click();
    await modal.waitFor({ state: 'hidden' });
    await visible(page.getByRole('button', { name: /^Account menu for/ }));
    await page.goto(`${app.origin('demo')}/student/profile`);
    const header = await visible(page.getByRole('region', { name: 'Account summary' }));
    await visible(header.getByText(who.email));
    await context.close();
  });

  it('says plainly when the browser has no wallet', async () => {
    const who = await student();
    const { page, context } = await signedIn(who, '/student/apt-wallet', { wallet: false });
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'No wallet found in this browser. Install a wallet extension such as MetaMask.' }));
    await context.close();
  });
});

describe('logging in with a wallet', () => {
  it('answers User account not found for an address no account has connected', async () => {
    const { page, context } = await demoPage();
    await page.goto(app.origin('demo'));
    const modal = await openLogin(page);
    await modal.getByRole('button', { name: 'Log in with wallet' }).click();
    await visible(modal.getByRole('alert').filter({ hasText: 'User account not found' }));
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.getByRole('button', { name: /^Account menu/ }).count()).toBe(0);
    await context.close();
  });
});

describe("a bundle's coins", () => {
  it('are applied with a signature (connecting the wallet first), then spent on a payment through the sandbox', async () => {
    const who = await student();
    const slug = await slugOfBundle('Practice Management Bundle');
    const { page, context, wallet } = await signedIn(who, `/course-bundle/payment/${slug}`);
    await visible(page.getByRole('heading', { name: 'Bundle Payment' }));
    await line(page, 'Total Payment', 'P1,800.00');
    await visible(page.getByText('Applying coins to a bundle asks your wallet to sign a message.'));
    expect(await seriousViolations(page)).toEqual([]);
    const coins = page.getByLabel('L2E Coins to use');
    const apply = page.getByRole('button', { name: 'Apply Coins' });

    // A refused signature cancels the coin application.
    wallet!.rejectSigning = true;
    await coins.fill('100');
    await apply.click();
    await toast(page, 'Message signature failed');
    await visible(apply);
    expect(await page.locator('.summary-lines dt', { hasText: 'L2E Coins' }).count()).toBe(0);

    // Not connected yet: the wallet is connected (one signature), then signs for the coins (another).
    wallet!.rejectSigning = false;
    await apply.click();
    await toast(page, 'Wallet successfully connected');
    await visible(page.getByText('Successfully applied!'));
    await line(page, 'L2E Coins', '-P100.00');
    await line(page, 'Total Payment', 'P1,700.00');

    await page.getByRole('radio', { name: 'Online Banking' }).check();
    await page.getByLabel('Select Bank').selectOption({ label: 'BPI Online' });
    await line(page, 'Payment Gateway Fee', 'P15.00');
    await line(page, 'Total Payment', 'P1,715.00');
    await page.getByRole('button', { name: 'Purchase Bundle' }).click();
    await page.waitForURL('**/sandbox/checkout/**');
    await visible(page.getByText('P1,715.00', { exact: true }));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/course-bundle/${slug}?status=S`);
    await dialog(page, 'Payment Successful');

    await page.goto(`${app.origin('demo')}/enrollment/payment?txn_id=${await lastTxnId(who)}`);
    await visible(page.getByRole('heading', { name: 'Thank you!' }));
    await line(page, 'L2E Coins', '-P100.00');
    await line(page, 'Total Payment', 'P1,715.00');

    await page.goto(`${app.origin('demo')}/student/apt-wallet`);
    await visible(page.getByText('900 L2E Coins'));
    await visible(page.getByText(wallet!.address.toLowerCase(), { exact: true }));
    const debit = await visible(page.getByRole('row', { name: /Practice Management Bundle/ }));
    expect(await debit.innerText()).toMatch(/Debit\s+-100\s+900/);
    await context.close();
  });

  it("say 'Wallet verification failed' in a toast when the server refuses the signature", async () => {
    const who = await student();
    const slug = await slugOfBundle('Practice Management Bundle');
    const { page, context } = await signedIn(who, `/course-bundle/payment/${slug}`);
    // The signature arrives with another message than the one signed: the server cannot verify it.
    await page.route('**/api/v1/wallets/apply_coins/bundle/**', (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), message: 'Something else' }) }));
    await page.getByLabel('L2E Coins to use').fill('100');
    await page.getByRole('button', { name: 'Apply Coins' }).click();
    await toast(page, 'Wallet verification failed');
    expect(await page.locator('.coins-field .field-error').count()).toBe(0);
    expect(await page.locator('.summary-lines dt', { hasText: 'L2E Coins' }).count()).toBe(0);
    await context.close();
  });
});
