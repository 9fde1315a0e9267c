import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@school/shared/payments/rules';
import { refundMessages } from '@school/shared/staff/payments';
import { enrollments, paymentTransactions } from '../src/db/schema/index';
import { signPayload } from '../src/infra/payments/signature';
import { createCourse, createSchool, createStaff, createStudent } from './support/factories';
import { startFakePaymongo } from './support/fake-paymongo';
import { client } from './support/http';
import { startServer, type TestServer } from './support/server';

const SECRET_KEY = 'sk_test_fake_0123456789';
const WEBHOOK_SECRET = 'whsk_fake_0123456789abcdef';
let fake: Awaited<ReturnType<typeof startFakePaymongo>>;
let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  fake = await startFakePaymongo(SECRET_KEY);
  server = await startServer({ PAYMENT_GATEWAY: 'paymongo', PAYMONGO_SECRET_KEY: SECRET_KEY, PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYMONGO_API_URL: fake.url });
  api = client(server.url);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** A PayMongo event as its webhooks send it, signed in test mode (`te`). */
function event(type: string, reference: string, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({ data: { id: `evt_${randomUUID()}`, type: 'event', attributes: { type, livemode: false, data: { id: 'cs_x', type: 'checkout_session', attributes: { reference_number: reference } } } } });
  const t = Math.floor(Date.now() / 1000);
  const te = signPayload(secret, body, t).split('v1=')[1];
  return { body, signature: `t=${t},te=${te},li=` };
}

