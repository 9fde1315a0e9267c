import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMessages as msg } from '@school/shared/payments/rules';
import { declineMessages } from '@school/shared/staff/payments';
import { auditLog, enrollments, paymentTransactions } from '../src/db/schema/index';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { DEMO_CASH_COURSE } from '../src/seed/demo-payments';
import { createCourse, createSchool, createStaff, createStudent, createVoucher } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;

/** A school with a P1,120 course, its administrator, and two students: one pays cash, one online through the sandbox. */
async function shop() {
  const school = await createSchool(db());
  const course = await createCourse(db(), { school, fee: 112_000, name: 'Trial Advocacy' });
  const admin = await createStaff(db(), { school });
  const as = (who: { token: string }) => ({ token: who.token, host: school.host });
  const pay = async (body: object) => {
    const student = await createStudent(db(), { school });
    const res = await ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: course.id, ...body }, { token: student.token, host: school.host, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status, res.text).toBe(201);
    return { student, id: res.body.txn_id as number };
  };
  return { school, course, admin, as, pay };
}

const cash = { processor_type: 'cash', channel_code: 'cash', gateway: 'cash' };
const online = { processor_type: 'online_bank', channel_code: 'bpi', gateway: 'sandbox' };

describe('GET /staff/payments/', () => {
  it("lists the school's transactions newest first, filtered by status, mode, channel, course, payer, days and reference", async () => {
    const s = await shop();
    const first = await s.pay(cash);
    const second = await s.pay(online);
    const list = await ctx.api.get(staff('payments/'), s.as(s.admin));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, page: 1, pages: 1 });
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(list.body.data[1]).toMatchObject({ status: 'Pending', mode: 'cash', mode_label: 'Pay Directly to the school', amount: 1120, item: { type: 'course', id: s.course.id, name: 'Trial Advocacy' }, may_settle: true });
    expect(list.body.data[0]).toMatchObject({ mode: 'online_bank', channel: expect.any(String), may_settle: false, payer: { id: second.student.user.id, email: second.student.user.email } });

    const ids = async (query: string) => ((await ctx.api.get(staff(`payments/?${query}`), s.as(s.admin))).body.data as { id: number }[]).map((p) => p.id);
    expect(await ids('mode=cash')).toEqual([first.id]);
    expect(await ids('channel=bpi')).toEqual([second.id]);
    expect(await ids(`payer=${first.student.user.id}`)).toEqual([first.id]);
    expect(await ids(`course=${s.course.id}&status=Pending`)).toEqual([first.id]);
    const [row] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, second.id));
    expect(await ids(`reference=${row!.reference}`)).toEqual([second.id]);
    expect(await ids('date_from=2000-01-01&date_to=2000-12-31')).toEqual([]);
    expect(await ids(`date_from=${new Date().toISOString().slice(0, 10)}`)).toHaveLength(2);
    expect((await ctx.api.get(staff('payments/?mode=barter'), s.as(s.admin))).status).toBe(400);
    expect((await ctx.api.get(staff('payments/?date_from=yesterday'), s.as(s.admin))).body).toEqual({ date_from: ['Enter a date as YYYY-MM-DD.'] });
  });

  it('is for administrators: an instructor is refused, another school sees only its own, a student and nobody are kept out', async () => {
    const s = await shop();
    await s.pay(cash);
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    expect((await ctx.api.get(staff('payments/'), s.as(instructor))).status).toBe(403);
    const foreign = await createStaff(db());
    expect((await ctx.api.get(staff('payments/'), { token: foreign.token, host: foreign.school.host })).body.count).toBe(0);
    expect((await ctx.api.get(staff('payments/'), { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.get(staff('payments/'), s.as(await createStudent(db(), { school: s.school })))).status).toBe(403);
  });
});

