import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradingMessages } from '@school/shared/staff/grading';
import { peso } from '@school/shared/payments/money';
import { exportMessages } from '@school/shared/staff/exports';
import { declineMessages, refundMessages } from '@school/shared/staff/payments';
import { rosterMessages } from '@school/shared/staff/roster';
import { importMessages } from '@school/shared/staff/roster-import';
import { messageMessages } from '@school/shared/staff/messages';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { classes, enrollments, examQuestions, exams, notifications, vouchers, wallets } from '../apps/server/src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, createVoucher, giveCoins, waitFor } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signedInAt } from './support/demo-study';
import { closeToast, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe('grading from the queue', () => {
  it("lets an instructor grade two waiting answers with the keyboard, and the student is told the result; the exam's results count them", { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const api = client(app.server.url);
    const school = await createSchool(db);
    const course = await createCourse(db, { school, name: 'Legal Writing' });
    const [lesson] = await createOutline(db, course, [{ type: 'exam', name: 'Brief' }]);
    const [exam] = await db.insert(exams).values({ schoolId: school.id, coursewareId: lesson!.id, passingRate: 50 }).returning();
    const [choice, written] = await db
      .insert(examQuestions)
      .values([
        { schoolId: school.id, examId: exam!.id, position: 0, type: 'radio', text: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'], points: 1 },
        { schoolId: school.id, examId: exam!.id, position: 1, type: 'text', text: 'Define stare decisis.', points: 2, notes: 'Two points for precedent.' },
      ])
      .returning();
    const instructor = await createStaff(db, { school, role: 'IN', courses: [course] });
    const students = [];
    for (const text of ['Standing by decided cases.', 'Following precedent.']) {
      const enrolment = await createEnrolment(db, { course });
      const as = { token: enrolment.student.token, host: school.host };
      await api.get(`/api/v1/coursewares/${lesson!.id}/`, as);
      await api.post(`/api/v1/exams/${exam!.id}/start/`, {}, as);
      await api.post(`/api/v1/exam/questions/${choice!.id}/submit/`, { answer: 'MTC' }, as);
      expect((await api.post(`/api/v1/exam/questions/${written!.id}/submit/`, { answer: text, final: true }, as)).status).toBe(200);
      students.push({ enrolment, as, text });
    }

    const { page } = await signedInAt(app, instructor.token, '/staff', undefined, school.domain);
    await page.getByRole('link', { name: '2 answers waiting for a grade' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Grading' }));
    const table = page.getByRole('table', { name: 'Answers waiting for a grade, oldest first' });
    await visible(table.getByRole('link', { name: /^Grade / }).nth(1));
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Grade the oldest' }).click();
    await visible(page.getByText(students[0]!.text));
    await visible(page.getByText('Notes: Two points for precedent.'));
    // In dark mode the feedback box is drawn like the score field beside it, not in the browser's own grey.
    await page.getByRole('button', { name: 'Dark mode' }).click();
    const look = (label: string) => page.getByLabel(label).evaluate((el) => ['background-color', 'color', 'border-top-color'].map((p) => getComputedStyle(el).getPropertyValue(p)));
    expect(await look('Feedback to the student')).toEqual(await look('Score (0 to 2)'));
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await page.getByLabel('Score (0 to 2)').focus();
    // The score field has the focus: type, then Ctrl+Enter saves and opens the next answer in place.
    await page.keyboard.type('3');
    await page.getByLabel('Feedback to the student').fill('Well put.');
    await page.keyboard.press('Control+Enter');
    await visible(page.getByText(gradingMessages.atMost(2)));
    await page.getByLabel('Score (0 to 2)').fill('2');
    await page.getByLabel('Score (0 to 2)').press('Control+Enter');
    await visible(page.getByText(students[1]!.text));
    expect(await page.getByLabel('Score (0 to 2)').inputValue()).toBe('');
    // The saved grade's toast, closed: axe would catch it fading.
    await toast(page, 'The grade is saved.');
    await closeToast(page);
    expect(await seriousViolations(page)).toEqual([]);
    // An administrator grades the second answer while the instructor has it open: the instructor's grade is refused
    // with who saved it, and Reload shows theirs (which the instructor may not change).
    const admin = await createStaff(db, { school });
    const second = (await api.get('/api/v1/staff/grading/', { token: admin.token, host: school.host })).body.data[0];
    const secondPath = `/api/v1/staff/grading/${second.submission_id}/questions/${second.question_id}/`;
    expect((await api.put(secondPath, { score: 1, feedback: 'Partly.' }, { token: admin.token, host: school.host, headers: { 'if-match': '"v1"' } })).status).toBe(200);
    await page.getByLabel('Score (0 to 2)').fill('0');
    await page.keyboard.press('Control+Enter');
    const refused = page.getByRole('alert').filter({ hasText: "Your changes are not saved." });
    await visible(refused);
    expect(await refused.textContent()).toMatch(new RegExp(`^${admin.user.username} saved this answer's grade .*, after you opened it\\. Your changes are not saved\\.`));
    expect(await seriousViolations(page)).toEqual([]);
    await refused.getByRole('button', { name: 'Reload' }).click();
    await visible(page.getByText(`Graded 1 by ${admin.user.username} on`));
    await visible(page.getByText(gradingMessages.regradeRefused));
    expect(await page.getByLabel('Score (0 to 2)').inputValue()).toBe('1');
    expect(await refused.count()).toBe(0);
    await page.goto(`${app.origin(school.domain)}/staff/grading`);
    await visible(page.getByText(gradingMessages.queueEmpty));

    // The students are told: the first passed (2 of 3 points, at 50 % to pass), the second did not (1 of 3, the administrator's grade).
    for (const [student, outcome] of [
      [students[0]!, 'passed'],
      [students[1]!, 'not passed'],
    ] as const) {
      const bell = await waitFor(async () => (await db.select().from(notifications).where(and(eq(notifications.userId, student.enrolment.student.user.id), eq(notifications.kind, 'exam'))))[0]);
      expect(bell.description).toBe(`Your answers in <strong>Brief</strong> have been graded: ${outcome}.`);
    }

    // The exam's results: two attempts, one passed, and the choice question's counts.
    await page.goto(`${app.origin(school.domain)}/staff/exams/${exam!.id}/results`);
    await visible(page.getByRole('heading', { level: 1, name: 'Results: Brief' }));
    await visible(page.getByText('2 attempts, 2 submitted, 1 passed.'));
    const attempts = page.getByRole('table', { name: 'Every attempt, the latest first' });
    expect(await attempts.getByRole('cell', { name: 'Passed', exact: true }).count()).toBe(1);
    expect(await attempts.getByRole('cell', { name: 'Failed', exact: true }).count()).toBe(1);
    const counts = page.getByRole('table', { name: 'Answers to question 1' });
    expect(await counts.getByRole('row').allTextContents()).toEqual(['ChoiceChosen by', 'MTC2', 'RTC0']);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('payments in the console', () => {
  it('lets an administrator confirm a cash payment from the list, decline another from its page with the reason, and read its breakdown', { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const api = client(app.server.url);
    const school = await createSchool(db);
    const course = await createCourse(db, { school, fee: 112_000, name: 'Trial Advocacy' });
    const admin = await createStaff(db, { school });
    const payers = [];
    for (let i = 0; i < 2; i++) {
      const student = await createStudent(db, { school });
      const res = await api.post('/api/v1/payment/process/', { content_type: 'course', object_id: course.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' }, { token: student.token, host: school.host, headers: { 'idempotency-key': randomUUID() } });
      expect(res.status).toBe(201);
      payers.push({ student, txn: res.body.txn_id as number });
    }
    const [first, second] = payers;

    const { page } = await signedInAt(app, admin.token, '/staff', undefined, school.domain);
    await page.getByRole('link', { name: '2 cash payments to confirm' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    const table = page.getByRole('table', { name: 'Transactions, newest first' });
    await visible(table.getByRole('button', { name: /^Confirm / }).nth(1));
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);

    // Newest first: the first payer's is the last row.
    await page.getByRole('button', { name: 'Confirm P1,120.00 from Test Student for Trial Advocacy' }).last().click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the payment' });
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    await toast(page, 'The payment is confirmed.');
    await expect.poll(async () => (await db.select().from(enrollments).where(eq(enrollments.userId, first!.student.user.id)))[0]?.status).toBe('paid');

    // The other one, from its page: the reason is asked for.
    await page.goto(`${app.origin(school.domain)}/staff/payments/${second!.txn}`);
    await visible(page.getByRole('heading', { level: 1, name: /^Payment / }));
    expect(await page.getByRole('table', { name: 'The amount and how it is made up' }).getByRole('row').allTextContents()).toEqual(['PriceP1,000.00', 'VATP120.00', 'TotalP1,120.00']);
    await page.getByRole('button', { name: /^Decline P1,120.00/ }).click();
    const decline = page.getByRole('dialog', { name: 'Decline the payment' });
    await decline.getByRole('button', { name: 'Decline payment' }).click();
    await visible(decline.getByText(declineMessages.reasonRequired));
    await decline.getByLabel('Reason').fill('No payment reached the office.');
    await decline.getByRole('button', { name: 'Decline payment' }).click();
    await toast(page, 'The payment is declined.');
    await closeToast(page);
    await visible(page.getByText('Failed', { exact: true }));
    await visible(page.getByRole('listitem').filter({ hasText: 'Failed · by' }).filter({ hasText: ': No payment reached the office.' }));
    expect(await page.getByRole('button', { name: /^Decline/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The dashboard's week: the confirmed payment's enrolment and money, and the latest changes.
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Dashboard' }).click();
    const week = page.getByRole('region', { name: 'The last 7 days' });
    await visible(week.getByText('P1,120.00 revenue, less refunds'));
    await visible(week.getByText('1 enrolment', { exact: true }));
    await visible(week.getByText('+P1,120.00 on the 7 days before'));
    const latest = page.getByRole('region', { name: 'Latest changes' });
    expect(await latest.getByRole('listitem').count()).toBe(2);
    await visible(latest.getByText(/payment\.settle \(payment:\d+\)/).first());
    expect(await seriousViolations(page)).toEqual([]);

    // At a phone's width the list still fits.
    const { page: phone } = await signedInAt(app, admin.token, '/staff/payments', { width: 360, height: 740 }, school.domain);
    await visible(phone.getByRole('table', { name: 'Transactions, newest first' }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe('refunds in the console', () => {
  it('lets an administrator refund a card payment made through the sandbox: access ends, coins and voucher use return, the student is told and sees it', { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const api = client(app.server.url);
    const school = await createSchool(db, { products: { apt_coins: true } });
    const course = await createCourse(db, { school, fee: 112_000, name: 'Special Proceedings' });
    const admin = await createStaff(db, { school });
    const student = await createStudent(db, { school });
    const voucher = await createVoucher(db, school, { code: 'REFUNDME', value: 10 });
    await giveCoins(db, student.user.id, 5_000);
    const as = { token: student.token, host: school.host };
    const body = { content_type: 'course', object_id: course.id, processor_type: 'card', channel_code: 'card', gateway: 'sandbox', voucher_code: 'REFUNDME', coins: 50 };
    const res = await api.post('/api/v1/payment/process/', body, { ...as, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status, res.text).toBe(201);
    await api.post(`/api/v1/sandbox/checkouts/${(res.body.payment_url as string).split('/').pop()}/`, { outcome: 'paid' });
    const txnId = res.body.txn_id as number;
    await expect.poll(async () => (await db.select().from(enrollments).where(eq(enrollments.userId, student.user.id)))[0]?.status).toBe('paid');
    const paid = (await api.get(`/api/v1/transaction/${txnId}/`, as)).body as { amount: number };
    const whole = peso(paid.amount);

    const { page } = await signedInAt(app, admin.token, `/staff/payments/${txnId}`, undefined, school.domain);
    await visible(page.getByText('Nothing has been refunded.'));
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund the payment' });
    expect(await dialog.getByLabel('Amount to refund (pesos)').inputValue()).toBe(paid.amount.toFixed(2));
    expect(await dialog.getByRole('checkbox', { name: /^End the enrolment/ }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await visible(dialog.getByText(refundMessages.reasonRequired));
    await dialog.getByLabel('Reason (the student reads it)').fill('The course was moved to next year.');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await toast(page, `${whole} was refunded.`);
    await closeToast(page);
    const refunds = page.getByRole('table', { name: 'Refunds of this payment' });
    await visible(refunds.getByRole('cell', { name: 'The course was moved to next year.' }));
    expect(await refunds.getByRole('row').nth(1).allTextContents()).toEqual([expect.stringContaining(`${whole}The course was moved to next year.EndedRefunded`)]);
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);

    // The student's access ended, the coins and the voucher's use came back.
    expect((await db.select().from(enrollments).where(eq(enrollments.userId, student.user.id)))[0]?.status).toBe('cancelled');
    expect((await db.select().from(wallets).where(eq(wallets.userId, student.user.id)))[0]?.balance).toBe(5_000);
    expect((await db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]?.usedCount).toBe(0);

    // The student is told (the bell) and sees the refund on the payment's page, without View Course.
    await waitFor(async () => (await db.select().from(notifications).where(eq(notifications.userId, student.user.id))).find((n) => n.description.startsWith('We refunded')));
    const { page: own } = await signedInAt(app, student.token, '/', undefined, school.domain);
    await own.getByRole('button', { name: /^Notifications/ }).click();
    await own.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: `We refunded ${whole} of your payment for Special Proceedings. Your enrolment in it has ended.` }).click();
    await own.waitForURL(`**/enrollment/payment?txn_id=${txnId}`);
    const section = own.getByRole('region', { name: 'Refunds' });
    await visible(section.getByText(`${whole} refunded`));
    await visible(section.getByText(/The course was moved to next year\. Your enrolment has ended\./));
    expect(await own.getByRole('link', { name: 'View Course' }).count()).toBe(0);
    expect(await seriousViolations(own)).toEqual([]);

    // The list as a CSV: asked for from the list, made in the background, downloaded from Exports.
    await page.goto(`${app.origin(school.domain)}/staff/payments?status=Paid`);
    await visible(page.getByRole('table', { name: 'Transactions, newest first' }).getByRole('link', { name: /\w/ }));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await toast(page, exportMessages.requested);
    await closeToast(page);
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Exports' }).click();
    const exports = page.getByRole('table', { name: 'Your exports, newest first' });
    const download = await visible(exports.getByRole('button', { name: /^Download payments-/ }), 30_000);
    expect(await exports.getByRole('row').nth(1).allTextContents()).toEqual([expect.stringMatching(/Paymentsstatus: PaidReady1Download/)]);
    expect(await seriousViolations(page)).toEqual([]);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.split('\n')[0]).toBe('Reference,Status,Mode,Channel,Payer,Email,For,Price,VAT,Fee,Voucher,Discount,Coins,Amount,Refunded,Started,Paid');
    expect(text).toContain(`Special Proceedings,1000,120,`);
    expect(text).toContain(`,REFUNDME,`);

    // At a phone's width the payment with its refunds and the exports still fit: their tables scroll in their boxes.
    for (const path of [`/staff/payments/${txnId}`, '/staff/exports']) {
      const { page: phone } = await signedInAt(app, admin.token, path, { width: 360, height: 740 }, school.domain);
      await visible(phone.getByRole('region', { name: path === '/staff/exports' ? 'Your exports' : 'Refunds', exact: true }).getByRole('table'));
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});

describe('students in the console', () => {
  it("lists the school's students, finds one by e-mail and opens their page, on a phone", { timeout: 60_000 }, async () => {
    const db = app.server.database.db;
    const school = await createSchool(db);
    const course = await createCourse(db, { school, name: 'Evidence' });
    const admin = await createStaff(db, { school });
    const emails = ['maria.clara@example.com', 'crisostomo.ibarra@example.com'];
    for (const email of emails) await createEnrolment(db, { student: await createStudent(db, { school, email }), course });

    const { page } = await signedInAt(app, admin.token, '/staff', { width: 360, height: 740 }, school.domain);
    await page.getByRole('link', { name: 'Students' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Students' }));
    const table = page.getByRole('table', { name: 'Students, the latest enrolled first' });
    await visible(table.getByText(emails[0]!));
    await visible(table.getByText(emails[1]!));
    await page.getByLabel('Search by name, e-mail or roll number').fill('ibarra');
    await table.getByText(emails[0]!).waitFor({ state: 'detached' });
    expect(await table.getByText(emails[1]!).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);

    // The student's page: their enrolment, and their payments a link away.
    await table.getByRole('link', { name: 'Test Student' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Test Student' }));
    await visible(page.getByText(emails[1]!));
    const enrolments = page.getByRole('table', { name: 'Course enrolments, the latest first' });
    expect(await enrolments.getByRole('rowheader').allTextContents()).toEqual(['EvidenceIdentity evidence']);
    await visible(page.getByRole('link', { name: 'Payments' }).last());
    await visible(page.getByText('0 questions, 0 answers, 0 comments.'));
    await visible(page.getByRole('heading', { name: 'Staff actions' }));
    await visible(page.getByText('No member of staff has changed their records.'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("enrols a student into a course from its roster, moves them to a class and cancels the enrolment, who is told", { timeout: 90_000 }, async () => {
    const db = app.server.database.db;
    const school = await createSchool(db);
    const course = await createCourse(db, { school, name: 'Labor Law Review' });
    await db.insert(classes).values([
      { schoolId: school.id, courseId: course.id, name: 'Saturday class' },
      { schoolId: school.id, courseId: course.id, name: 'Sunday class' },
    ]);
    const admin = await createStaff(db, { school });
    const student = await createStudent(db, { school, email: 'juan.luna@example.com' });

    const { page } = await signedInAt(app, admin.token, `/staff/courses/${course.id}/students`, undefined, school.domain);
    await visible(page.getByText('Nobody is enrolled yet.'));
    await page.getByRole('button', { name: 'Enrol a student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enrol a student' });
    await dialog.getByLabel("Student's e-mail").fill('nobody@example.com');
    await dialog.getByRole('button', { name: 'Enrol', exact: true }).click();
    await visible(dialog.getByText(rosterMessages.noSuchStudent));
    await dialog.getByLabel("Student's e-mail").fill('juan.luna@example.com');
    await dialog.getByLabel('Enrolment').selectOption('paid');
    await dialog.getByRole('button', { name: 'Enrol', exact: true }).click();
    await visible(dialog.getByText(rosterMessages.noteRequired));
    await dialog.getByLabel('How it was paid (a receipt number, a transfer)').fill('OR 0042');
    await dialog.getByLabel('Class').selectOption({ label: 'Saturday class' });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Enrol', exact: true }).click();
    await toast(page, 'juan.luna@example.com is enrolled.');
    await closeToast(page);
    const roster = page.getByRole('table', { name: "The course's students, the latest enrolled first" });
    await visible(roster.getByText('juan.luna@example.com'));
    expect(await roster.getByRole('row').nth(1).allTextContents()).toEqual([expect.stringContaining('Saturday classPaid0 %')]);

    await roster.getByRole('button', { name: 'Move Test Student to another class' }).click();
    const move = page.getByRole('dialog', { name: 'Move to another class' });
    await move.getByLabel('Class of Test Student').selectOption({ label: 'Sunday class' });
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await toast(page, 'Test Student is moved.');
    await closeToast(page);
    await visible(roster.getByRole('cell', { name: 'Sunday class' }));

    await roster.getByRole('button', { name: "Cancel Test Student's enrolment" }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the enrolment' });
    await cancel.getByRole('button', { name: 'Cancel enrolment' }).click();
    await visible(cancel.getByText(rosterMessages.reasonRequired));
    await cancel.getByLabel('Reason (the student reads it)').fill('Enrolled in the wrong course.');
    await cancel.getByRole('button', { name: 'Cancel enrolment' }).click();
    await toast(page, "Test Student's enrolment is cancelled.");
    await visible(roster.getByRole('cell', { name: 'Cancelled' }));
    expect(await roster.getByRole('button', { name: /^Cancel / }).count()).toBe(0);
    const told = await waitFor(async () => (await db.select().from(notifications).where(eq(notifications.userId, student.user.id))).find((n) => n.description.includes('cancelled')));
    expect(told.description).toBe('The school cancelled your enrolment in <strong>Labor Law Review</strong>: Enrolled in the wrong course.');

    // At a phone's width the roster still fits.
    const { page: phone } = await signedInAt(app, admin.token, `/staff/courses/${course.id}/students`, { width: 360, height: 740 }, school.domain);
    await visible(phone.getByRole('table', { name: "The course's students, the latest enrolled first" }).getByText('juan.luna@example.com'));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('allows a student who failed an exam with one attempt another attempt, from the roster', { timeout: 60_000 }, async () => {
    const db = app.server.database.db;
    const api = client(app.server.url);
    const school = await createSchool(db);
    const course = await createCourse(db, { school, name: 'Taxation Review' });
    const [lesson] = await createOutline(db, course, [{ type: 'exam', name: 'Quiz' }]);
    const [exam] = await db.insert(exams).values({ schoolId: school.id, coursewareId: lesson!.id, passingRate: 100, maxAttempts: 1 }).returning();
    const [question] = await db.insert(examQuestions).values({ schoolId: school.id, examId: exam!.id, position: 0, type: 'radio', text: 'Which tax?', choices: ['VAT', 'DST'], correctAnswer: ['VAT'], points: 1 }).returning();
    const enrolment = await createEnrolment(db, { course });
    const as = { token: enrolment.student.token, host: school.host };
    await api.get(`/api/v1/coursewares/${lesson!.id}/`, as);
    await api.post(`/api/v1/exams/${exam!.id}/start/`, {}, as);
    expect((await api.post(`/api/v1/exam/questions/${question!.id}/submit/`, { answer: 'DST', final: true }, as)).status).toBe(200);
    const admin = await createStaff(db, { school });

    const { page } = await signedInAt(app, admin.token, `/staff/courses/${course.id}/students`, undefined, school.domain);
    await page.getByRole('button', { name: 'Exam attempts of Test Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exam attempts of Test Student' });
    const row = dialog.getByRole('row', { name: /Quiz/ });
    await visible(row.getByText('1 of 1'));
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Allow another attempt: Test Student at Quiz' }).click();
    await toast(page, 'Test Student may take Quiz once more.');
    await visible(row.getByText('(1 allowed by the school)'));
    await visible(row.getByText(rosterMessages.attemptsLeft));
    expect((await api.get(`/api/v1/exams/${exam!.id}/`, as)).body).toMatchObject({ max_attempts: 2 });
  });

  it('imports 50 students from a CSV file with 3 bad lines: a dry run first, then the import with its progress', { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const school = await createSchool(db);
    const course = await createCourse(db, { school, name: 'Civil Law Review' });
    await db.insert(classes).values({ schoolId: school.id, courseId: course.id, name: 'Weekday' });
    const admin = await createStaff(db, { school });
    const lines = ['email,class', ...Array.from({ length: 47 }, (_, i) => `lawyer${i}-${course.id}@example.com,${i % 2 ? 'Weekday' : ''}`), 'not-an-address,', `lawyer0-${course.id}@example.com,`, `late-${course.id}@example.com,Weekend`];

    const { page } = await signedInAt(app, admin.token, `/staff/courses/${course.id}/students`, undefined, school.domain);
    await page.getByRole('button', { name: 'Import from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import students from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'intake.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await visible(dialog.getByText('47 to invite, 0 to enrol, 0 already enrolled, 3 with a problem.'));
    const planned = dialog.getByRole('table', { name: 'What each line would do' });
    expect(await planned.getByRole('row').nth(1).allTextContents()).toEqual([`49not-an-address—Not imported: ${importMessages.badEmail}`]);
    await visible(planned.getByText(`Not imported: ${importMessages.duplicate}`));
    await visible(planned.getByText(`Not imported: ${importMessages.unknownClass}`));
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Import 47 students' }).click();
    await visible(dialog.getByText('The import is done.'), 60_000);
    await visible(dialog.getByText('50 of 50 lines: 47 invited, 0 enrolled, 0 already enrolled, 3 not imported.'));
    expect(await dialog.getByRole('table', { name: 'The lines not imported' }).getByRole('row').count()).toBe(4);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const roster = page.getByRole('table', { name: "The course's students, the latest enrolled first" });
    await visible(roster.getByText(`lawyer46-${course.id}@example.com`));
    expect(await roster.getByRole('row').count()).toBe(48);
  });
});

describe('messages in the console', () => {
  it("lets an administrator send an announcement to a class's students, follow its delivery, and the student reads it from the bell on a phone", { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const school = await createSchool(db);
    const course = await createCourse(db, { school, name: 'Remedial Law Review' });
    const [weekend] = await db.insert(classes).values({ schoolId: school.id, courseId: course.id, name: 'Weekend' }).returning();
    const admin = await createStaff(db, { school });
    const inClass = await createEnrolment(db, { course, classId: weekend!.id });
    const other = await createEnrolment(db, { course, student: await createStudent(db, { school }) });

    const { page } = await signedInAt(app, admin.token, '/staff', undefined, school.domain);
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Messages' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Messages' }));
    await visible(page.getByText('No message has been sent yet.'));
    await page.getByRole('button', { name: 'New message' }).click();
    const compose = page.getByRole('dialog', { name: 'New message' });
    await compose.getByRole('button', { name: 'Send' }).click();
    await visible(compose.getByText(messageMessages.subjectRequired));
    await visible(compose.getByText(messageMessages.bodyRequired));
    await visible(compose.getByText(messageMessages.courseRequired));
    await compose.getByLabel('To').selectOption({ label: 'The students of a class' });
    await compose.getByLabel('Course').selectOption({ label: 'Remedial Law Review (2 students)' });
    await compose.getByLabel('Class').selectOption({ label: 'Weekend (1 student)' });
    await visible(compose.getByText('This goes to 1 student in the bell, and by e-mail to those who have not turned announcements off.'));
    await compose.getByLabel('Subject').fill('Room 4 on Saturday');
    await compose.getByLabel('Message').fill('We meet in Room 4.\n\nBring the Rules of Court.');
    expect(await seriousViolations(page)).toEqual([]);
    await compose.getByRole('button', { name: 'Send' }).click();
    await toast(page, messageMessages.queued);
    await visible(page.getByRole('heading', { level: 1, name: 'Room 4 on Saturday' }));
    await visible(page.getByText('Remedial Law Review · Weekend'));
    await visible(page.getByText('1 (1 by e-mail)'));
    const recipients = page.getByRole('table', { name: 'Whom the message reached' });
    await visible(recipients.getByText(inClass.student.user.email));
    expect(await recipients.getByRole('row').count()).toBe(2);
    await page.getByRole('link', { name: '← Messages' }).click();
    await visible(page.getByRole('table', { name: 'Messages, the newest first' }).getByRole('link', { name: 'Room 4 on Saturday' }));

    // The class's student finds it in the bell and reads it whole; the other student was not sent it.
    const student = await signedInAt(app, inClass.student.token, '/', { width: 360, height: 740 }, school.domain);
    await student.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await student.page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: /sent an announcement: Room 4 on Saturday/ }).click();
    await visible(student.page.getByRole('heading', { level: 1, name: 'Room 4 on Saturday' }));
    await visible(student.page.getByText('Bring the Rules of Court.'));
    await visible(student.page.getByRole('link', { name: 'Remedial Law Review' }));
    expect(await student.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(student.page)).toEqual([]);
    expect(await db.select().from(notifications).where(and(eq(notifications.userId, other.student.user.id), eq(notifications.kind, 'announcement')))).toEqual([]);
  });
});

describe('reports in the console', () => {
  it("shows the demo school's activity as charts and tables, by week, and makes the files of a report and of the MCLE attendance report, on a phone too", { timeout: 120_000 }, async () => {
    const api = client(app.server.url);
    const admin = (await api.post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD }, { host: 'demo.localhost' })).body as { token: string };
    const { page } = await signedInAt(app, admin.token, '/staff');
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Reports' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Reports' }));
    await visible(page.getByText(/^The whole school, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, by day\.$/));
    const byPeriod = page.getByRole('table', { name: 'Enrolments, completions, certificates and MCLE units by period' });
    expect(await byPeriod.locator('tbody tr').count()).toBe(30);
    await visible(page.getByRole('table', { name: 'Revenue by period' }));
    await visible(page.locator('.recharts-surface').first());
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Interval').selectOption({ label: 'By week' });
    await page.getByRole('button', { name: 'Show' }).click();
    await visible(page.getByText(/, by week\.$/));
    const weeks = await byPeriod.locator('tbody tr').count();
    expect(weeks).toBeGreaterThanOrEqual(5);
    expect(weeks).toBeLessThanOrEqual(6);
    const courses = page.getByRole('table', { name: "Each course's and bundle's figures, the most enrolled first" });
    expect(await courses.locator('tbody tr').count()).toBeGreaterThan(2);
    // A range that ends before it starts is refused in the form, with the server's words.
    await page.getByLabel('From', { exact: true }).fill('2026-11-30');
    await page.getByLabel('To', { exact: true }).fill('2026-11-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await visible(page.getByText('The start comes after the end.'));
    await page.getByRole('button', { name: 'Clear' }).click();

    await page.getByRole('button', { name: 'Export by period (CSV)' }).click();
    await toast(page, exportMessages.requested);
    await closeToast(page);
    await page.getByLabel('Course of the attendance report').selectOption({ label: 'Code of Professional Responsibility and Accountability' });
    await page.getByRole('button', { name: 'Attendance as PDF' }).click();
    await toast(page, exportMessages.requested);
    await page.goto(page.url().replace(/\/staff\/reports.*$/, '/staff/exports'));
    const files = page.getByRole('table', { name: 'Your exports, newest first' });
    await visible(files.getByRole('button', { name: /^Download mcle-attendance-pdf-.*\.pdf$/ }), 30_000);
    await visible(files.getByRole('button', { name: /^Download report-periods-.*\.csv$/ }), 30_000);

    const phone = await signedInAt(app, admin.token, '/staff/reports', { width: 360, height: 740 });
    await visible(phone.page.getByRole('table', { name: 'Revenue by period' }));
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The instructor's reports: their courses, no money.
    const instructor = (await api.post('/api/v1/api-token-auth/', { username: 'demo-instructor', password: DEMO_PASSWORD }, { host: 'demo.localhost' })).body as { token: string };
    const theirs = await signedInAt(app, instructor.token, '/staff/reports');
    await visible(theirs.page.getByText(/^All your courses, .*, by day\.$/));
    await visible(theirs.page.getByRole('table', { name: 'Enrolments, completions, certificates and MCLE units by period' }));
    expect(await theirs.page.getByRole('table', { name: 'Revenue by period' }).count()).toBe(0);
    expect(await theirs.page.getByText('Paid', { exact: true }).count()).toBe(0);
  });
});
