import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refundMessages as msg } from '@school/shared/staff/payments';
import { auditLog, bundleEnrollments, certificates, enrollments, notifications, paymentRefunds, paymentTransactions, sandboxCheckouts, vouchers, wallets } from '../src/db/schema/index';
import { createBundle, createCourse, createSchool, createStaff, createStudent, createVoucher, giveCoins, lastMail, waitFor } from './support/factories';
import { serverForFile } from './support/server';
import { signPayload } from '../src/infra/payments/signature';
import { sandboxSecretOf } from '../src/modules/sandbox-gateway/gateway';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;

/** A school with coins on, a P1,120 course, its administrator, and a student who paid online through the sandbox with a voucher and coins. */
async function paidOnline(options: { voucher?: boolean; coins?: number } = {}) {
  const school = await createSchool(db(), { products: { apt_coins: true } });
  const course = await createCourse(db(), { school, fee: 112_000, name: 'Legal Ethics' });
  const admin = await createStaff(db(), { school });
  const student = await createStudent(db(), { school });
  const voucher = options.voucher ? await createVoucher(db(), school, { code: unique('TEN'), value: 10 }) : null;
  if (options.coins) await giveCoins(db(), student.user.id, options.coins * 100);
  const as = (who: { token: string }) => ({ token: who.token, host: school.host });
  const body = { content_type: 'course', object_id: course.id, processor_type: 'online_bank', channel_code: 'bpi', gateway: 'sandbox', ...(voucher ? { voucher_code: voucher.code } : {}), ...(options.coins ? { coins: options.coins } : {}) };
  const res = await ctx.api.post('/api/v1/payment/process/', body, { ...as(student), headers: { 'idempotency-key': randomUUID() } });
  expect(res.status, res.text).toBe(201);
  const reference = (res.body.payment_url as string).split('/').pop()!;
  expect((await ctx.api.post(`/api/v1/sandbox/checkouts/${reference}/`, { outcome: 'paid' })).status).toBe(200);
  const txnId = res.body.txn_id as number;
  await waitFor(async () => ((await txnOf(txnId)).status === 'Paid' ? true : undefined));
  const refund = (payload: object, key: string | null = randomUUID(), who: { token: string } = admin) =>
    ctx.api.post(staff(`payments/${txnId}/refunds/`), payload, { ...as(who), headers: key ? { 'idempotency-key': key } : {} });
  return { school, course, admin, student, voucher, as, txnId, reference, refund };
}

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${n++}`;
const txnOf = async (id: number) => (await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!;
const enrolmentOf = async (userId: number, courseId: number) => (await db().select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))))[0];
const balanceOf = async (userId: number) => (await db().select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balance ?? 0;

describe('POST /staff/payments/{id}/refunds/', () => {
  it('gives part back through the sandbox, then the rest with the enrolment ended: coins and voucher use return, the student is told and sees it', async () => {
    const s = await paidOnline({ voucher: true, coins: 50 });
    const paid = await txnOf(s.txnId);
    expect(paid.coins).toBe(5_000);
    expect(await balanceOf(s.student.user.id)).toBe(0);

    const part = await s.refund({ amount: 100, reason: 'Missed the first session', cancel_enrolment: false });
    expect(part.status, part.text).toBe(200);
    expect(part.body).toMatchObject({ refunded: 100, refunds: [{ amount: 100, reason: 'Missed the first session', cancels_enrolment: false, state: 'succeeded' }] });
    expect(part.body.refundable).toEqual({ amount: paid.amount / 100 - 100, may_cancel: true, cancel_refused: null });
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('paid');

    const left = paid.amount / 100 - 100;
    expect((await s.refund({ amount: left + 0.01, reason: 'Too much', cancel_enrolment: true })).body).toEqual({ amount: [msg.tooMuch(`P${left.toLocaleString('en-PH', { minimumFractionDigits: 2 })}`)] });
    const rest = await s.refund({ amount: left, reason: 'Course postponed', cancel_enrolment: true });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toMatchObject({ refunded: paid.amount / 100, status: 'Paid', refundable: { amount: 0, may_cancel: false, cancel_refused: msg.alreadyCancelled } });
    expect((await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.reference, s.reference)))[0]).toMatchObject({ refunded: paid.amount, refunds: [expect.any(String), expect.any(String)] });

    // Access ends, the evidence stays; coins and the voucher's use come back.
    const enrolment = (await enrolmentOf(s.student.user.id, s.course.id))!;
    expect(enrolment.status).toBe('cancelled');
    expect(enrolment.cancelledAt).not.toBeNull();
    expect(await balanceOf(s.student.user.id)).toBe(5_000);
    expect((await db().select().from(vouchers).where(eq(vouchers.id, s.voucher!.id)))[0]!.usedCount).toBe(0);
    const course = await ctx.api.get(`/api/v1/courses/${s.course.id}/`, s.as(s.student));
    expect(course.body.enrollment).toBeNull();
    expect((await ctx.api.get(`/api/v1/students/${s.student.student.id}/enrollments/`, s.as(s.student))).body.count).toBe(0);

    // Nothing is left to give back, and nothing ends twice.
    expect((await s.refund({ amount: 0.01, reason: 'Again', cancel_enrolment: false })).body).toEqual({ amount: [msg.tooMuch('P0.00')] });
    expect((await s.refund({ amount: 0, reason: 'Again', cancel_enrolment: true })).body).toEqual({ cancel_enrolment: [msg.alreadyCancelled] });

    // The student sees the refunds on the payment's page, gets the bell and an e-mail.
    const mine = await ctx.api.get(`/api/v1/transaction/${s.txnId}/`, s.as(s.student));
    expect(mine.body.refunds).toEqual([
      { amount: 100, reason: 'Missed the first session', state: 'succeeded', ended_enrolment: false, created: expect.any(String) },
      { amount: left, reason: 'Course postponed', state: 'succeeded', ended_enrolment: true, created: expect.any(String) },
    ]);
    const bell = await waitFor(async () => {
      const rows = await db().select().from(notifications).where(and(eq(notifications.userId, s.student.user.id), eq(notifications.kind, 'payment')));
      return rows.filter((r) => r.description.startsWith('We refunded')).length === 2 ? rows : undefined;
    });
    expect(bell.map((r) => r.link)).toContain(`/enrollment/payment?txn_id=${s.txnId}`);
    expect(bell.map((r) => r.description)).toContain(`We refunded P${left.toLocaleString('en-PH', { minimumFractionDigits: 2 })} of your payment for <strong>Legal Ethics</strong>. Your enrolment in it has ended.`);
    // Each refund's mail is its own job: wait for the second's, whichever leaves first.
    const mail = await lastMail(ctx.server.url, s.student.user.email, { subject: 'Refund: Legal Ethics', containing: 'Course postponed' });
    expect(mail.text).toContain('Your access to it has ended; the coins and the voucher you used on it were given back.');

    // Audited, with who did it.
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.subjectId, s.txnId)));
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.actorId === s.admin.user.id)).toBe(true);

    // Buying it again takes the same enrolment up, with its records.
    const again = await ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: s.course.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' }, { ...s.as(s.student), headers: { 'idempotency-key': randomUUID() } });
    expect(again.status, again.text).toBe(201);
    expect((await enrolmentOf(s.student.user.id, s.course.id))!).toMatchObject({ id: enrolment.id, status: 'pending' });
    // Declined, it returns to cancelled instead of being deleted.
    expect((await ctx.api.post(staff(`payments/${again.body.txn_id}/decline/`), { reason: 'No payment arrived' }, s.as(s.admin))).status).toBe(200);
    expect((await enrolmentOf(s.student.user.id, s.course.id))!).toMatchObject({ id: enrolment.id, status: 'cancelled' });
  });

  it('makes one refund of requests at once: the same key answers the first, another key finds nothing left', async () => {
    const s = await paidOnline();
    const whole = (await txnOf(s.txnId)).amount / 100;
    const key = randomUUID();
    const same = await Promise.all([1, 2, 3].map(() => s.refund({ amount: whole, reason: 'Duplicate payment', cancel_enrolment: true }, key)));
    // Each answers the one refund: made (200), or still being sent by another of them (409, "being sent").
    expect(same.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(same.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.detail === msg.stillSending)).toBe(true);
    expect((await s.refund({ amount: whole, reason: 'Duplicate payment', cancel_enrolment: true }, key)).status).toBe(200);
    const other = await Promise.all([1, 2].map(() => s.refund({ amount: whole, reason: 'Duplicate payment', cancel_enrolment: false })));
    expect(other.map((r) => r.status)).toEqual([400, 400]);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, s.txnId))).toHaveLength(1);
    expect((await txnOf(s.txnId)).refunded).toBe(whole * 100);
    expect((await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.reference, s.reference)))[0]!.refunded).toBe(whole * 100);
  });

  it('refuses what it cannot do, and undoes a refund the gateway refused', async () => {
    const s = await paidOnline();
    expect((await s.refund({ amount: 10, reason: 'x', cancel_enrolment: false }, null)).status).toBe(400);
    expect((await s.refund({ amount: 0, reason: 'x', cancel_enrolment: false })).body).toEqual({ amount: [msg.nothingToDo] });
    expect((await s.refund({ amount: 10, reason: '  ', cancel_enrolment: false })).body).toEqual({ reason: [msg.reasonRequired] });
    expect((await s.refund({ amount: 1.234, reason: 'x', cancel_enrolment: false })).body).toEqual({ amount: [msg.amountInvalid] });

    // A certificate stands: the money may go back, the access stays.
    const enrolment = (await enrolmentOf(s.student.user.id, s.course.id))!;
    const [certificate] = await db()
      .insert(certificates)
      .values({ schoolId: s.school.id, userId: s.student.user.id, enrollmentId: enrolment.id, courseId: s.course.id, code: 'ABCD-EFGH-JKLM-NPQR', facts: {} as never })
      .returning();
    expect((await s.refund({ amount: 10, reason: 'Goodwill', cancel_enrolment: true })).body).toEqual({ cancel_enrolment: [msg.certificateIssued] });
    await db().delete(certificates).where(eq(certificates.id, certificate!.id));

    // The sandbox refuses (its checkout is no longer paid there): nothing is counted, access unchanged.
    await db().update(sandboxCheckouts).set({ status: 'failed' }).where(eq(sandboxCheckouts.reference, s.reference));
    const refused = await s.refund({ amount: 10, reason: 'Goodwill', cancel_enrolment: true });
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toBe(msg.gatewayRefused);
    expect((await txnOf(s.txnId)).refunded).toBe(0);
    expect((await db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, s.txnId)))[0]).toMatchObject({ state: 'failed' });
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('paid');
    expect((await ctx.api.get(`/api/v1/transaction/${s.txnId}/`, s.as(s.student))).body.refunds).toEqual([]);
    // The same refund asked again once the gateway takes it: the refused row is sent again, not a second one.
    const key = randomUUID();
    expect((await s.refund({ amount: 10, reason: 'Goodwill', cancel_enrolment: false }, key)).status).toBe(502);
    await db().update(sandboxCheckouts).set({ status: 'paid' }).where(eq(sandboxCheckouts.reference, s.reference));
    const retried = await s.refund({ amount: 10, reason: 'Goodwill', cancel_enrolment: false }, key);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.refunded).toBe(10);
    expect((await db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, s.txnId))).map((r) => r.state).sort()).toEqual(['failed', 'succeeded']);

    // A payment not paid cannot be refunded.
    const pending = await ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: (await createCourse(db(), { school: s.school, fee: 10_000 })).id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' }, { ...s.as(s.student), headers: { 'idempotency-key': randomUUID() } });
    const notPaid = await ctx.api.post(staff(`payments/${pending.body.txn_id}/refunds/`), { amount: 10, reason: 'x', cancel_enrolment: false }, { ...s.as(s.admin), headers: { 'idempotency-key': randomUUID() } });
    expect(notPaid.body).toMatchObject({ detail: msg.notPaid });
  });

  it('is for administrators of the payment’s school: an instructor is refused, another school and a student do not find it, nobody is asked to log in', async () => {
    const s = await paidOnline();
    const body = { amount: 10, reason: 'x', cancel_enrolment: false };
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    expect((await s.refund(body, randomUUID(), instructor)).status).toBe(403);
    const foreign = await createStaff(db());
    expect((await ctx.api.post(staff(`payments/${s.txnId}/refunds/`), body, { token: foreign.token, host: foreign.school.host, headers: { 'idempotency-key': randomUUID() } })).status).toBe(404);
    expect((await s.refund(body, randomUUID(), s.student)).status).toBe(403);
    expect((await ctx.api.post(staff(`payments/${s.txnId}/refunds/`), body, { host: s.school.host, headers: { 'idempotency-key': randomUUID() } })).status).toBe(401);
    expect((await ctx.api.post(staff('payments/2147483647/refunds/'), body, { ...s.as(s.admin), headers: { 'idempotency-key': randomUUID() } })).status).toBe(404);
    // The page offers a refund to administrators only.
    expect((await ctx.api.get(staff(`payments/${s.txnId}/`), s.as(s.admin))).body.refundable).toMatchObject({ may_cancel: true });
    expect((await txnOf(s.txnId)).refunded).toBe(0);
  });

  it("ends a bundle's enrolment and the courses that came with it; the bundle's page offers it again", async () => {
    const school = await createSchool(db());
    const admin = await createStaff(db(), { school });
    const student = await createStudent(db(), { school });
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    const bundle = await createBundle(db(), { school, price: 300_000 });
    const res = await ctx.api.post('/api/v1/payment/process/', { content_type: 'bundle', object_id: bundle.id, processor_type: 'card', channel_code: 'card', gateway: 'sandbox' }, { ...as(student), headers: { 'idempotency-key': randomUUID() } });
    await ctx.api.post(`/api/v1/sandbox/checkouts/${(res.body.payment_url as string).split('/').pop()}/`, { outcome: 'paid' });
    await waitFor(async () => ((await txnOf(res.body.txn_id)).status === 'Paid' ? true : undefined));
    const refund = await ctx.api.post(staff(`payments/${res.body.txn_id}/refunds/`), { amount: 0, reason: 'Enrolled by mistake', cancel_enrolment: true }, { ...as(admin), headers: { 'idempotency-key': randomUUID() } });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body).toMatchObject({ refunded: 0, refunds: [{ amount: 0, cancels_enrolment: true, state: 'succeeded' }] });
    for (const course of bundle.courses) expect((await enrolmentOf(student.user.id, course.id))!.status).toBe('cancelled');
    expect((await db().select().from(bundleEnrollments).where(eq(bundleEnrollments.userId, student.user.id)))[0]!.status).toBe('cancelled');
    expect((await ctx.api.get(`/api/v1/course/bundles/${bundle.id}/`, as(student))).body).toMatchObject({ status: null });

    // A new bundle with one of those courses: buying it takes the ended course up again.
    const next = await createBundle(db(), { school, price: 100_000, courses: [bundle.courses[0]!] });
    const again = await ctx.api.post('/api/v1/payment/process/', { content_type: 'bundle', object_id: next.id, processor_type: 'card', channel_code: 'card', gateway: 'sandbox' }, { ...as(student), headers: { 'idempotency-key': randomUUID() } });
    await ctx.api.post(`/api/v1/sandbox/checkouts/${(again.body.payment_url as string).split('/').pop()}/`, { outcome: 'paid' });
    await waitFor(async () => ((await enrolmentOf(student.user.id, bundle.courses[0]!.id))!.status === 'paid' ? true : undefined));
    expect((await enrolmentOf(student.user.id, bundle.courses[0]!.id))!.bundleId).toBe(next.id);
  });

  it('lists money that arrived after its attempt ended, and gives it back without touching the enrolment', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school, fee: 112_000 });
    const admin = await createStaff(db(), { school });
    const student = await createStudent(db(), { school });
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    const pay = (channel: string) =>
      ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: course.id, processor_type: 'online_bank', channel_code: channel, gateway: 'sandbox' }, { ...as(student), headers: { 'idempotency-key': randomUUID() } });
    const first = await pay('bpi');
    const second = await pay('bdo');
    // The replaced checkout took the money anyway (a payer on its page as it was replaced): its callback arrives.
    const reference = (first.body.payment_url as string).split('/').pop()!;
    await db().update(sandboxCheckouts).set({ status: 'paid' }).where(eq(sandboxCheckouts.reference, reference));
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.paid', data: { reference } });
    expect((await ctx.api.post('/api/v1/payment/callback/sandbox/', undefined, { rawBody: body, headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(sandboxSecretOf(ctx.server.app.config), body) } })).status).toBe(200);

    const listed = await ctx.api.get(staff('payments/?orphaned=true'), as(admin));
    expect(listed.body).toMatchObject({ count: 1, data: [{ id: first.body.txn_id, status: 'Failed', orphaned: true }] });
    const page = await ctx.api.get(staff(`payments/${first.body.txn_id}/`), as(admin));
    expect(page.body.refundable).toEqual({ amount: 1135, may_cancel: false, cancel_refused: msg.boughtNothing });
    expect((await ctx.api.post(staff(`payments/${first.body.txn_id}/refunds/`), { amount: 1135, reason: 'Paid twice', cancel_enrolment: true }, { ...as(admin), headers: { 'idempotency-key': randomUUID() } })).body).toEqual({ cancel_enrolment: [msg.boughtNothing] });
    const back = await ctx.api.post(staff(`payments/${first.body.txn_id}/refunds/`), { amount: 1135, reason: 'Paid twice', cancel_enrolment: false }, { ...as(admin), headers: { 'idempotency-key': randomUUID() } });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ refunded: 1135, refundable: { amount: 0 } });
    // Given back in full, it needs no more attention.
    expect((await ctx.api.get(staff('payments/?orphaned=true'), as(admin))).body.count).toBe(0);
    // The enrolment the second attempt made is untouched.
    expect((await enrolmentOf(student.user.id, course.id))!.status).toBe('notpaid');
    expect(second.status).toBe(201);
  });

  it('refunds a cash payment by hand once the school confirmed it', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school, fee: 50_000 });
    const admin = await createStaff(db(), { school });
    const student = await createStudent(db(), { school });
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    const paid = await ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: course.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' }, { ...as(student), headers: { 'idempotency-key': randomUUID() } });
    await ctx.api.post(staff(`payments/${paid.body.txn_id}/confirm/`), {}, as(admin));
    const res = await ctx.api.post(staff(`payments/${paid.body.txn_id}/refunds/`), { amount: 500, reason: 'Paid twice at the office', cancel_enrolment: false }, { ...as(admin), headers: { 'idempotency-key': randomUUID() } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ refunded: 500, refunds: [{ state: 'succeeded', by: expect.any(String) }], refundable: { amount: 0 } });
  });
});
