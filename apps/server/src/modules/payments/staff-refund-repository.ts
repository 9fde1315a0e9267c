import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bundleEnrollments, certificates, enrollments, events, paymentRefunds, paymentTransactions, users } from '../../db/schema/index';
import type { TransactionRow } from './repository';

export type RefundRow = typeof paymentRefunds.$inferSelect;

const by = { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, username: users.username };

/** Refunds and what a refund changes on its transaction: the amount given back, kept beside the paid amount. */
export function staffRefundRepository(db: Db) {
  return {
    async findByKey(transactionId: number, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.transactionId, transactionId), eq(paymentRefunds.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row;
    },
    async insert(values: typeof paymentRefunds.$inferInsert) {
      const [row] = await db.insert(paymentRefunds).values(values).returning();
      return row!;
    },
    async settle(id: number, values: Pick<RefundRow, 'state' | 'providerRef'>) {
      await db.update(paymentRefunds).set({ ...values, settledAt: new Date() }).where(eq(paymentRefunds.id, id));
    },
    /** Settles a refund still `requested`; false when another request settled it first. */
    async settleRequested(id: number, values: Pick<RefundRow, 'state' | 'providerRef'>) {
      const [row] = await db.update(paymentRefunds).set({ ...values, settledAt: new Date() }).where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.state, 'requested'))).returning({ id: paymentRefunds.id });
      return Boolean(row);
    },
    /** A refused refund asked for again under its key. */
    async retry(id: number) {
      const [row] = await db.update(paymentRefunds).set({ state: 'requested', providerRef: null, settledAt: null, sendingAt: new Date() }).where(eq(paymentRefunds.id, id)).returning();
      return row!;
    },
    /**
     * Takes the sending of a `requested` refund: false while another request sent it less than `leaseSeconds` ago
     * (its gateway call may still be running).
     */
    async takeSending(id: number, leaseSeconds: number) {
      const [row] = await db
        .update(paymentRefunds)
        .set({ sendingAt: new Date() })
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.state, 'requested'), sql`(${paymentRefunds.sendingAt} is null or ${paymentRefunds.sendingAt} < now() - make_interval(secs => ${leaseSeconds}))`))
        .returning({ id: paymentRefunds.id });
      return Boolean(row);
    },
    /** Ends a sending whose answer was unclear, so that the same request may send it again at once. */
    async releaseSending(id: number) {
      await db.update(paymentRefunds).set({ sendingAt: null }).where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.state, 'requested')));
    },
    /** Marks a `requested` refund refused; false when it was settled otherwise first (nothing to undo then). */
    async refuseRequested(id: number) {
      const [row] = await db.update(paymentRefunds).set({ state: 'failed', providerRef: null, settledAt: new Date() }).where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.state, 'requested'))).returning({ id: paymentRefunds.id });
      return Boolean(row);
    },
    /** Adds to (or, for a refused refund, takes from) what the transaction has given back; its check keeps it within the amount paid. */
    async addRefunded(transactionId: number, centavos: number) {
      await db
        .update(paymentTransactions)
        .set({ refunded: sql`${paymentTransactions.refunded} + ${centavos}`, updatedAt: new Date() })
        .where(eq(paymentTransactions.id, transactionId));
    },
    /** Whether a refund of the transaction has ended its enrolment already (or is ending it). */
    async hasCancelling(transactionId: number) {
      return (await db.$count(paymentRefunds, and(eq(paymentRefunds.transactionId, transactionId), eq(paymentRefunds.cancelsEnrolment, true), ne(paymentRefunds.state, 'failed')))) > 0;
    },
    /** Whether what the transaction bought is ended already (a refund or the roster), or was paid for again since. */
    async endedOrBoughtAgain(txn: Pick<TransactionRow, 'id' | 'userId' | 'enrollmentId' | 'bundleEnrollmentId' | 'courseId' | 'bundleId'>) {
      const status = txn.bundleEnrollmentId
        ? (await db.select({ status: bundleEnrollments.status }).from(bundleEnrollments).where(eq(bundleEnrollments.id, txn.bundleEnrollmentId)))[0]?.status
        : txn.enrollmentId
          ? (await db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, txn.enrollmentId)))[0]?.status
          : undefined;
      if (status === undefined || status === 'cancelled') return 'ended' as const;
      const item = txn.bundleId ? eq(paymentTransactions.bundleId, txn.bundleId) : eq(paymentTransactions.courseId, txn.courseId!);
      const later = await db.$count(paymentTransactions, and(eq(paymentTransactions.userId, txn.userId), item, gt(paymentTransactions.id, txn.id), eq(paymentTransactions.status, 'Paid')));
      return later > 0 ? ('bought_again' as const) : null;
    },
    /** Whether money arrived for the transaction after its attempt had ended (the callback's event says so). */
    async isOrphaned(transactionId: number) {
      return (await db.$count(events, and(eq(events.subjectType, 'payment_transaction'), eq(events.subjectId, transactionId), eq(events.type, 'payment.orphaned')))) > 0;
    },
    /** Whether a certificate stands for the course enrolment, or for a course the bundle's enrolment took. */
    async hasCertificate(item: { enrollmentId: number | null; userId: number; bundleId: number | null }) {
      const enrolmentIds = item.bundleId
        ? db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.userId, item.userId), eq(enrollments.bundleId, item.bundleId)))
        : null;
      if (!enrolmentIds && item.enrollmentId === null) return false;
      const which = enrolmentIds ? inArray(certificates.enrollmentId, enrolmentIds) : eq(certificates.enrollmentId, item.enrollmentId!);
      return (await db.$count(certificates, and(which, isNull(certificates.revokedAt)))) > 0;
    },
    /** A transaction's refunds, oldest first, with who made each. */
    list: (transactionId: number) =>
      db
        .select({ refund: paymentRefunds, by })
        .from(paymentRefunds)
        .leftJoin(users, eq(users.id, paymentRefunds.requestedBy))
        .where(eq(paymentRefunds.transactionId, transactionId))
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
  };
}
