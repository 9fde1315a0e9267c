import { and, count, eq, gte, lt, ne, notInArray, sql, sum } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES } from '@school/shared/catalogue/rules';
import type { Db } from '../../db/client';
import { enrollments, paymentRefunds, paymentTransactions } from '../../db/schema/index';

/** The school's figures over a time range [from, before). */
export function staffReportRepository(db: Db) {
  return {
    /** Enrolments made in the range that are enrolments now (not waiting for a payment, not cancelled). */
    async enrolments(schoolId: number, from: Date, before: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(enrollments)
        .where(and(eq(enrollments.schoolId, schoolId), gte(enrollments.dateEnrolled, from), lt(enrollments.dateEnrolled, before), notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES])));
      return row?.n ?? 0;
    },
    /** Centavos paid in the range, less the refunds made in it (those the gateway did not refuse). */
    async revenue(schoolId: number, from: Date, before: Date) {
      const [paid] = await db
        .select({ total: sum(paymentTransactions.amount).mapWith(Number) })
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.schoolId, schoolId), eq(paymentTransactions.status, 'Paid'), gte(paymentTransactions.paidAt, from), lt(paymentTransactions.paidAt, before)));
      const [refunded] = await db
        .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)`.mapWith(Number) })
        .from(paymentRefunds)
        // Money given back for a payment counted as revenue (not money that arrived after its attempt had ended).
        .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
        .where(and(eq(paymentRefunds.schoolId, schoolId), eq(paymentTransactions.status, 'Paid'), ne(paymentRefunds.state, 'failed'), gte(paymentRefunds.createdAt, from), lt(paymentRefunds.createdAt, before)));
      return (paid?.total ?? 0) - (refunded?.total ?? 0);
    },
  };
}
