import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolmentMessages, idFromSlug } from '@school/shared/catalogue/rules';
import { certificateMessages } from '@school/shared/certificates/rules';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { paymentMessages } from '@school/shared/payments/rules';
import { enrollments, paymentTransactions, users } from '../apps/server/src/db/schema/index';
import { eligibleStudent } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { dialog, signUp, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const db = () => app.server.database.db;

/** A fresh student of the demo school, ready to buy (the school's sign-up reward gives 1,000 L2E coins). */
const student = () => eligibleStudent(app.server.url, { host: 'demo.localhost' });
type Student = Awaited<ReturnType<typeof student>>;

/** A demo course's or bundle's slug, found through the API by name. */
async function slugOf(kind: 'courses' | 'bundles', name: string): Promise<string> {
  const api = client(app.server.url);
  const school = (await api.get('/api/v1/school/demo/')).body.id;
  const list = (await api.get(`/api/v1/schools/${school}/${kind}/?perpage=60`)).body.data as { name: string; slug: string }[];
  const found = list.find((item) => item.name === name);
  if (!found) throw new Error(`no demo ${kind} named ${name}`);
  return found.slug;
}

async function signedIn(who: Student, path: string) {
  const { page, context } = await app.newPage();
  await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
  await page.goto(await app.signInUrl(who.token, { redirect: path }));
  await page.waitForURL(`**${path}`);
  return page;
}

/** The student's latest transaction (the hosted checkout returns to the item's page, not to its result page). */
async function lastTxnId(who: Student) {
  const [user] = await db().select().from(users).where(eq(users.username, who.username));
  const [txn] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.userId, user!.id)).orderBy(desc(paymentTransactions.id)).limit(1);
  return txn!.id;
}

