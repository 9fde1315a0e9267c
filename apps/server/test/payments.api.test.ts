import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { enrolmentMessages } from '@school/shared/catalogue/rules';
import { paymentMessages as msg, walletMessage } from '@school/shared/payments/rules';
import { auditLog, classes, enrollments, events, notifications, paymentTransactions, vouchers, walletEntries, wallets } from '../src/db/schema/index';
import { signPayload } from '../src/infra/payments/signature';
import { sandboxSecretOf } from '../src/modules/sandbox-gateway/gateway';
import { createBundle, createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, createVoucher, giveCoins, registerStudent, waitFor } from './support/factories';
import { request } from './support/http';
import { serverForFile, startServer } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const secret = () => sandboxSecretOf(ctx.server.app.config);

/** A school with coins on and a P1,120 course (P1,000 + 12 % VAT), and a student there. */
async function shop(options: { fee?: number; products?: Record<string, boolean>; course?: object } = {}) {
  const school = await createSchool(db(), { products: { apt_coins: true, ...options.products } });
  const course = await createCourse(db(), { school, fee: options.fee ?? 112_000, ...options.course });
  const student = await createStudent(db(), { school });
  return { school, course, student, host: school.host };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const pay = (s: Pick<Shop, 'host'> & { student: { token: string } }, body: object, key: string | null = randomUUID()) =>
  ctx.api.post('/api/v1/payment/process/', body, { token: s.student.token, host: s.host, headers: key ? { 'idempotency-key': key } : {} });
const online = (id: number, extra: object = {}) => ({ content_type: 'course', object_id: id, processor_type: 'online_bank', channel_code: 'bpi', gateway: 'sandbox', ...extra });
const transaction = (s: Shop, id: number, token = s.student.token) => ctx.api.get(`/api/v1/transaction/${id}/`, { token, host: s.host });
const enrolmentOf = async (userId: number, courseId: number) =>
  (await db().select().from(enrollments).where(sql`${enrollments.userId} = ${userId} and ${enrollments.courseId} = ${courseId}`))[0];
const balanceOf = async (userId: number) => (await db().select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balance ?? 0;

/** The payer's choice on the sandbox's hosted page; the sandbox then calls the platform back. */
async function choose(paymentUrl: string, outcome: 'paid' | 'failed' | 'pending') {
  const reference = paymentUrl.split('/').pop()!;
  return ctx.api.post(`/api/v1/sandbox/checkouts/${reference}/`, { outcome });
}

describe('the payment page calls', () => {
  it('lists channels by mode and breaks the price down as the shared rules do', async () => {
    const s = await shop();
    const channels = await ctx.api.get(`/api/v1/payment/fetch_channels/?content_type=course&object_id=${s.course.id}`, { host: s.host });
    expect(channels.status).toBe(200);
    expect(channels.body.online_bank).toContainEqual({ name: 'BPI Online', value: 'bpi', gateway: 'sandbox' });
    expect(channels.body.otc_nonbank.map((c: { value: string }) => c.value)).toContain('7eleven');
    expect(channels.body).toMatchObject({ card_gateway: 'sandbox', card_error: false });

    const fees = (body: object) => ctx.api.post('/api/v1/payment/fees/', { object_id: s.course.id, content_type: 'course', ...body }, { token: s.student.token, host: s.host });
    expect((await fees({ channel_code: 'bpi', gateway: 'sandbox' })).body).toEqual({ total_fee: 15, subtotal: 1000, vat: 120, discount: 0, applied_coins: 0, amount: 1135, waived_by: null });
    expect((await fees({ channel_code: 'cash', gateway: 'cash' })).body).toMatchObject({ total_fee: 0, amount: 1120 });
    // GCash: 2.5 % of P1,120 = P28.
    expect((await fees({ channel_code: 'gcash', gateway: 'sandbox' })).body).toMatchObject({ total_fee: 28, amount: 1148 });
    expect((await fees({ channel_code: 'nope', gateway: 'sandbox' })).body).toEqual({ channel_code: [msg.channelRequired] });
    expect((await fees({ channel_code: 'bpi', gateway: 'sandbox', voucher_code: 'NOPE' })).body).toEqual({ voucher_code: [msg.voucherInvalid] });
  });

  it('checks vouchers: the school, the item, the dates and the limits', async () => {
    const s = await shop();
    const other = await shop();
    const half = await createVoucher(db(), s.school, { code: 'HALF', value: 50 });
    await createVoucher(db(), s.school, { code: 'LATER', startsAt: new Date(Date.now() + 86_400_000) });
    await createVoucher(db(), s.school, { code: 'OLD', endsAt: new Date(Date.now() - 1000) });
    await createVoucher(db(), s.school, { code: 'GONE', usageLimit: 1, usedCount: 1 });
    await createVoucher(db(), s.school, { code: 'ELSEWHERE', courseId: (await createCourse(db(), { school: s.school })).id });
    await createVoucher(db(), other.school, { code: 'THEIRS' });
    const check = (code: string, host = s.host) => ctx.api.get(`/api/v1/vouchers/${code}/course/${s.course.id}/`, { token: s.student.token, host });
    expect((await check('half')).body).toEqual({ success: true, message: msg.voucherApplied, coupon: { type: 'percentage', value: 50 } });
    expect(half.code).toBe('HALF');
    expect((await check('LATER')).body).toEqual({ detail: msg.voucherNotStarted });
    expect((await check('OLD')).body).toEqual({ detail: msg.voucherExpired });
    expect((await check('GONE')).body).toEqual({ detail: msg.voucherUsedUp });
    expect((await check('ELSEWHERE')).body).toEqual({ detail: msg.voucherInvalid });
    expect((await check('THEIRS')).body).toEqual({ detail: msg.voucherInvalid });
    // The course of another school through this school's site does not exist.
    expect((await ctx.api.get(`/api/v1/vouchers/HALF/course/${other.course.id}/`, { token: s.student.token, host: s.host })).status).toBe(404);
  });

  it('applies coins capped at the balance, and only where coins are on', async () => {
    const s = await shop();
    await giveCoins(db(), s.student.user.id, 30_000);
    const apply = (coins: unknown, host = s.host) => ctx.api.post(`/api/v1/wallets/apply_coins/course/${s.course.id}/`, { coins }, { token: s.student.token, host });
    expect((await apply('100.50')).body).toEqual({ success: true, message: msg.coinsApplied, coins: 100.5 });
    expect((await apply(5000)).body).toMatchObject({ coins: 300 });
    expect((await apply(0)).body).toEqual({ coins: [msg.coinsPositive] });
    expect((await apply('1.234')).status).toBe(400);
    const off = await shop({ products: { apt_coins: false } });
    const res = await ctx.api.post(`/api/v1/wallets/apply_coins/course/${off.course.id}/`, { coins: 1 }, { token: off.student.token, host: off.host });
    expect(res.body).toEqual({ detail: msg.coinsNotEnabled });
    const bundle = await createBundle(db(), { school: s.school, price: 100_000 });
    expect((await ctx.api.post(`/api/v1/wallets/apply_coins/bundle/${bundle.id}/`, { coins: 1 }, { token: s.student.token, host: s.host })).body).toEqual({ detail: msg.coinsSignature });
  });
});

describe('the payment budget', () => {
  it('answers 429 with Retry-After once an account has asked PAYMENT_THROTTLE_MAX breakdowns and payments in a minute, voucher codes or not', async () => {
    // Behind a proxy with an address of its own: on PostgreSQL the counters are shared with this file's other server.
    const limited = await startServer({ PAYMENT_THROTTLE_MAX: '3', TRUST_PROXY: '1' });
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    try {
      const school = await createSchool(limited.database.db, {});
      const course = await createCourse(limited.database.db, { school, fee: 112_000 });
      const [guesser, other] = [await createStudent(limited.database.db, { school }), await createStudent(limited.database.db, { school })];
      const call = (token: string, path: string, body: object) =>
        request(limited.url, `/api/v1${path}`, { method: 'POST', host: school.host, token, body, headers: { 'x-forwarded-for': address, 'idempotency-key': randomUUID() } });
      const fees = (token: string, code: string) => call(token, '/payment/fees/', { object_id: course.id, content_type: 'course', channel_code: 'bpi', gateway: 'sandbox', voucher_code: code });
      const statuses = [(await fees(guesser.token, 'GUESS1')).status, (await fees(guesser.token, 'GUESS2')).status];
      statuses.push((await call(guesser.token, '/payment/process/', online(course.id, { voucher_code: 'GUESS3' }))).status);
      const refused = await fees(guesser.token, 'GUESS4');
      expect([...statuses, refused.status]).toEqual([400, 400, 400, 429]);
      expect(refused.body).toEqual({ detail: serverMessages.throttled });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(guesser.token, '/payment/process/', online(course.id))).status).toBe(429);
      // Another account from the same address has a budget of its own.
      expect((await call(other.token, '/payment/fees/', { object_id: course.id, content_type: 'course', channel_code: 'bpi', gateway: 'sandbox' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST payment/process/ through the sandbox gateway', () => {
  it('pays online: a hosted checkout, a signed callback, the enrolment paid, the course page told S', async () => {
    const s = await shop();
    expect((await pay(s, online(s.course.id), null)).body).toEqual({ detail: msg.idempotencyKeyRequired, code: 'idempotency_key_required' });
    // Amounts in the request are not read: the server computes them.
    const res = await pay(s, { ...online(s.course.id), amount: 1, fee: 0, discount: 99999 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'notpaid', channel: null });
    expect(res.body.payment_url).toMatch(/^\/sandbox\/checkout\/[\w-]{24}$/);
    const txn = (await transaction(s, res.body.txn_id)).body;
    expect(txn).toMatchObject({ status: 'notpaid', base: 1000, vat: 120, fee: 15, discount: 0, applied_coins: 0, amount: 1135, processor_type: 'online_bank', processor: 'BPI Online' });
    expect(txn.object_details).toMatchObject({ id: s.course.id, slug: s.course.slug, content_type: 'course' });
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('notpaid');

    const checkout = await ctx.api.get(`/api/v1/sandbox/checkouts/${res.body.payment_url.split('/').pop()}/`);
    expect(checkout.body).toMatchObject({ amount: 1135, status: 'open', mode: 'online_bank', channel: 'BPI Online' });
    const chosen = await choose(res.body.payment_url, 'paid');
    expect(chosen.status).toBe(200);
    expect((await transaction(s, res.body.txn_id)).body.status).toBe('Paid');
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('paid');
    const back = await ctx.api.get(new URL(chosen.body.return_url).pathname, { host: s.host });
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(`/course/${s.course.slug}?status=S`);
    expect((await choose(res.body.payment_url, 'failed')).body).toEqual({ detail: 'This checkout is already closed.' });
    expect((await pay(s, online(s.course.id))).body).toMatchObject({ detail: enrolmentMessages.alreadyEnrolled });
  });

  it('a failed payment undoes its enrolment and gives back its voucher use and coins; a retry works', async () => {
    const s = await shop();
    await giveCoins(db(), s.student.user.id, 10_000);
    const voucher = await createVoucher(db(), s.school, { code: 'ONCE', type: 'fixed', value: 50_000, usageLimit: 1 });
    const res = await pay(s, online(s.course.id, { voucher_code: 'once', coins: 100 }));
    expect(res.status).toBe(201);
    // P1,120 - 100 coins = 1,020; - P500 = 520; + P15 = 535.
    expect((await transaction(s, res.body.txn_id)).body).toMatchObject({ discount: 500, applied_coins: 100, fee: 15, amount: 535 });
    expect(await balanceOf(s.student.user.id)).toBe(0);
    await choose(res.body.payment_url, 'failed');
    expect((await transaction(s, res.body.txn_id)).body.status).toBe('Failed');
    expect(await enrolmentOf(s.student.user.id, s.course.id)).toBeUndefined();
    expect(await balanceOf(s.student.user.id)).toBe(10_000);
    expect((await db().select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.usedCount).toBe(0);
    const back = await ctx.api.get(`/api/v1/payment/return/${res.body.payment_url.split('/').pop()}/`, { host: s.host });
    expect(back.headers.location).toBe(`/course/${s.course.slug}?status=F`);
    const again = await pay(s, online(s.course.id, { voucher_code: 'ONCE' }));
    expect(again.status).toBe(201);
    await choose(again.body.payment_url, 'pending');
    expect((await transaction(s, again.body.txn_id)).body.status).toBe('Pending');
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('pending');
  });

  it('answers a retried request with its first answer, and refuses the key for another request', async () => {
    const s = await shop();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(s, online(s.course.id), key)));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(201));
    expect(new Set(answers.map((a) => a.body.txn_id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.payment_url)).size).toBe(1);
    const rows = await db().select().from(paymentTransactions).where(eq(paymentTransactions.userId, s.student.user.id));
    expect(rows).toHaveLength(1);
    expect((await pay(s, online(s.course.id, { channel_code: 'bdo' }), key)).body).toEqual({ detail: msg.idempotencyKeyReused, code: 'idempotency_key_reused' });
  });

  it('lets a voucher limited to one use be used once by 200 students at the same moment', async () => {
    const s = await shop();
    await createVoucher(db(), s.school, { code: 'ONLYONE', value: 100, usageLimit: 1 });
    const students = await Promise.all(Array.from({ length: 200 }, () => createStudent(db(), { school: s.school })));
    const answers = await Promise.all(students.map((student) => pay({ host: s.host, student }, { content_type: 'course', object_id: s.course.id, voucher_code: 'ONLYONE' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.voucher_code?.[0] === msg.voucherUsedUp)).toBe(true);
    const [row] = await db().select().from(vouchers).where(eq(vouchers.code, 'ONLYONE'));
    expect(row!.usedCount).toBe(1);
  });

  // 200 payments at once queue on PGlite's one connection: seconds of work, more on a busy machine.
  it('never lets 200 concurrent coin payments overdraw the wallet', { timeout: 120_000 }, async () => {
    const s = await shop({ fee: 10_000 });
    const courses = [s.course, ...(await Promise.all(Array.from({ length: 9 }, () => createCourse(db(), { school: s.school, fee: 10_000 }))))];
    await giveCoins(db(), s.student.user.id, 500);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => pay(s, online(courses[i % courses.length]!.id, { coins: 1 }))));
    expect(answers.every((a) => a.status === 201 || (a.status === 400 && (a.body.coins?.[0] === msg.coinsNotEnough || a.body.detail)))).toBe(true);
    const balance = await balanceOf(s.student.user.id);
    const [ledger] = await db().select({ sum: sql<number>`sum(${walletEntries.amount})`.mapWith(Number) }).from(walletEntries).where(eq(walletEntries.userId, s.student.user.id));
    const [held] = await db()
      .select({ sum: sql<number>`coalesce(sum(${paymentTransactions.coins}), 0)`.mapWith(Number) })
      .from(paymentTransactions)
      .where(sql`${paymentTransactions.userId} = ${s.student.user.id} and ${paymentTransactions.status} <> 'Failed'`);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(ledger!.sum).toBe(balance);
    expect(balance + held!.sum).toBe(500);
  });

  it('waives the whole price with a voucher or with coins, with no gateway at all', async () => {
    const s = await shop();
    await createVoucher(db(), s.school, { code: 'FREE', value: 100 });
    const byVoucher = await pay(s, { content_type: 'course', object_id: s.course.id, voucher_code: 'FREE' });
    expect(byVoucher.body).toMatchObject({ status: 'paid', payment_url: null, channel: null });
    expect((await transaction(s, byVoucher.body.txn_id)).body).toMatchObject({ status: 'Paid', discount: 1120, amount: 0, fee: 0, processor_type: 'voucher' });

    const c = await shop();
    await giveCoins(db(), c.student.user.id, 200_000);
    const byCoins = await pay(c, { content_type: 'course', object_id: c.course.id, coins: 5000 });
    expect((await transaction(c, byCoins.body.txn_id)).body).toMatchObject({ status: 'Paid', applied_coins: 1120, amount: 0, processor_type: 'coins' });
    expect(await balanceOf(c.student.user.id)).toBe(200_000 - 112_000);
    const entries = await ctx.api.get('/api/v1/wallets/transactions/?page=1&perpage=10', { token: c.student.token, host: c.host });
    expect(entries.body.data[0]).toMatchObject({ type: 'debit', value: 1120, running_balance: 880 });
    expect(entries.body.data[1]).toMatchObject({ type: 'credit', value: 2000, running_balance: 2000 });
    expect((await ctx.api.get('/api/v1/wallets/', { token: c.student.token, host: c.host })).body).toEqual({ balance: 880, address: null, verified: false });
    // Partly covered without a mode: the rest must be paid somehow.
    const partly = await shop();
    await giveCoins(db(), partly.student.user.id, 10_000);
    expect((await pay(partly, { content_type: 'course', object_id: partly.course.id, coins: 10 })).body).toEqual({ processor_type: [msg.modeRequired] });
  });

  it('issues an over-the-counter code with a Code 128 barcode that lapses', async () => {
    const s = await shop();
    await giveCoins(db(), s.student.user.id, 5_000);
    const res = await pay(s, { content_type: 'course', object_id: s.course.id, processor_type: 'otc_nonbank', channel_code: '7eleven', gateway: 'sandbox', coins: 50 });
    expect(res.body).toMatchObject({ status: 'pending', channel: '7-Eleven', payment_url: null });
    const details = await ctx.api.get(`/api/v1/payment/bux/fetch_details/?txn_id=${res.body.txn_id}`, { token: s.student.token, host: s.host });
    expect(details.status).toBe(200);
    expect(details.body.ref_code).toMatch(/^\d{14}$/);
    expect(details.body.image_url).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(details.body.image_url.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(details.body).toMatchObject({ channel: '7-Eleven', channel_logo: '/partner-logos/7eleven.svg', status: 'Pending', seller_name: s.school.name, amount: 1095 });
    expect(new Date(details.body.expiry).getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(details.body.instructions.Payment.length).toBeGreaterThan(2);

    await db().update(paymentTransactions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentTransactions.id, res.body.txn_id));
    expect((await transaction(s, res.body.txn_id)).body.status).toBe('Failed');
    expect(await balanceOf(s.student.user.id)).toBe(5_000);
    expect(await enrolmentOf(s.student.user.id, s.course.id)).toBeUndefined();
  });

  it('keeps cash pending until the school confirms it; only its administrators may', async () => {
    const s = await shop();
    const res = await pay(s, { content_type: 'course', object_id: s.course.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' });
    expect(res.body).toMatchObject({ status: 'pending', payment_url: null, channel: null });
    const confirm = (token: string, host = s.host) => ctx.api.post(`/api/v1/payment/transactions/${res.body.txn_id}/confirm/`, {}, { token, host });
    expect((await confirm(s.student.token)).status).toBe(403);
    const instructor = await createStaff(db(), { school: s.school, role: 'IN' });
    expect((await confirm(instructor.token)).status).toBe(404);
    const elsewhere = await createStaff(db(), {});
    expect((await confirm(elsewhere.token, elsewhere.school.host)).status).toBe(404);
    const admin = await createStaff(db(), { school: s.school });
    expect((await confirm(admin.token)).body.status).toBe('Paid');
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('paid');
    expect((await confirm(admin.token)).body).toEqual({ detail: msg.notConfirmable });
    // The event and the audit log name the staff member who confirmed it, not the payer.
    const [paid] = await db().select().from(events).where(and(eq(events.subjectId, res.body.txn_id), eq(events.type, 'payment.paid')));
    expect(paid!.actorId).toBe(admin.user.id);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.subjectType, 'payment'), eq(auditLog.subjectId, res.body.txn_id)))).toMatchObject([
      { actorId: admin.user.id, schoolId: s.school.id, action: 'payment.settle', changes: { status: { before: 'Pending', after: 'Paid' } } },
    ]);
  });

  it('settles a cash payment once when its administrators confirm it ten times at once', async () => {
    const s = await shop();
    const res = await pay(s, { content_type: 'course', object_id: s.course.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' });
    const admin = await createStaff(db(), { school: s.school });
    const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.api.post(`/api/v1/payment/transactions/${res.body.txn_id}/confirm/`, {}, { token: admin.token, host: s.host })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual(Array(9).fill({ detail: msg.notConfirmable }));
    const paid = await db().select().from(events).where(and(eq(events.type, 'payment.paid'), eq(events.subjectId, res.body.txn_id)));
    expect(paid).toHaveLength(1);
  });

  it('pays a pay-later enrolment: it stays pay later until paid, then the course page hears PLS', async () => {
    const s = await shop({ course: { allowPayLater: true } });
    await createEnrolment(db(), { student: s.student, course: s.course, status: 'pay_later' });
    const res = await pay(s, online(s.course.id));
    expect(res.body.status).toBe('pay_later');
    expect((await transaction(s, res.body.txn_id)).body.pay_later).toBe(true);
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('pay_later');
    const chosen = await choose(res.body.payment_url, 'paid');
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('paid');
    expect((await ctx.api.get(new URL(chosen.body.return_url).pathname, { host: s.host })).headers.location).toBe(`/course/${s.course.slug}?status=PLS`);
  });

  it('buys a bundle: the bundle and its courses paid together', async () => {
    const s = await shop();
    const bundle = await createBundle(db(), { school: s.school, price: 300_000 });
    const res = await pay(s, { content_type: 'bundle', object_id: bundle.id, processor_type: 'card', channel_code: 'card', gateway: 'sandbox' });
    expect(res.status).toBe(201);
    // Card: 3.5 % + P15 of P3,000 = P120.
    expect((await transaction(s, res.body.txn_id)).body).toMatchObject({ amount: 3120, fee: 120, object_details: { content_type: 'coursebundle', id: bundle.id } });
    expect((await enrolmentOf(s.student.user.id, bundle.courses[0]!.id))!.status).toBe('notpaid');
    const page = async () => (await ctx.api.get(`/api/v1/course/bundles/${bundle.id}/`, { token: s.student.token, host: s.host })).body;
    // The checkout left open: its page offers the payment page again.
    expect(await page()).toMatchObject({ status: 'pending', resume_payment: true });
    const chosen = await choose(res.body.payment_url, 'paid');
    for (const course of bundle.courses) expect((await enrolmentOf(s.student.user.id, course.id))!.status).toBe('paid');
    expect(await page()).toMatchObject({ status: 'paid', resume_payment: false });
    expect((await ctx.api.get(new URL(chosen.body.return_url).pathname, { host: s.host })).headers.location).toBe(`/course-bundle/${bundle.slug}?status=S`);
  });
});

describe('a new attempt and the ones before it', () => {
  it('replaces an abandoned checkout (closing it at the gateway), but never a payment on its way', async () => {
    const s = await shop();
    const first = await pay(s, online(s.course.id));
    const second = await pay(s, online(s.course.id, { channel_code: 'bdo' }));
    expect(second.status).toBe(201);
    expect((await transaction(s, first.body.txn_id)).body.status).toBe('Failed');
    expect((await choose(first.body.payment_url, 'paid')).body).toEqual({ detail: 'This checkout has expired.' });
    expect((await enrolmentOf(s.student.user.id, s.course.id))!.status).toBe('notpaid');
    const cash = await pay(s, { content_type: 'course', object_id: s.course.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' });
    expect(cash.body.status).toBe('pending');
    expect((await transaction(s, second.body.txn_id)).body.status).toBe('Failed');
    // Money is on its way for this course: another attempt would charge twice.
    expect((await pay(s, online(s.course.id))).body).toEqual({ detail: msg.paymentPending, code: 'payment_pending' });
  });

  it('lets a retry use the voucher and coins its abandoned attempt held', async () => {
    const s = await shop();
    await giveCoins(db(), s.student.user.id, 10_000);
    await createVoucher(db(), s.school, { code: 'MINE', type: 'fixed', value: 10_000, usageLimit: 1 });
    const first = await pay(s, online(s.course.id, { voucher_code: 'MINE', coins: 100 }));
    expect(first.status).toBe(201);
    const fees = await ctx.api.post('/api/v1/payment/fees/', { object_id: s.course.id, content_type: 'course', channel_code: 'bpi', gateway: 'sandbox', voucher_code: 'MINE', coins: 100 }, { token: s.student.token, host: s.host });
    expect(fees.body).toEqual({ voucher_code: [msg.voucherUsedUp] });
    const retry = await pay(s, online(s.course.id, { voucher_code: 'MINE', coins: 100 }));
    expect(retry.status).toBe(201);
    expect((await transaction(s, retry.body.txn_id)).body).toMatchObject({ discount: 100, applied_coins: 100, amount: 935 });
    expect((await transaction(s, first.body.txn_id)).body.status).toBe('Failed');
    expect(await balanceOf(s.student.user.id)).toBe(0);
    expect((await db().select().from(vouchers).where(eq(vouchers.code, 'MINE')))[0]!.usedCount).toBe(1);
  });

  it('pays a pay-later enrolment only at its own class', async () => {
    const s = await shop({ course: { allowPayLater: true } });
    const [cheap, dear] = await db().insert(classes).values([{ schoolId: s.school.id, courseId: s.course.id, name: 'Cheap', fee: 10_000 }, { schoolId: s.school.id, courseId: s.course.id, name: 'Dear', fee: 500_000 }]).returning();
    await createEnrolment(db(), { student: s.student, course: s.course, status: 'pay_later', classId: dear!.id });
    for (const body of [online(cheap!.id, { content_type: 'class' }), online(s.course.id)]) expect((await pay(s, body)).body).toEqual({ class: [msg.otherClass] });
    const res = await pay(s, online(dear!.id, { content_type: 'class' }));
    expect((await transaction(s, res.body.txn_id)).body).toMatchObject({ amount: 5015 });
  });

  it("names an unpaid enrolment's class on the course, so paying again pays for that class", async () => {
    const s = await shop();
    const other = await createStudent(db(), { school: s.school });
    const [cls] = await db().insert(classes).values({ schoolId: s.school.id, courseId: s.course.id, name: 'Evening', fee: 50_000 }).returning();
    const classTxn = await pay(s, online(cls!.id, { content_type: 'class' }));
    expect(classTxn.status).toBe(201);
    const courseTxn = await pay({ host: s.host, student: other }, online(s.course.id));
    expect(courseTxn.status).toBe(201);
    // The transaction names it too, for the result page's way back to the payment page.
    expect((await transaction(s, classTxn.body.txn_id)).body.object_details).toMatchObject({ id: s.course.id, class_id: cls!.id });
    expect((await transaction(s, courseTxn.body.txn_id, other.token)).body.object_details).toMatchObject({ id: s.course.id, class_id: null });
    const enrolment = async (token: string) => (await ctx.api.get(`/api/v1/courses/${s.course.id}/`, { token, host: s.host })).body.enrollment;
    expect(await enrolment(s.student.token)).toMatchObject({ status: 'notpaid', class_id: cls!.id });
    expect(await enrolment(other.token)).toMatchObject({ status: 'notpaid', class_id: null });
  });

  it('takes over an unpaid course when its bundle is bought, and pays it with the bundle', async () => {
    const s = await shop();
    const bundle = await createBundle(db(), { school: s.school, courses: [s.course, await createCourse(db(), { school: s.school })], price: 200_000 });
    const abandoned = await pay(s, online(s.course.id));
    const res = await pay(s, online(bundle.id, { content_type: 'bundle' }));
    expect(res.status).toBe(201);
    expect((await transaction(s, abandoned.body.txn_id)).body.status).toBe('Failed');
    await choose(res.body.payment_url, 'paid');
    for (const course of bundle.courses) expect((await enrolmentOf(s.student.user.id, course.id))!).toMatchObject({ status: 'paid', bundleId: bundle.id });
  });

  it('settles a new attempt racing the old one\'s callback without a deadlock or a lost payment', async () => {
    const s = await shop();
    const students = await Promise.all(Array.from({ length: 20 }, () => createStudent(db(), { school: s.school })));
    await Promise.all(
      students.map(async (student) => {
        const payer = { host: s.host, student };
        const old = await pay(payer, online(s.course.id));
        const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.paid', data: { reference: old.body.payment_url.split('/').pop() } });
        const [fresh, callback] = await Promise.all([
          pay(payer, online(s.course.id, { channel_code: 'ubp' })),
          ctx.api.post('/api/v1/payment/callback/sandbox/', undefined, { rawBody: body, headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(secret(), body) } }),
        ]);
        expect(callback.status).toBe(200);
        expect([201, 400]).toContain(fresh.status);
        const rows = await db().select().from(paymentTransactions).where(eq(paymentTransactions.userId, student.user.id));
        const enrolment = await enrolmentOf(student.user.id, s.course.id);
        // Either the old payment landed first (paid; the new attempt refused) or the new one replaced it.
        if (rows.some((r) => r.status === 'Paid')) expect([enrolment!.status, fresh.body.detail]).toEqual(['paid', enrolmentMessages.alreadyEnrolled]);
        else expect([enrolment!.status, rows.map((r) => r.status).sort()]).toEqual(['notpaid', ['Failed', 'notpaid']]);
      }),
    );
  });
});

describe('callbacks and who sees what', () => {
  it('refuses a forged or stale callback and applies a replayed one once', async () => {
    const s = await shop();
    const res = await pay(s, online(s.course.id));
    const reference = res.body.payment_url.split('/').pop();
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.paid', data: { reference } });
    const send = (signature: string, raw = body) => ctx.api.post('/api/v1/payment/callback/sandbox/', undefined, { rawBody: raw, headers: { 'content-type': 'application/json', 'sandbox-signature': signature } });
    expect((await send(signPayload('not-the-secret-at-all', body))).status).toBe(401);
    expect((await send('')).status).toBe(401);
    expect((await send(signPayload(secret(), body, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401);
    expect((await ctx.api.post('/api/v1/payment/callback/paymongo/', undefined, { rawBody: body, headers: { 'content-type': 'application/json' } })).status).toBe(404);
    expect((await transaction(s, res.body.txn_id)).body.status).toBe('notpaid');

    const failed = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.failed', data: { reference } });
    expect((await send(signPayload(secret(), failed), failed)).status).toBe(200);
    expect((await send(signPayload(secret(), failed), failed)).status).toBe(200);
    // A transaction only moves forward: a later "paid" cannot revive a failed one.
    expect((await send(signPayload(secret(), body))).status).toBe(200);
    expect((await transaction(s, res.body.txn_id)).body.status).toBe('Failed');
    const events = await db().execute(sql`select count(*)::int as n from events where type = 'payment.failed' and subject_id = ${res.body.txn_id}`);
    expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it("records money that arrives for a replaced attempt and tells the school's administrators", async () => {
    const s = await shop();
    const admin = await createStaff(db(), { school: s.school });
    const first = await pay(s, online(s.course.id));
    expect((await pay(s, online(s.course.id, { channel_code: 'bdo' }))).status).toBe(201);
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.paid', data: { reference: first.body.payment_url.split('/').pop() } });
    const paid = await ctx.api.post('/api/v1/payment/callback/sandbox/', undefined, { rawBody: body, headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(secret(), body) } });
    expect(paid.status).toBe(200);
    expect((await transaction(s, first.body.txn_id)).body.status).toBe('Failed');
    const orphaned = await db().select().from(events).where(and(eq(events.type, 'payment.orphaned'), eq(events.subjectId, first.body.txn_id)));
    expect(orphaned).toMatchObject([{ schoolId: s.school.id, subjectType: 'payment_transaction', data: { gateway: 'sandbox', eventId: JSON.parse(body).id, amount: 113_500 } }]);
    const told = await waitFor(async () => (await db().select().from(notifications).where(eq(notifications.userId, admin.user.id)))[0]);
    expect(told).toMatchObject({ kind: 'payment', schoolId: s.school.id, description: `<strong>Test Student</strong> paid P1,135.00 for <strong>${s.course.name}</strong> after that payment attempt had ended: refund it from its page in the console.`, link: `/staff/payments/${first.body.txn_id}` });
  });

  it("answers 404 for another user's or another school's transaction", async () => {
    const s = await shop();
    const res = await pay(s, { content_type: 'course', object_id: s.course.id, processor_type: 'otc_bank', channel_code: 'bdo_otc', gateway: 'sandbox' });
    const stranger = await createStudent(db(), { school: s.school });
    expect((await transaction(s, res.body.txn_id, stranger.token)).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/payment/bux/fetch_details/?txn_id=${res.body.txn_id}`, { token: stranger.token, host: s.host })).status).toBe(404);
    const other = await shop();
    expect((await ctx.api.get(`/api/v1/transaction/${res.body.txn_id}/`, { token: s.student.token, host: other.host })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/payment/return/${'x'.repeat(24)}/`, { host: s.host })).status).toBe(404);
    const online1 = await pay(s, online((await createCourse(db(), { school: s.school, fee: 10_000 })).id));
    expect((await ctx.api.get(`/api/v1/payment/bux/fetch_details/?txn_id=${online1.body.txn_id}`, { token: s.student.token, host: s.host })).status).toBe(404);
    expect((await pay(s, online(other.course.id))).status).toBe(404);
    // A checkout's way back answers only on its own school's site.
    const reference = online1.body.payment_url.split('/').pop();
    expect((await ctx.api.get(`/api/v1/payment/return/${reference}/`, { host: other.host })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/payment/return/${reference}/`, { host: s.host })).status).toBe(302);
    // Settling a payment: the other school's administrator does not find it.
    const elsewhere = await createStaff(db(), { school: other.school });
    expect((await ctx.api.post(`/api/v1/payment/transactions/${res.body.txn_id}/decline/`, {}, { token: elsewhere.token, host: other.host })).status).toBe(404);
  });
});

describe('the wallet', () => {
  it('connects an address by its EIP-191 signature of a one-time nonce', async () => {
    const s = await shop();
    const account = privateKeyToAccount(generatePrivateKey());
    const nonce = (await ctx.api.post('/api/v1/users/wallet/', { public_address: account.address }, { token: s.student.token, host: s.host })).body.nonce;
    const message = walletMessage(account.address, nonce);
    const signature = await account.signMessage({ message });
    const verify = (body: object) => ctx.api.post('/api/v1/users/wallet/verify/', body, { token: s.student.token, host: s.host });
    expect((await verify({ public_address: account.address, message: walletMessage(account.address, 'other'), signature })).body).toEqual({ detail: 'Wallet verification failed', code: 'wallet_verification_failed' });
    // The failed try spent the nonce: a new one is needed.
    const nonce2 = (await ctx.api.post('/api/v1/users/wallet/', { public_address: account.address }, { token: s.student.token, host: s.host })).body.nonce;
    const message2 = walletMessage(account.address, nonce2);
    const ok = await verify({ public_address: account.address, message: message2, signature: await account.signMessage({ message: message2 }) });
    expect(ok.body).toEqual({ message: 'Wallet successfully connected', public_address: account.address.toLowerCase() });
    expect((await verify({ public_address: account.address, message: message2, signature: await account.signMessage({ message: message2 }) })).body).toEqual({ detail: 'Wallet verification failed', code: 'wallet_verification_failed' });
    expect((await ctx.api.get('/api/v1/wallets/', { token: s.student.token, host: s.host })).body).toMatchObject({ address: account.address.toLowerCase(), verified: true });

    // Signed out, the connected address logs in (spec 1 §1); an unknown one has no account.
    const stranger = privateKeyToAccount(generatePrivateKey());
    expect((await ctx.api.post('/api/v1/users/wallet/', { public_address: stranger.address }, { host: s.host })).body).toEqual({ detail: 'User account not found' });
    const loginNonce = (await ctx.api.post('/api/v1/users/wallet/', { public_address: account.address }, { host: s.host })).body.nonce;
    const loginMessage = walletMessage(account.address, loginNonce);
    const forged = await verify({ public_address: account.address, message: loginMessage, signature: await stranger.signMessage({ message: loginMessage }) });
    expect(forged.body).toEqual({ detail: 'Wallet verification failed', code: 'wallet_verification_failed' });
    const nonce3 = (await ctx.api.post('/api/v1/users/wallet/', { public_address: account.address }, { host: s.host })).body.nonce;
    const message3 = walletMessage(account.address, nonce3);
    const login = await ctx.api.post('/api/v1/users/wallet/verify/', { public_address: account.address, message: message3, signature: await account.signMessage({ message: message3 }) }, { host: s.host });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ id: s.student.user.id, role: 'ST' });
    expect((await ctx.api.get('/api/v1/wallets/', { token: login.body.token, host: s.host })).body.address).toBe(account.address.toLowerCase());
    // "Keep me logged in" counts as for a password login: a day unticked, a month ticked.
    const days = (res: { body: { expires_at: string } }) => Math.round((Date.parse(res.body.expires_at) - Date.now()) / 86_400_000);
    expect(days(login)).toBe(1);
    const nonce4 = (await ctx.api.post('/api/v1/users/wallet/', { public_address: account.address }, { host: s.host })).body.nonce;
    const message4 = walletMessage(account.address, nonce4);
    const remembered = await ctx.api.post('/api/v1/users/wallet/verify/', { public_address: account.address, message: message4, signature: await account.signMessage({ message: message4 }), remember_me: true }, { host: s.host });
    expect(days(remembered)).toBe(30);
  });

  it('spends coins on a bundle only with the wallet owner\'s signature for that bundle', async () => {
    const s = await shop();
    await giveCoins(db(), s.student.user.id, 100_000);
    const bundle = await createBundle(db(), { school: s.school, price: 300_000 });
    const other = await createBundle(db(), { school: s.school, price: 300_000 });
    const body = (id: number) => ({ content_type: 'bundle', object_id: id, coins: 200, processor_type: 'online_bank', channel_code: 'bpi', gateway: 'sandbox' });
    expect((await pay(s, body(bundle.id))).body).toEqual({ coins: [msg.coinsSignature] });
    const account = privateKeyToAccount(generatePrivateKey());
    const signedBy = async (signer: typeof account, coins = 500) => {
      const nonce = (await ctx.api.post('/api/v1/users/wallet/', { public_address: signer.address }, { token: s.student.token, host: s.host })).body.nonce;
      const message = walletMessage(signer.address, nonce);
      return { coins, public_address: signer.address, message, signature: await signer.signMessage({ message }) };
    };
    const applyBundle = async (signed: object) => ctx.api.post(`/api/v1/wallets/apply_coins/bundle/${bundle.id}/`, signed, { token: s.student.token, host: s.host });
    // Only the account's own connected address may approve.
    expect((await applyBundle(await signedBy(account))).body).toEqual({ detail: 'Wallet verification failed', code: 'wallet_verification_failed' });
    const connect = await signedBy(account);
    expect((await ctx.api.post('/api/v1/users/wallet/verify/', connect, { token: s.student.token, host: s.host })).status).toBe(200);
    expect((await applyBundle(await signedBy(privateKeyToAccount(generatePrivateKey())))).body).toEqual({ detail: 'Wallet verification failed', code: 'wallet_verification_failed' });
    const signed = await signedBy(account);
    const applied = await applyBundle(signed);
    expect(applied.body).toEqual({ success: true, message: msg.coinsApplied, coins: 500 });
    // The same signature cannot be used twice: its nonce is spent.
    expect((await applyBundle(signed)).body).toEqual({ detail: 'Wallet verification failed', code: 'wallet_verification_failed' });
    expect((await pay(s, body(other.id))).body).toEqual({ coins: [msg.coinsSignature] });
    const res = await pay(s, body(bundle.id));
    expect(res.status).toBe(201);
    expect((await transaction(s, res.body.txn_id)).body).toMatchObject({ applied_coins: 200, amount: 2815 });
    // The approval was for one payment.
    expect((await pay(s, body(bundle.id))).body).toEqual({ coins: [msg.coinsSignature] });
  });

  it("credits a course's completion reward once, and the course page says there is one", async () => {
    const s = await shop({ fee: 0, course: { rewardCoins: 5_000 } });
    const [only] = await createOutline(db(), s.course, [{ type: 'html', content: '<p>Read</p>' }]);
    await createEnrolment(db(), { student: s.student, course: s.course, status: 'free' });
    const as = { token: s.student.token, host: s.host };
    expect((await ctx.api.get(`/api/v1/courses/${s.course.id}/`, as)).body.enrollment.reward).toEqual({ amount: 50 });
    await ctx.api.get(`/api/v1/coursewares/${only!.id}/`, as);
    const done = await Promise.all([1, 2, 3].map(() => ctx.api.post(`/api/v1/coursewares/${only!.id}/complete/`, {}, as)));
    expect(done.every((d) => d.status === 200)).toBe(true);
    const entries = (await ctx.api.get('/api/v1/wallets/transactions/', as)).body.data;
    expect(entries).toEqual([expect.objectContaining({ type: 'credit', value: 50, running_balance: 50, description: `Reward for completing ${s.course.name}` })]);
  });

  it("credits the school's sign-up reward once, in the sign-up's transaction", async () => {
    const school = await createSchool(db(), { products: { apt_coins: true }, signupRewardCoins: 50_000, rewardGroup: 'Test Group' });
    const fresh = await registerStudent(ctx.server.url, { host: school.host });
    const wallet = await ctx.api.get('/api/v1/wallets/transactions/', { token: fresh.token, host: school.host });
    expect(wallet.body.data).toEqual([expect.objectContaining({ type: 'credit', value: 500, running_balance: 500, description: 'Sign-up reward for Test Group members: L2E Coins for a 36-unit MCLE bundle' })]);
  });
});
