import { and, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { OPEN_TRANSACTION_STATUSES } from '@school/shared/payments/rules';
import type { Db } from '../../db/client';
import { bundles, courses, events, paymentCallbacks, paymentRefunds, paymentTransactions, schools, voucherRedemptions, vouchers } from '../../db/schema/index';

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;

export function paymentRepository(db: Db) {
  return {
    async findVoucher(schoolId: number, code: string) {
      const [row] = await db
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.schoolId, schoolId), eq(vouchers.code, code.toUpperCase())))
        .limit(1);
      return row;
    },
    async countRedemptions(voucherId: number, userId: number) {
      const [row] = await db.select({ n: count() }).from(voucherRedemptions).where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.userId, userId)));
      return row?.n ?? 0;
    },
    /** Takes one use of the voucher if any is left: one statement, and the row stays locked to the end of the transaction. */
    async takeVoucherUse(voucherId: number) {
      const [row] = await db
        .update(vouchers)
        .set({ usedCount: sql`${vouchers.usedCount} + 1` })
        .where(and(eq(vouchers.id, voucherId), sql`(${vouchers.usageLimit} is null or ${vouchers.usedCount} < ${vouchers.usageLimit})`))
        .returning({ id: vouchers.id });
      return Boolean(row);
    },
    async addRedemption(values: typeof voucherRedemptions.$inferInsert) {
      await db.insert(voucherRedemptions).values(values);
    },
    /** Gives back the voucher use a failed transaction held. */
    async releaseVoucher(transactionId: number) {
      const [row] = await db.delete(voucherRedemptions).where(eq(voucherRedemptions.transactionId, transactionId)).returning({ voucherId: voucherRedemptions.voucherId });
      if (row) await db.update(vouchers).set({ usedCount: sql`${vouchers.usedCount} - 1` }).where(eq(vouchers.id, row.voucherId));
    },

    /** The new transaction, or null when the same user's idempotency key already has one (the caller replays it). */
    async insert(values: typeof paymentTransactions.$inferInsert) {
      const [row] = await db.insert(paymentTransactions).values(values).onConflictDoNothing({ target: [paymentTransactions.userId, paymentTransactions.idempotencyKey] }).returning();
      return row ?? null;
    },
    async findByKey(userId: number, idempotencyKey: string) {
      const [row] = await db.select().from(paymentTransactions).where(and(eq(paymentTransactions.userId, userId), eq(paymentTransactions.idempotencyKey, idempotencyKey))).limit(1);
      return row;
    },
    /** Whether the payer cancelled this transaction (its event says so). */
    async wasCancelled(id: number) {
      return (await db.$count(events, and(eq(events.subjectType, 'payment_transaction'), eq(events.subjectId, id), eq(events.type, 'payment.cancelled')))) > 0;
    },
    /** The refunds the payer is shown: all but those the gateway refused, oldest first. */
    refundsOf: (transactionId: number) =>
      db
        .select({ amount: paymentRefunds.amount, reason: paymentRefunds.reason, state: paymentRefunds.state, cancelsEnrolment: paymentRefunds.cancelsEnrolment, createdAt: paymentRefunds.createdAt })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.transactionId, transactionId), ne(paymentRefunds.state, 'failed')))
        .orderBy(paymentRefunds.createdAt, paymentRefunds.id),
    async find(id: number) {
      const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).limit(1);
      return row;
    },
    async lock(schoolId: number, id: number) {
      const [row] = await db.select().from(paymentTransactions).where(and(eq(paymentTransactions.schoolId, schoolId), eq(paymentTransactions.id, id))).for('update');
      return row;
    },
    async lockByReference(reference: string) {
      const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.reference, reference)).for('update');
      return row;
    },
    async findByReference(reference: string) {
      const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.reference, reference)).limit(1);
      return row;
    },
    /**
     * Serialises everything done to one payer's payments for one item (new attempts, callbacks, expiry, staff),
     * taken first in each of those database transactions, so that their row locks never meet in another order.
     */
    async lockPayer(userId: number, item: { courseId: number | null; bundleId: number | null }) {
      await db.execute(sql`select pg_advisory_xact_lock(${userId}::int, ${item.bundleId ? -item.bundleId : item.courseId!}::int)`);
    },
    /** The same user's open transactions for the same item (a newer attempt replaces those not yet pending). */
    async openFor(userId: number, item: { courseId: number | null; bundleId: number | null }, lock = false) {
      const query = db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.userId, userId),
            item.bundleId ? eq(paymentTransactions.bundleId, item.bundleId) : eq(paymentTransactions.courseId, item.courseId!),
            inArray(paymentTransactions.status, [...OPEN_TRANSACTION_STATUSES]),
          ),
        );
      return lock ? query.for('update') : query;
    },
    /** The open course payments of the given courses (a bundle bought over them replaces those not yet pending). */
    async openForCourses(userId: number, courseIds: number[], lock = false) {
      if (courseIds.length === 0) return [];
      const query = db
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.userId, userId), inArray(paymentTransactions.courseId, courseIds), inArray(paymentTransactions.status, [...OPEN_TRANSACTION_STATUSES])));
      return lock ? query.for('update') : query;
    },
    /** A user's open transactions at one school, newest first. */
    async listOpen(userId: number, schoolId: number, limit: number) {
      return db
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.userId, userId), eq(paymentTransactions.schoolId, schoolId), inArray(paymentTransactions.status, [...OPEN_TRANSACTION_STATUSES])))
        .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
        .limit(limit);
    },
    async update(schoolId: number, id: number, values: Partial<typeof paymentTransactions.$inferInsert>) {
      const [row] = await db
        .update(paymentTransactions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(paymentTransactions.schoolId, schoolId), eq(paymentTransactions.id, id)))
        .returning();
      return row!;
    },
    /** As `update`, but only while the row still has `status`; undefined when it has moved on meanwhile. */
    async updateWhile(id: number, status: TransactionRow['status'], values: Partial<typeof paymentTransactions.$inferInsert>) {
      const [row] = await db
        .update(paymentTransactions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.status, status)))
        .returning();
      return row;
    },
    /** Open over-the-counter (or any) transactions whose code has lapsed. */
    async listExpired(now: Date, limit: number) {
      return db
        .select({ id: paymentTransactions.id, schoolId: paymentTransactions.schoolId, userId: paymentTransactions.userId, courseId: paymentTransactions.courseId, bundleId: paymentTransactions.bundleId })
        .from(paymentTransactions)
        .where(and(inArray(paymentTransactions.status, [...OPEN_TRANSACTION_STATUSES]), lt(paymentTransactions.expiresAt, now)))
        .limit(limit);
    },
    /** Records a gateway event once; false when its id was seen before (a replay or a redelivery). */
    async recordCallback(values: typeof paymentCallbacks.$inferInsert) {
      const [row] = await db.insert(paymentCallbacks).values(values).onConflictDoNothing().returning({ id: paymentCallbacks.id });
      return Boolean(row);
    },
    /** What the transaction bought, for its pages: the course (of a class too) or the bundle. */
    async itemOf(txn: TransactionRow) {
      if (txn.bundleId) {
        const [row] = await db
          .select({ id: bundles.id, name: bundles.name, description: bundles.description, image: bundles.image, slug: bundles.slug })
          .from(bundles)
          .where(eq(bundles.id, txn.bundleId))
          .limit(1);
        return row;
      }
      const [row] = await db
        .select({ id: courses.id, name: courses.name, description: courses.description, image: courses.image, slug: courses.slug })
        .from(courses)
        .where(eq(courses.id, txn.courseId!))
        .limit(1);
      return row;
    },
    async schoolName(schoolId: number) {
      const [row] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId)).limit(1);
      return row?.name ?? '';
    },
  };
}