/** Waits until a breakdown or detail line shows this value. */
async function line(page: Page, label: string, value: string) {
  const row = page.locator('.summary-lines > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}`) }) });
  await visible(row.locator('dd').filter({ hasText: new RegExp(`^${value.replace(/[.$]/g, '\\$&')}$`) }));
}

const purchase = (page: Page, label = 'Purchase Course') => page.getByRole('button', { name: label }).click();

/** Spec 3 §8's message for a payment that the gateway or the server failed to process. */
const gatewayFailure = 'We encountered an error. Please try a different payment method.';

/** Buys a course by a channel mode and leaves for the sandbox's hosted checkout. */
async function toCheckout(page: Page, mode: string, select: string, channel: string) {
  await page.getByRole('radio', { name: mode }).check();
  await page.getByLabel(select).selectOption({ label: channel });
  await purchase(page);
  await page.waitForURL('**/sandbox/checkout/**');
  await visible(page.getByText('Sandbox checkout — no real money'));
}

describe('paying through the sandbox gateway', () => {
  it('buys a course by online banking at the hosted checkout and lands on a paid result', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Revised Rules on Evidence');
    const page = await signedIn(who, `/course/payment/${slug}`);
    await visible(page.getByRole('heading', { name: 'Course Payment' }));
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toMatch(/Home\s*>?\s*Course\s*>?\s*Payment/);
    await visible(page.getByRole('heading', { name: 'Revised Rules on Evidence' }));
    // P2,200 with 12 % VAT inside it, before any mode.
    await line(page, 'Subtotal', 'P1,964.29');
    await line(page, 'Value-Added Tax', 'P235.71');
    await line(page, 'Total Payment', 'P2,200.00');
    const buy = page.getByRole('button', { name: 'Purchase Course' });
    expect(await buy.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Online Banking' }).check();
    // A channel mode needs its channel first.
    expect(await buy.isDisabled()).toBe(true);
    await page.getByLabel('Select Bank').selectOption({ label: 'BPI Online' });
    await line(page, 'Payment Gateway Fee', 'P15.00');
    await line(page, 'Total Payment', 'P2,215.00');
    await purchase(page);

    await page.waitForURL('**/sandbox/checkout/**');
    await visible(page.getByText('Sandbox checkout — no real money'));
    await visible(page.getByRole('heading', { name: 'Juris Academy' }));
    await visible(page.getByText('P2,215.00', { exact: true }));
    await visible(page.getByText('BPI Online', { exact: true }));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/course/${slug}?status=S`);
    await dialog(page, 'Payment Successful');

    await page.goto(`${app.origin('demo')}/enrollment/payment?txn_id=${await lastTxnId(who)}`);
    await visible(page.getByRole('heading', { name: 'Thank you!' }));
    await visible(page.getByText('Your payment has been successfully processed.'));
    await line(page, 'Payment Gateway Fee', 'P15.00');
    await line(page, 'Total Payment', 'P2,215.00');
    await line(page, 'Mode of Payment', 'Online Banking - BPI Online');
    await page.getByRole('link', { name: 'View Course' }).click();
    await page.waitForURL(`**/course/${slug}`);
  });

  it('fails a payment: Oops... and the way back to the payment page', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Legal Research with AI Tools');
    const page = await signedIn(who, `/course/payment/${slug}`);
    await toCheckout(page, 'Online Banking', 'Select Bank', 'BDO Online Banking');
    await page.getByRole('button', { name: 'Fail payment' }).click();
    await page.waitForURL(`**/course/${slug}?status=F`);
    await dialog(page, 'Payment Failed');

    await page.goto(`${app.origin('demo')}/enrollment/payment?txn_id=${await lastTxnId(who)}`);
    await visible(page.getByRole('heading', { name: 'Oops...' }));
    await visible(page.getByText('Your payment has not been processed.'));
    expect(await page.getByRole('link', { name: 'View Course' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Return to Payment Page' }).click();
    await page.waitForURL(`**/course/payment/${slug}`);
    await visible(page.getByRole('heading', { name: 'Course Payment' }));
  });

  it('leaves a payment pending', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Running a Solo Law Practice');
    const page = await signedIn(who, `/course/payment/${slug}`);
    await page.getByRole('radio', { name: 'E-Wallet' }).check();
    await page.getByLabel('Select E-Wallet').selectOption({ label: 'GCash' });
    // GCash: 2.5 % of P900.
    await line(page, 'Payment Gateway Fee', 'P22.50');
    await purchase(page);
    await page.waitForURL('**/sandbox/checkout/**');
    await page.getByRole('button', { name: 'Leave pending' }).click();
    await page.waitForURL(`**/course/${slug}?status=P`);
    await dialog(page, 'Payment Pending');

    await page.goto(`${app.origin('demo')}/enrollment/payment?txn_id=${await lastTxnId(who)}`);
    await visible(page.getByRole('heading', { name: 'Payment Pending' }));
    await visible(page.getByText('Thank you for enrolling to this course. You can start learning once we confirm your payment.'));
    await page.getByRole('link', { name: 'View Course' }).click();

    // The course waits for the money: Start Learning says so rather than opening the player.
    await page.waitForURL(`**/course/${slug}`);
    await page.getByRole('button', { name: 'Start Learning' }).click();
    const waiting = await dialog(page, 'Payment Pending');
    await visible(waiting.getByText('You can start learning once we confirm your payment.'));
    expect(page.url()).toMatch(new RegExp(`/course/${slug}$`));
  });

  it("takes a student whose checkout was left unpaid from 'Payment Pending' back to the payment page", async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Running a Solo Law Practice');
    const page = await signedIn(who, `/course/payment/${slug}`);
    await toCheckout(page, 'Online Banking', 'Select Bank', 'BPI Online');
    await page.goto(`${app.origin('demo')}/course/${slug}`);
    await page.getByRole('button', { name: 'Payment Pending' }).click();
    await (await dialog(page, 'Payment Pending')).getByRole('button', { name: 'Pay another way' }).click();
    await page.waitForURL(`**/course/payment/${slug}`);
    await visible(page.getByRole('heading', { name: 'Course Payment' }));
  });

  it("takes an unpaid class enrolment from 'Payment Pending' back to its class's payment, which then goes through", async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Effective Cross-Examination');
    const course = (await client(app.server.url).get(`/api/v1/courses/${idFromSlug(slug)}/`, { host: 'demo.localhost' })).body as CourseDetail;
    const saturday = course.classes.find((c) => c.name === 'Saturday Morning Class')!;
    const page = await signedIn(who, `/course/${slug}`);
    await page.goto(`${app.origin('demo')}/course/payment/${slug}?class=${saturday.id}`);
    await toCheckout(page, 'Online Banking', 'Select Bank', 'BPI Online');

    await page.goto(`${app.origin('demo')}/course/${slug}`);
    await page.getByRole('button', { name: 'Payment Pending' }).click();
    await (await dialog(page, 'Payment Pending')).getByRole('button', { name: 'Pay another way' }).click();
    // A class-only course takes no payment without its class.
    await page.waitForURL(new RegExp(`/course/payment/${slug}\\?class=${saturday.id}$`));
    await visible(page.getByText('Class: Saturday Morning Class'));
    await toCheckout(page, 'Online Banking', 'Select Bank', 'BPI Online');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/course/${slug}?status=S`);
    await dialog(page, 'Payment Successful');
  });

  it("says the server's reason when it refuses a payment, and the spec's words when the gateway fails", async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Barangay Conciliation Procedures');
    const api = client(app.server.url);
    const period = (await api.get('/api/v1/compliance_periods/')).body.data.find((p: { is_current: boolean }) => p.is_current).id;
    const cash = { content_type: 'course', object_id: idFromSlug(slug), processor_type: 'cash', compliance_period: period };
    expect((await api.post('/api/v1/payment/process/', cash, { token: who.token, host: 'demo.localhost', headers: { 'idempotency-key': randomUUID() } })).status).toBe(201);

    // Money on its way at the school: another payment waits for it.
    const page = await signedIn(who, `/course/payment/${slug}`);
    await page.getByRole('radio', { name: 'Pay Directly to the school' }).check();
    await purchase(page);
    const pending = await dialog(page, 'Payment Failed');
    await visible(pending.getByText(paymentMessages.paymentPending));
    expect(await pending.getByText(gatewayFailure).count()).toBe(0);
    await pending.getByRole('button', { name: 'CLOSE', exact: true }).click();

    // A class-only course bought without its class: the class the server asks for.
    await page.goto(`${app.origin('demo')}/course/payment/${await slugOf('courses', 'Effective Cross-Examination')}`);
    await page.getByRole('radio', { name: 'Pay Directly to the school' }).check();
    await purchase(page);
    await visible((await dialog(page, 'Payment Failed')).getByText(enrolmentMessages.classRequired));
  });

  it('pays by card at the hosted checkout, and a bank counter code waits for its payment', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Barangay Conciliation Procedures');
    const page = await signedIn(who, `/course/payment/${slug}`);
    await page.getByRole('radio', { name: 'Mastercard/Visa Card' }).check();
    // Cards: 3.5 % of P800 plus P15.
    await line(page, 'Payment Gateway Fee', 'P43.00');
    await line(page, 'Total Payment', 'P843.00');
    await purchase(page);
    await page.waitForURL('**/sandbox/checkout/**');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/course/${slug}?status=S`);
    await dialog(page, 'Payment Successful');

    const other = await signedIn(who, `/course/payment/${await slugOf('courses', 'Legal Research with AI Tools')}`);
    await other.getByRole('radio', { name: 'Over-the-Counter Banking' }).check();
    await other.getByLabel('Select Bank').selectOption({ label: 'BDO Over-the-Counter' });
    await purchase(other);
    await other.waitForURL(/\/course\/payment\/\d+\/instruction$/);
    await visible(other.getByRole('heading', { name: 'BDO Over-the-Counter' }));
  });

  it('gives an over-the-counter code with its barcode, then takes the payment at the sandbox counter', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Public International Law Refresher');
    const page = await signedIn(who, `/course/payment/${slug}`);
    await page.getByRole('radio', { name: 'Over-the-Counter Non-Banks' }).check();
    await page.getByLabel('Select Payment Center').selectOption({ label: '7-Eleven' });
    await line(page, 'Total Payment', 'P1,825.00');
    await purchase(page);
    await page.waitForURL(/\/course\/payment\/\d+\/instruction$/);

    await visible(page.getByRole('heading', { name: '7-Eleven' }));
    await visible(page.getByText('Please present the barcode below to the cashier at any 7-Eleven branch nationwide.'));
    await visible(page.getByText('Reference No.'));
    const barcode = await visible(page.getByRole('img', { name: /^Barcode of reference code \d+$/ }));
    expect(await barcode.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const code = (await page.locator('.barcode figcaption').innerText()).trim();
    expect(code).toMatch(/^\d{14}$/);
    await visible(page.getByText('Amount to Pay (PHP)'));
    await visible(page.getByText('1,825.00', { exact: true }));
    expect(await page.locator('.instruction-steps li').count()).toBeGreaterThan(1);
    const terms = page.getByRole('link', { name: 'Terms and Conditions' });
    expect(await terms.getAttribute('target')).toBe('_blank');
    const [termsPage] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
    await visible(termsPage.getByRole('heading', { name: 'Sandbox Terms and Conditions' }));
    await termsPage.close();
    await visible(page.getByRole('link', { name: 'GO TO COURSES DASHBOARD' }));

    await page.getByRole('link', { name: 'Pay at the sandbox counter' }).click();
    await page.waitForURL('**/sandbox/checkout/**');
    await visible(page.getByText(code, { exact: true }));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/course/${slug}?status=S`);
    await dialog(page, 'Payment Successful');
  });
});