describe('the PayMongo gateway (against a local fake of its API)', () => {
  it('opens a checkout session for the amount the server computed, and settles on its signed webhook', async () => {
    const school = await createSchool(server.database.db);
    const course = await createCourse(server.database.db, { school, fee: 112_000 });
    const student = await createStudent(server.database.db, { school });
    const channels = await api.get(`/api/v1/payment/fetch_channels/?content_type=course&object_id=${course.id}`, { host: school.host });
    expect(channels.body).toMatchObject({ otc_bank: [], otc_nonbank: [], card_gateway: 'paymongo' });
    expect(channels.body.ewallet).toContainEqual({ name: 'GCash', value: 'gcash', gateway: 'paymongo' });

    const res = await api.post('/api/v1/payment/process/', { content_type: 'course', object_id: course.id, processor_type: 'ewallet', channel_code: 'gcash', gateway: 'paymongo' }, { token: student.token, host: school.host, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status).toBe(201);
    const session = fake.sessions.at(-1)!;
    expect(res.body.payment_url).toBe(`https://checkout.paymongo.test/${session.id}`);
    // P1,120 + 2.5 % = P1,148, in centavos.
    expect(session.attributes.line_items[0]!.amount).toBe(114_800);
    expect(session.attributes.payment_method_types).toEqual(['gcash']);
    expect(session.attributes.success_url).toMatch(/\/api\/v1\/payment\/return\/[\w-]+\/$/);

    const reference = session.attributes.reference_number;
    const send = (e: { body: string; signature: string }) => api.post('/api/v1/payment/callback/paymongo/', undefined, { rawBody: e.body, headers: { 'content-type': 'application/json', 'paymongo-signature': e.signature } });
    expect((await send(event('checkout_session.payment.paid', reference, 'not-the-webhook-secret'))).status).toBe(401);
    expect((await send(event('payment.refunded', reference))).status).toBe(200);
    const txn = () => api.get(`/api/v1/transaction/${res.body.txn_id}/`, { token: student.token, host: school.host });
    expect((await txn()).body.status).toBe('notpaid');
    expect((await send(event('checkout_session.payment.paid', reference))).status).toBe(200);
    expect((await txn()).body).toMatchObject({ status: 'Paid', amount: 1148, processor: 'GCash' });
    // A new attempt after an abandoned checkout closes the old session at PayMongo.
    const c2 = await createCourse(server.database.db, { school, fee: 10_000 });
    const first = await api.post('/api/v1/payment/process/', { content_type: 'course', object_id: c2.id, processor_type: 'card', channel_code: 'card', gateway: 'paymongo' }, { token: student.token, host: school.host, headers: { 'idempotency-key': randomUUID() } });
    const abandoned = fake.sessions.at(-1)!.id;
    await api.post('/api/v1/payment/process/', { content_type: 'course', object_id: c2.id, processor_type: 'ewallet', channel_code: 'paymaya', gateway: 'paymongo' }, { token: student.token, host: school.host, headers: { 'idempotency-key': randomUUID() } });
    expect(fake.expired).toEqual([abandoned]);
    expect((await api.get(`/api/v1/transaction/${first.body.txn_id}/`, { token: student.token, host: school.host })).body.status).toBe('Failed');
    // The sandbox's pages are not served while PayMongo is the gateway.
    expect((await api.get(`/api/v1/sandbox/checkouts/${reference}/`)).status).toBe(404);
  });

  it("cancels a payer's session by expiring it, and refuses one PayMongo has already taken the money for", async () => {
    const school = await createSchool(server.database.db);
    const [course, other] = [await createCourse(server.database.db, { school, fee: 10_000 }), await createCourse(server.database.db, { school, fee: 10_000 })];
    const student = await createStudent(server.database.db, { school });
    const as = { token: student.token, host: school.host };
    const pay = (id: number) => api.post('/api/v1/payment/process/', { content_type: 'course', object_id: id, processor_type: 'card', channel_code: 'card', gateway: 'paymongo' }, { ...as, headers: { 'idempotency-key': randomUUID() } });
    const cancel = (txnId: number) => api.post(`/api/v1/payment/transactions/${txnId}/cancel/`, {}, as);

    const open = await pay(course.id);
    expect((await cancel(open.body.txn_id)).body.status).toBe('Failed');
    expect(fake.expired).toContain(fake.sessions.at(-1)!.id);
    // Already expired at PayMongo: cancelling again answers the same.
    expect((await cancel(open.body.txn_id)).status).toBe(200);

    const taken = await pay(other.id);
    fake.markPaid(fake.sessions.at(-1)!.id);
    expect(await cancel(taken.body.txn_id)).toMatchObject({ status: 400, body: { detail: paymentMessages.alreadyPaid } });
    expect((await api.get(`/api/v1/transaction/${taken.body.txn_id}/`, as)).body.status).toBe('notpaid');
  });

  it('fails the payment, and undoes its enrolment, when PayMongo cannot open a session', async () => {
    const school = await createSchool(server.database.db);
    const course = await createCourse(server.database.db, { school, fee: 10_000 });
    const student = await createStudent(server.database.db, { school });
    const pay = (body: object) => api.post('/api/v1/payment/process/', { content_type: 'course', object_id: course.id, ...body }, { token: student.token, host: school.host, headers: { 'idempotency-key': randomUUID() } });
    expect((await pay({ processor_type: 'otc_bank', channel_code: 'x', gateway: 'paymongo' })).body).toEqual({ channel_code: ['Select a payment channel.'] });
    fake.refuseNext();
    const res = await pay({ processor_type: 'card', channel_code: 'card', gateway: 'paymongo' });
    expect(res).toMatchObject({ status: 502, body: { detail: paymentMessages.gatewayFailed } });
    const [row] = await server.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, student.user.id));
    expect(row!.status).toBe('Failed');
    expect(await server.database.db.select().from(enrollments).where(eq(enrollments.userId, student.user.id))).toEqual([]);
    expect((await pay({ processor_type: 'card', channel_code: 'card', gateway: 'paymongo' })).status).toBe(201);
  });

  it("refunds through PayMongo's refunds API on the session's payment, partly; counts nothing PayMongo refused, and makes a refund whose answer was lost once", async () => {
    const school = await createSchool(server.database.db);
    const course = await createCourse(server.database.db, { school, fee: 100_000 });
    const student = await createStudent(server.database.db, { school });
    const admin = await createStaff(server.database.db, { school });
    const res = await api.post('/api/v1/payment/process/', { content_type: 'course', object_id: course.id, processor_type: 'card', channel_code: 'card', gateway: 'paymongo' }, { token: student.token, host: school.host, headers: { 'idempotency-key': randomUUID() } });
    const session = fake.sessions.at(-1)!;
    const refund = (amount: number) =>
      api.post(`/api/v1/staff/payments/${res.body.txn_id}/refunds/`, { amount, reason: 'Charged twice', cancel_enrolment: false }, { token: admin.token, host: school.host, headers: { 'idempotency-key': randomUUID() } });
    const send = (e: { body: string; signature: string }) => api.post('/api/v1/payment/callback/paymongo/', undefined, { rawBody: e.body, headers: { 'content-type': 'application/json', 'paymongo-signature': e.signature } });
    expect((await send(event('checkout_session.payment.paid', session.attributes.reference_number))).status).toBe(200);

    // PayMongo refuses the refund: nothing is counted.
    fake.markPaid(session.id);
    fake.refuseNextRefund();
    const refused = await refund(100);
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toBe(refundMessages.gatewayRefused);
    expect((await server.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, res.body.txn_id)))[0]!.refunded).toBe(0);

    const done = await refund(100);
    expect(done.status, done.text).toBe(200);
    expect(fake.refunds.at(-1)).toMatchObject({ payment_id: `pay_${session.id}`, amount: 10_000, notes: 'Charged twice' });
    // PayMongo settles a refund later: it shows as on its way.
    expect(done.body.refunds.find((r: { state: string }) => r.state !== 'failed')).toMatchObject({ amount: 100, state: 'pending' });
    expect(done.body.refunded).toBe(100);

    // The answer to a refund is lost: it stays counted and 'requested'; sent again with the same key, PayMongo's
    // list finds the refund made, and none is made twice.
    fake.loseNextRefundAnswer();
    const key = randomUUID();
    const again = (k: string) => api.post(`/api/v1/staff/payments/${res.body.txn_id}/refunds/`, { amount: 50, reason: 'Charged twice', cancel_enrolment: false }, { token: admin.token, host: school.host, headers: { 'idempotency-key': k } });
    const lost = await again(key);
    expect(lost.status).toBe(502);
    expect(lost.body.detail).toBe(refundMessages.gatewayUnclear);
    const counted = (await server.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, res.body.txn_id)))[0]!;
    expect(counted.refunded).toBe(15_000);
    const resent = await again(key);
    expect(resent.status, resent.text).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_id === `pay_${session.id}`)).toHaveLength(2);
    expect(resent.body.refunds.map((r: { amount: number; state: string }) => [r.amount, r.state])).toEqual([
      [100, 'failed'],
      [100, 'pending'],
      [50, 'pending'],
    ]);
  });
});
