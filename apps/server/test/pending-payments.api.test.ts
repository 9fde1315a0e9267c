import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMessages as msg } from '@school/shared/payments/rules';
import type { PendingPayment } from '@school/shared/payments/schemas';
import { enrollments, events, paymentTransactions, sandboxCheckouts, vouchers, wallets } from '../src/db/schema/index';
import { createBundle, createCourse, createEnrolment, createSchool, createStaff, createStudent, createVoucher, giveCoins } from './support/factories';
import { serverForFile } from './support/server';

/**
 * A payment that has not gone through is not an enrolment (docs/decisions.md): My Courses and the course count
 * leave it out, GET /payment/pending/ names it, and its payer may cancel it unless the money was taken.
 */
const ctx = serverForFile();
const db = () => ctx.server.database.db;

async function shop(options: { fee?: number } = {}) {
  const school = await createSchool(db(), { products: { apt_coins: true } });
  const course = await createCourse(db(), { school, fee: options.fee ?? 112_000 });
  const student = await createStudent(db(), { school });
  return { school, course, student, host: school.host, as: { token: student.token, host: school.host } };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const pay = (s: Shop, body: object) => ctx.api.post('/api/v1/payment/process/', body, { ...s.as, headers: { 'idempotency-key': randomUUID() } });
const online = (id: number, extra: object = {}) => ({ content_type: 'course', object_id: id, processor_type: 'online_bank', channel_code: 'bpi', gateway: 'sandbox', ...extra });
const cancel = (s: Shop, id: number, as: { token: string; host: string } = s.as) => ctx.api.post(`/api/v1/payment/transactions/${id}/cancel/`, {}, as);
const pending = async (s: Shop) => (await ctx.api.get('/api/v1/payment/pending/', s.as)).body as PendingPayment[];
const referenceOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;
const choose = (paymentUrl: string, outcome: 'paid' | 'failed' | 'pending') => ctx.api.post(`/api/v1/sandbox/checkouts/${referenceOf(paymentUrl)}/`, { outcome });
const enrolmentOf = async (userId: number, courseId: number) => (await db().select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))))[0];
const myCourses = async (s: Shop) => (await ctx.api.get(`/api/v1/students/${s.student.student.id}/enrollments/`, s.as)).body;
const courseCount = async (s: Shop) => (await ctx.api.get('/api/v1/account/profile/', s.as)).body.course_count as number;
const sandboxStatus = async (paymentUrl: string) => (await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.reference, referenceOf(paymentUrl))))[0]!.status;

describe('a payment that has not gone through', () => {
  it('is neither listed in My Courses nor counted, but named as a pending payment', async () => {
    const s = await shop();
    await createEnrolment(db(), { student: s.student, status: 'free' });
    const res = await pay(s, online(s.course.id));
    await choose(res.body.payment_url, 'pending');
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('pending');

    expect((await myCourses(s)).count).toBe(1);
    expect(await courseCount(s)).toBe(1);
    const [listed, ...others] = await pending(s);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      id: res.body.txn_id,
      status: 'Pending',
      processor_type: 'online_bank',
      processor: 'BPI Online',
      amount: 1135,
      ref_code: null,
      checkout_url: res.body.payment_url,
      item: { id: s.course.id, slug: s.course.slug, content_type: 'course' },
      course_ids: [s.course.id],
    });
    // An unpaid hosted checkout lapses a day after it was opened.
    expect((new Date(listed!.expires_at!).getTime() - new Date(listed!.created).getTime()) / 3_600_000).toBeCloseTo(24, 3);

    // A checkout left open (notpaid) is left out alike; once paid, it is an enrolment and counts.
    const other = await createCourse(db(), { school: s.school, fee: 50_000 });
    const open = await pay(s, online(other.id));
    expect((await enrolmentOf(s.student.user.id, other.id))!.status).toBe('notpaid');
    expect((await pending(s)).map((p) => p.id)).toEqual([open.body.txn_id, res.body.txn_id]);
    expect([(await myCourses(s)).count, await courseCount(s)]).toEqual([1, 1]);
    await choose(open.body.payment_url, 'paid');
    expect([(await myCourses(s)).count, await courseCount(s)]).toEqual([2, 2]);
    expect((await pending(s)).map((p) => p.id)).toEqual([res.body.txn_id]);
  });

  it("names a bundle's payment with the courses it pays for, and an over-the-counter code with its code", async () => {
    const s = await shop();
    const bundle = await createBundle(db(), { school: s.school, price: 300_000 });
    const res = await pay(s, { content_type: 'bundle', object_id: bundle.id, processor_type: 'otc_nonbank', channel_code: '7eleven', gateway: 'sandbox' });
    expect(res.body.status).toBe('pending');
    const [listed] = await pending(s);
    expect(listed).toMatchObject({ status: 'Pending', item: { id: bundle.id, content_type: 'coursebundle' }, checkout_url: null });
    expect(listed!.ref_code).toMatch(/^\d{14}$/);
    expect([...listed!.course_ids].sort()).toEqual(bundle.courses.map((c) => c.id).sort());
    expect([(await myCourses(s)).count, await courseCount(s)]).toEqual([0, 0]);
  });
});

