import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enrollments, paymentRefunds, paymentTransactions } from '../src/db/schema/index';
import { createCourse, createEnrolment, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

describe('GET /staff/reports/week/', () => {
  it('counts enrolments and revenue less refunds in the last 7 days against the 7 before, for administrators only', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school, fee: 113_500 });
    const admin = await createStaff(db(), { school });
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    const enrol = async (when: Date, status: 'paid' | 'pending' | 'cancelled' = 'paid') => {
      const e = await createEnrolment(db(), { course, student: await createStudent(db(), { school }), status });
      await db().update(enrollments).set({ dateEnrolled: when }).where(eq(enrollments.id, e.id));
      return e;
    };
    const recent = await enrol(daysAgo(1));
    await enrol(daysAgo(2));
    await enrol(daysAgo(3), 'pending');
    await enrol(daysAgo(4), 'cancelled');
    const older = await enrol(daysAgo(10));
    const txn = (userId: number, amount: number, paidAt: Date, n: number) => ({
      schoolId: school.id, userId, contentType: 'course' as const, courseId: course.id, status: 'Paid' as const, subtotal: amount, tax: 0, fee: 0, discount: 0, coins: 0, amount,
      processorType: 'cash', gateway: 'cash', reference: `week-${school.id}-${n}`, idempotencyKey: `week-${n}`, requestHash: 'x', paidAt, createdAt: paidAt,
    });
    const [paidNow] = await db().insert(paymentTransactions).values([txn(recent.student.user.id, 113_500, daysAgo(1), 1), txn(older.student.user.id, 50_000, daysAgo(10), 2)]).returning();
    await db().insert(paymentRefunds).values([
      { schoolId: school.id, transactionId: paidNow!.id, amount: 10_000, reason: 'Goodwill', cancelsEnrolment: false, state: 'succeeded', idempotencyKey: 'k1' },
      { schoolId: school.id, transactionId: paidNow!.id, amount: 5_000, reason: 'Refused', cancelsEnrolment: false, state: 'failed', idempotencyKey: 'k2' },
    ]);

    const res = await ctx.api.get('/api/v1/staff/reports/week/', as(admin));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ enrolments: { last_7_days: 2, previous_7_days: 1 }, revenue: { last_7_days: 1035, previous_7_days: 500 } });

    expect((await ctx.api.get('/api/v1/staff/reports/week/', as(await createStaff(db(), { school, role: 'IN', courses: [course] })))).status).toBe(403);
    expect((await ctx.api.get('/api/v1/staff/reports/week/', as(recent.student))).status).toBe(403);
    expect((await ctx.api.get('/api/v1/staff/reports/week/', { host: school.host })).status).toBe(401);
    const foreign = await createStaff(db());
    expect((await ctx.api.get('/api/v1/staff/reports/week/', { token: foreign.token, host: foreign.school.host })).body).toEqual({ enrolments: { last_7_days: 0, previous_7_days: 0 }, revenue: { last_7_days: 0, previous_7_days: 0 } });
  });
});