describe('GET /staff/payments/{id}/ and confirm/decline', () => {
  it('shows the breakdown with the voucher and the events; confirms a cash payment once, and declines another with its reason', async () => {
    const s = await shop();
    await createVoucher(db(), s.school, { code: 'TENOFF', value: 10 });
    const first = await s.pay({ ...cash, voucher_code: 'TENOFF' });
    const page = await ctx.api.get(staff(`payments/${first.id}/`), s.as(s.admin));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ voucher: 'TENOFF', gateway: 'cash', status: 'Pending', may_settle: true });
    expect(page.body.breakdown.discount).toBeGreaterThan(0);
    const b = page.body.breakdown;
    expect(b.amount).toBeCloseTo(b.subtotal + b.tax + b.fee - b.discount - b.coins, 2);
    expect(page.body.events.map((e: { type: string }) => e.type)).toEqual(['payment.created']);

    const confirms = await Promise.all(Array.from({ length: 5 }, () => ctx.api.post(staff(`payments/${first.id}/confirm/`), {}, s.as(s.admin))));
    expect(confirms.filter((c) => c.status === 200)).toHaveLength(1);
    expect(confirms.filter((c) => c.status !== 200).map((c) => c.body)).toEqual(Array(4).fill({ detail: msg.notConfirmable }));
    const confirmed = await ctx.api.get(staff(`payments/${first.id}/`), s.as(s.admin));
    expect(confirmed.body).toMatchObject({ status: 'Paid', may_settle: false });
    expect(confirmed.body.events.at(-1)).toMatchObject({ type: 'payment.paid', actor: expect.any(String) });
    expect((await db().select().from(enrollments).where(eq(enrollments.userId, first.student.user.id)))[0]!.status).toBe('paid');

    const second = await s.pay(cash);
    expect((await ctx.api.post(staff(`payments/${second.id}/decline/`), {}, s.as(s.admin))).body).toEqual({ reason: [declineMessages.reasonRequired] });
    expect((await ctx.api.post(staff(`payments/${second.id}/decline/`), { reason: '  ' }, s.as(s.admin))).body).toEqual({ reason: [declineMessages.reasonRequired] });
    const declined = await ctx.api.post(staff(`payments/${second.id}/decline/`), { reason: 'No payment reached the office.' }, s.as(s.admin));
    expect(declined.body).toMatchObject({ status: 'Failed', may_settle: false });
    expect(declined.body.events.at(-1)).toMatchObject({ type: 'payment.failed', reason: 'No payment reached the office.' });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.subjectType, 'payment'), eq(auditLog.subjectId, second.id)))).toMatchObject([
      { actorId: s.admin.user.id, action: 'payment.settle', changes: { status: { before: 'Pending', after: 'Failed' }, reason: { before: null, after: 'No payment reached the office.' } } },
    ]);
    // An online payment is the gateway's to settle.
    const card = await s.pay(online);
    expect((await ctx.api.post(staff(`payments/${card.id}/confirm/`), {}, s.as(s.admin))).body).toEqual({ detail: msg.notConfirmable });
  });

  it('answers 404 for another school and a made-up id, 403 for an instructor and a student', async () => {
    const s = await shop();
    const { id } = await s.pay(cash);
    const foreign = await createStaff(db());
    const abroad = { token: foreign.token, host: foreign.school.host };
    expect((await ctx.api.get(staff(`payments/${id}/`), abroad)).status).toBe(404);
    expect((await ctx.api.post(staff(`payments/${id}/confirm/`), {}, abroad)).status).toBe(404);
    expect((await ctx.api.post(staff(`payments/${id}/decline/`), { reason: 'x' }, abroad)).status).toBe(404);
    expect((await ctx.api.get(staff('payments/2147483647/'), s.as(s.admin))).status).toBe(404);
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    expect((await ctx.api.post(staff(`payments/${id}/confirm/`), {}, s.as(instructor))).status).toBe(403);
    expect((await ctx.api.get(staff(`payments/${id}/`), s.as(await createStudent(db(), { school: s.school })))).status).toBe(403);
    expect((await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!.status).toBe('Pending');
  });
});

describe("the demo's payments", () => {
  it("has verifying's payment at the office waiting for demo-admin, whose dashboard filter finds it", async () => {
    const login = await ctx.api.post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD });
    const list = await ctx.api.get(staff('payments/?mode=cash&status=Pending'), { token: login.body.token, host: 'demo.localhost' });
    const ana = list.body.data.filter((p: { payer: { email: string } }) => p.payer.email === 'verifying@example.com');
    expect(ana).toMatchObject([{ item: { name: DEMO_CASH_COURSE }, amount: 2600, may_settle: true, mode_label: 'Pay Directly to the school' }]);
  });
});