describe('vouchers and coins', () => {
  it('waives the whole price with a voucher: no mode, no coins, a paid result', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Oral Arguments Before Appellate Courts');
    const page = await signedIn(who, `/course/payment/${slug}`);
    await visible(page.getByText('Applicable only for those provided with voucher codes. Otherwise, please leave blank.'));
    await page.getByLabel('Voucher Code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply Voucher' }).click();
    await visible(page.getByText(paymentMessages.voucherInvalid));
    await page.getByLabel('Voucher Code').fill('FULL100');
    await page.getByRole('button', { name: 'Apply Voucher' }).click();
    await visible(page.getByText('Successfully applied voucher!'));
    await visible(page.getByText('Your voucher covers the total payment.'));
    await line(page, 'Voucher Discount', '-P1,900.00');
    await line(page, 'Total Payment', 'P0.00');
    // A waived total takes no mode and no coins.
    expect(await page.getByRole('radio', { name: 'Online Banking' }).isDisabled()).toBe(true);
    expect(await page.getByText('Use L2E Coins').count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Remove Voucher' }));
    await purchase(page);

    await page.waitForURL(/\/enrollment\/payment\?txn_id=\d+$/);
    await visible(page.getByRole('heading', { name: 'Thank you!' }));
    await line(page, 'Voucher Code', '-P1,900.00');
    await line(page, 'Total Payment', 'P0.00');
    await line(page, 'Mode of Payment', 'Voucher');

    // Paid for: buying it again is refused, with the way out the spec gives.
    await page.goto(`${app.origin('demo')}/course/payment/${slug}`);
    await page.getByRole('radio', { name: 'Pay Directly to the school' }).check();
    await purchase(page);
    const refused = await dialog(page, 'Payment Failed');
    await visible(refused.getByText('Unable to process enrollment. Please select a new one or refresh the page.'));
    await visible(refused.getByRole('button', { name: 'REFRESH PAGE' }));
  });

  it('caps coins at the balance, waives the price when they cover it, and brings the modes back when they are removed', async () => {
    const who = await student();
    const dear = await slugOf('courses', 'Revised Rules on Evidence');
    const page = await signedIn(who, `/course/payment/${dear}`);
    const coins = page.getByLabel('L2E Coins to use');
    await coins.fill('5000');
    await page.getByRole('button', { name: 'Apply Coins' }).click();
    await visible(page.getByText('Successfully applied!'));
    expect(await coins.inputValue()).toBe('1000');
    await line(page, 'L2E Coins', '-P1,000.00');
    await line(page, 'Total Payment', 'P1,200.00');

    const cheap = await slugOf('courses', 'Barangay Conciliation Procedures');
    await page.goto(`${app.origin('demo')}/course/payment/${cheap}`);
    await coins.fill('800');
    await page.getByRole('button', { name: 'Apply Coins' }).click();
    await visible(page.getByText('Your L2E Coins cover the total payment.'));
    await line(page, 'L2E Coins', '-P800.00');
    await line(page, 'Total Payment', 'P0.00');
    expect(await page.getByRole('radio', { name: 'Online Banking' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Remove Coins' }).click();
    await line(page, 'Total Payment', 'P800.00');
    expect(await page.getByRole('radio', { name: 'Online Banking' }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Purchase Course' }).isDisabled()).toBe(true);

    await coins.fill('800');
    await page.getByRole('button', { name: 'Apply Coins' }).click();
    await visible(page.getByText('Your L2E Coins cover the total payment.'));
    await purchase(page);
    await page.waitForURL(/\/enrollment\/payment\?txn_id=\d+$/);
    await visible(page.getByRole('heading', { name: 'Thank you!' }));
    await line(page, 'L2E Coins', '-P800.00');
    await line(page, 'Mode of Payment', 'L2E Coins');
  });

  it('takes half off with a voucher and some coins, paid at the school; the wallet lists the debit', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Barangay Conciliation Procedures');
    const page = await signedIn(who, `/course/payment/${slug}`);
    await page.getByLabel('Voucher Code').fill('HALF50');
    await page.getByRole('button', { name: 'Apply Voucher' }).click();
    await visible(page.getByText('Successfully applied voucher!'));
    await line(page, 'Voucher Discount', '-P400.00');
    await line(page, 'Total Payment', 'P400.00');

    await visible(page.getByText('1,000 L2E Coins'));
    await visible(page.getByText('1 L2E = P1'));
    const apply = page.getByRole('button', { name: 'Apply Coins' });
    expect(await apply.isDisabled()).toBe(true);
    await page.getByLabel('L2E Coins to use').fill('100');
    await apply.click();
    await visible(page.getByText('Successfully applied!'));
    await line(page, 'Subtotal', 'P714.29');
    await line(page, 'Value-Added Tax', 'P85.71');
    await line(page, 'Payment Gateway Fee', 'P0.00');
    await line(page, 'Voucher Discount', '-P400.00');
    await line(page, 'L2E Coins', '-P100.00');
    await line(page, 'Total Payment', 'P300.00');

    await page.getByRole('radio', { name: 'Pay Directly to the school' }).check();
    await visible(page.getByText('Pay directly at the admin office'));
    await visible(page.getByText('Pay at the Juris Academy office, Monday to Friday, 9 AM to 5 PM.'));
    await purchase(page);
    await page.waitForURL(/\/enrollment\/payment\?txn_id=\d+$/);
    await visible(page.getByRole('heading', { name: 'Payment Pending' }));
    await line(page, 'Voucher Code', '-P400.00');
    await line(page, 'L2E Coins', '-P100.00');
    await line(page, 'Total Payment', 'P300.00');
    expect(await page.locator('.summary-lines dt', { hasText: 'Payment Gateway Fee' }).count()).toBe(0);
    await line(page, 'Mode of Payment', 'Pay Directly to the school');

    await page.goto(`${app.origin('demo')}/student/apt-wallet`);
    await visible(page.getByText('900 L2E Coins'));
    const debit = await visible(page.getByRole('row', { name: /Barangay Conciliation Procedures/ }));
    expect(await debit.innerText()).toMatch(/Debit\s+-100\s+900/);
    await visible(page.getByRole('row', { name: /Sign-up reward/ }));
  });

  it('buys a bundle by paying at the school', async () => {
    const who = await student();
    const slug = await slugOf('bundles', 'Practice Management Bundle');
    const page = await signedIn(who, `/course-bundle/payment/${slug}`);
    await visible(page.getByRole('heading', { name: 'Bundle Payment' }));
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toMatch(/Home\s*>?\s*Course Bundle\s*>?\s*Payment/);
    await expect.poll(() => page.getByLabel('Select Compliance Period').inputValue(), { timeout: 10_000 }).not.toBe('');
    await line(page, 'Total Payment', 'P1,800.00');
    await page.getByRole('radio', { name: 'Pay Directly to the school' }).check();
    await purchase(page, 'Purchase Bundle');
    await page.waitForURL(/\/enrollment\/payment\?txn_id=\d+$/);
    await visible(page.getByRole('heading', { name: 'Payment Pending' }));
    await visible(page.getByText('Thank you for enrolling to this bundle. You can start learning once we confirm your payment.'));
    await page.getByRole('link', { name: 'View Course Bundle' }).click();
    await page.waitForURL(`**/course-bundle/${slug}`);
    // Money on its way: the bundle's button says why nothing opens yet.
    await page.getByRole('button', { name: 'Payment Pending' }).click();
    const waiting = await dialog(page, 'Payment Pending');
    await visible(waiting.getByText('You can start learning once we confirm your payment.'));
    expect(page.url()).toMatch(new RegExp(`/course-bundle/${slug}$`));
  });

  it("takes a student whose bundle checkout was left unpaid from 'Payment Pending' back to its payment page", async () => {
    const who = await student();
    const slug = await slugOf('bundles', 'Practice Management Bundle');
    const page = await signedIn(who, `/course-bundle/payment/${slug}`);
    await page.getByRole('radio', { name: 'Online Banking' }).check();
    await page.getByLabel('Select Bank').selectOption({ label: 'BPI Online' });
    await purchase(page, 'Purchase Bundle');
    await page.waitForURL('**/sandbox/checkout/**');
    await page.goto(`${app.origin('demo')}/course-bundle/${slug}`);
    await page.getByRole('button', { name: 'Payment Pending' }).click();
    await (await dialog(page, 'Payment Pending')).getByRole('button', { name: 'Pay another way' }).click();
    await page.waitForURL(`**/course-bundle/payment/${slug}`);
    await visible(page.getByRole('heading', { name: 'Bundle Payment' }));
  });
});

describe('paying a pay-later enrolment', () => {
  it('asks no compliance period, says the payment is pending, and the finished course says the certificate waits for it', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Persuasive Legal Writing');
    const api = client(app.server.url);
    const period = (await api.get('/api/v1/compliance_periods/')).body.data.find((p: { is_current: boolean }) => p.is_current).id;
    const enrolled = await api.post('/api/v1/student/enrollment/', { course: idFromSlug(slug), action: 'pay_later', compliance_period: period }, { token: who.token });
    expect(enrolled.status).toBe(201);
    // Studied to the end before paying, as pay later allows (the lessons' own tests walk them).
    await db().update(enrollments).set({ progress: 100 }).where(eq(enrollments.id, enrolled.body.id));
    const page = await signedIn(who, `/course/payment/${slug}`);
    await visible(page.getByRole('radio', { name: 'Pay Directly to the school' }));
    expect(await page.getByLabel('Select Compliance Period').count()).toBe(0);
    await page.getByRole('radio', { name: 'Pay Directly to the school' }).check();
    await purchase(page);
    const pending = await dialog(page, 'Payment Pending');
    await pending.getByRole('button', { name: 'Okay' }).click();
    await page.waitForURL(`**/course/${slug}`);
    await visible(page.locator('.course-side').getByText(certificateMessages.paymentPending));
    expect(await page.getByRole('button', { name: 'Get Certificate' }).count()).toBe(0);
    await page.goto(`${app.origin('demo')}/course/${slug}/certification`);
    await visible(page.getByText(certificateMessages.paymentPending));
  });

  it('pays it later at the hosted checkout: the course page says so and offers the certificate', async () => {
    const who = await student();
    const slug = await slugOf('courses', 'Commercial Arbitration Essentials');
    const api = client(app.server.url);
    const period = (await api.get('/api/v1/compliance_periods/')).body.data.find((p: { is_current: boolean }) => p.is_current).id;
    expect((await api.post('/api/v1/student/enrollment/', { course: idFromSlug(slug), action: 'pay_later', compliance_period: period }, { token: who.token })).status).toBe(201);
    const page = await signedIn(who, `/course/payment/${slug}`);
    await toCheckout(page, 'E-Wallet', 'Select E-Wallet', 'GCash');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/course/${slug}?status=PLS`);
    const paid = await dialog(page, 'Payment Successful');
    await visible(paid.getByRole('button', { name: 'View Certificate' }));
    expect((await client(app.server.url).get(`/api/v1/transaction/${await lastTxnId(who)}/`, { token: who.token, host: 'demo.localhost' })).body).toMatchObject({ status: 'Paid', pay_later: true });
  });
});

describe('the sign-up reward', () => {
  it("tells a new student of the school's group about the coins it gave them", async () => {
    const { page, context } = await app.newPage();
    await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
    await page.goto(app.origin('demo'));
    const username = `reward${Date.now().toString(36)}`;
    await signUp(page, username, `${username}@example.com`, 'secret123');
    const sent = await dialog(page, "You're almost there!");
    await visible(sent.getByText('As a member of MCLE Reviewers PH, you received 1,000 L2E Coins to use as a discount on a 36-unit MCLE bundle.'));
  });
});

describe('the result page', () => {
  it("says 'Invalid Transaction ID' and goes home without a txn_id", async () => {
    const who = await student();
    const page = await signedIn(who, '/courses');
    await page.goto(`${app.origin('demo')}/enrollment/payment`);
    await toast(page, 'Invalid Transaction ID');
    await page.waitForURL(`${app.origin('demo')}/`);
  });
});