describe('POST /payment/transactions/{id}/cancel/', () => {
  it('closes the checkout at the gateway, gives back coins and voucher, undoes the enrolment; again answers the same', async () => {
    const s = await shop();
    await giveCoins(db(), s.student.user.id, 10_000);
    const voucher = await createVoucher(db(), s.school, { code: 'ONE', type: 'fixed', value: 10_000, usageLimit: 1 });
    const res = await pay(s, online(s.course.id, { voucher_code: 'ONE', coins: 100 }));
    await choose(res.body.payment_url, 'pending');

    const cancelled = await cancel(s, res.body.txn_id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: res.body.txn_id, status: 'Failed' });
    expect(await sandboxStatus(res.body.payment_url)).toBe('expired');
    expect((await choose(res.body.payment_url, 'paid')).status).toBe(400);
    expect(await enrolmentOf(s.student.user.id, s.course.id)).toBeUndefined();
    expect((await db().select().from(wallets).where(eq(wallets.userId, s.student.user.id)))[0]!.balance).toBe(10_000);
    expect((await db().select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.usedCount).toBe(0);
    expect(await pending(s)).toEqual([]);
    // The payer's own doing: recorded as a cancellation, which tells nobody (no 'payment failed' notice).
    const recorded = await db().select({ type: events.type }).from(events).where(and(eq(events.subjectId, res.body.txn_id), sql`${events.type} like 'payment.%'`));
    expect(recorded.map((e) => e.type)).toContain('payment.cancelled');
    expect(recorded.map((e) => e.type)).not.toContain('payment.failed');

    const again = await cancel(s, res.body.txn_id);
    expect(again).toMatchObject({ status: 200, body: { id: res.body.txn_id, status: 'Failed' } });
    // The student may buy afresh, with the voucher it held.
    expect((await pay(s, online(s.course.id, { voucher_code: 'ONE' }))).status).toBe(201);
  });

  it('refunds once however many cancellations arrive at once', async () => {
    const s = await shop();
    await giveCoins(db(), s.student.user.id, 10_000);
    const res = await pay(s, online(s.course.id, { coins: 100 }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(s, res.body.txn_id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await db().select().from(wallets).where(eq(wallets.userId, s.student.user.id)))[0]!.balance).toBe(10_000);
    expect(await db().select().from(events).where(and(eq(events.subjectId, res.body.txn_id), eq(events.type, 'payment.cancelled')))).toHaveLength(1);
  });

  it('refuses a payment already made, also one the gateway took before its callback arrived', async () => {
    const s = await shop();
    const paid = await pay(s, online(s.course.id));
    await choose(paid.body.payment_url, 'paid');
    expect(await cancel(s, paid.body.txn_id)).toMatchObject({ status: 400, body: { detail: msg.alreadyPaid, code: 'payment_already_paid' } });
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('paid');

    // Paid at the gateway, the callback still on its way: the payment stays as it is for the callback to settle.
    const other = await createCourse(db(), { school: s.school, fee: 50_000 });
    const open = await pay(s, online(other.id));
    await db().update(sandboxCheckouts).set({ status: 'paid' }).where(eq(sandboxCheckouts.reference, referenceOf(open.body.payment_url)));
    expect(await cancel(s, open.body.txn_id)).toMatchObject({ status: 400, body: { code: 'payment_already_paid' } });
    expect((await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, open.body.txn_id)))[0]!.status).toBe('notpaid');
    expect((await enrolmentOf(s.student.user.id, other.id))!.status).toBe('notpaid');
  });

  it('closes an over-the-counter code, and cancels cash, which the school can then no longer confirm', async () => {
    const s = await shop();
    const otc = await pay(s, { content_type: 'course', object_id: s.course.id, processor_type: 'otc_bank', channel_code: 'bdo_otc', gateway: 'sandbox' });
    expect(otc.body.channel).not.toBeNull();
    expect((await cancel(s, otc.body.txn_id)).body.status).toBe('Failed');
    const [code] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, otc.body.txn_id));
    expect((await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.reference, code!.providerRef!)))[0]!.status).toBe('expired');

    const cash = await pay(s, { content_type: 'course', object_id: s.course.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' });
    expect((await cancel(s, cash.body.txn_id)).body.status).toBe('Failed');
    const admin = await createStaff(db(), { school: s.school });
    expect((await ctx.api.post(`/api/v1/payment/transactions/${cash.body.txn_id}/confirm/`, {}, { token: admin.token, host: s.host })).body).toEqual({ detail: msg.notConfirmable });
  });

  it("undoes a bundle's enrolment and its courses'", async () => {
    const s = await shop();
    const bundle = await createBundle(db(), { school: s.school, price: 300_000 });
    const res = await pay(s, { content_type: 'bundle', object_id: bundle.id, processor_type: 'card', channel_code: 'card', gateway: 'sandbox' });
    expect((await cancel(s, res.body.txn_id)).body.status).toBe('Failed');
    for (const course of bundle.courses) expect(await enrolmentOf(s.student.user.id, course.id)).toBeUndefined();
    expect((await ctx.api.get(`/api/v1/course/bundles/${bundle.id}/`, s.as)).body).toMatchObject({ status: null, resume_payment: false });
  });

  it("keeps a pay-later enrolment when its payment is cancelled", async () => {
    const s = await shop();
    await createEnrolment(db(), { student: s.student, course: s.course, status: 'pay_later' });
    const res = await pay(s, online(s.course.id));
    expect((await cancel(s, res.body.txn_id)).body.status).toBe('Failed');
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('pay_later');
  });

  it("waits for a checkout still being opened, and is the payer's own: 404 for anybody else, here or elsewhere", async () => {
    const s = await shop();
    const res = await pay(s, online(s.course.id));
    // As while the first request still talks to the gateway: no checkout to close yet.
    await db().update(paymentTransactions).set({ providerRef: null }).where(eq(paymentTransactions.id, res.body.txn_id));
    expect(await cancel(s, res.body.txn_id)).toMatchObject({ status: 409, body: { detail: msg.cancelTooSoon } });
    await db().update(paymentTransactions).set({ providerRef: referenceOf(res.body.payment_url) }).where(eq(paymentTransactions.id, res.body.txn_id));

    const classmate = await createStudent(db(), { school: s.school });
    const elsewhere = await shop();
    expect((await cancel(s, res.body.txn_id, { token: classmate.token, host: s.host })).status).toBe(404);
    expect((await cancel(s, res.body.txn_id, { token: s.student.token, host: elsewhere.host })).status).toBe(404);
    expect((await cancel(s, 2_000_000_000)).status).toBe(404);
    expect((await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, res.body.txn_id)))[0]!.status).toBe('notpaid');
    expect((await cancel(s, res.body.txn_id)).body.status).toBe('Failed');
  });

  it('closes at once a checkout the gateway opens after its payment was cancelled, and the payer hears it failed', async () => {
    const s = await shop();
    const gateway = ctx.server.app.payments;
    const createCheckout = gateway.createCheckout;
    let calling!: () => void;
    let answer!: () => void;
    const called = new Promise<void>((resolve) => (calling = resolve));
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A slow gateway: the checkout is opened only when the test lets it answer.
    gateway.createCheckout = async (request) => {
      calling();
      await answered;
      return createCheckout.call(gateway, request);
    };
    try {
      const key = randomUUID();
      const paying = ctx.api.post('/api/v1/payment/process/', online(s.course.id), { ...s.as, headers: { 'idempotency-key': key } });
      await called;
      const [txn] = await db().select().from(paymentTransactions).where(and(eq(paymentTransactions.userId, s.student.user.id), eq(paymentTransactions.courseId, s.course.id)));
      const startedAgo = (ms: number) => db().update(paymentTransactions).set({ createdAt: new Date(Date.now() - ms) }).where(eq(paymentTransactions.id, txn!.id));
      // Past the gateway's own 15 s timeout but not twice it: the call may still be running.
      await startedAgo(20_000);
      expect(await cancel(s, txn!.id)).toMatchObject({ status: 409, body: { code: 'payment_starting' } });
      await startedAgo(31_000);
      expect(await cancel(s, txn!.id)).toMatchObject({ status: 200, body: { status: 'Failed' } });

      answer();
      expect(await paying).toMatchObject({ status: 201, body: { txn_id: txn!.id, status: 'notpaid', payment_url: null, channel: null } });
      const [after] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, txn!.id));
      expect(after).toMatchObject({ status: 'Failed', providerRef: null, checkoutUrl: null });
      expect(await sandboxStatus(`/sandbox/checkout/${txn!.reference}`)).toBe('expired');
      expect(await enrolmentOf(s.student.user.id, s.course.id)).toBeUndefined();
      // The same request again (its Idempotency-Key too) hears that it was cancelled, not that the gateway failed.
      const replayed = await ctx.api.post('/api/v1/payment/process/', online(s.course.id), { ...s.as, headers: { 'idempotency-key': key } });
      expect(replayed).toMatchObject({ status: 409, body: { detail: msg.cancelled, code: 'payment_cancelled' } });
    } finally {
      gateway.createCheckout = createCheckout;
    }
  });
});
