import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { TransactionStatus } from '@school/shared/payments/rules';
import type { Db } from '../../db/client';
import { bundles, classes, courses, events, paymentCallbacks, paymentTransactions, users, vouchers } from '../../db/schema/index';

export interface TransactionFilter {
  status?: TransactionStatus;
  mode?: string;
  channel?: string;
  courseId?: number;
  bundleId?: number;
  payerId?: number;
  reference?: string;
  from?: Date;
  before?: Date;
  orphaned?: boolean;
}

const orphanedEvent = sql<boolean>`exists (select 1 from ${events} where ${events.subjectType} = 'payment_transaction' and ${events.subjectId} = ${paymentTransactions.id} and ${events.type} = 'payment.orphaned')`;

const payer = { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, email: users.email, username: users.username };

/** The console's reads of a school's transactions: the filtered list, one with its voucher, events and callbacks. */
export function staffTransactionRepository(db: Db) {
  const columns = { txn: paymentTransactions, payer, course: courses.name, className: classes.name, bundle: bundles.name, voucher: vouchers.code, orphaned: orphanedEvent };

  /** A transaction with its payer, item and voucher. */
  const joined = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(users, eq(users.id, paymentTransactions.userId))
      .leftJoin(courses, eq(courses.id, paymentTransactions.courseId))
      .leftJoin(classes, eq(classes.id, paymentTransactions.classId))
      .leftJoin(bundles, eq(bundles.id, paymentTransactions.bundleId))
      .leftJoin(vouchers, eq(vouchers.id, paymentTransactions.voucherId));

  function whereOf(schoolId: number, f: TransactionFilter): SQL {
    const t = paymentTransactions;
    return and(
      eq(t.schoolId, schoolId),
      f.status ? eq(t.status, f.status) : undefined,
      f.mode ? eq(t.processorType, f.mode) : undefined,
      f.channel ? eq(t.channelCode, f.channel) : undefined,
      f.courseId !== undefined ? eq(t.courseId, f.courseId) : undefined,
      f.bundleId !== undefined ? eq(t.bundleId, f.bundleId) : undefined,
      f.payerId !== undefined ? eq(t.userId, f.payerId) : undefined,
      f.reference ? or(eq(t.reference, f.reference), eq(t.providerRef, f.reference), eq(t.refCode, f.reference)) : undefined,
      f.from ? gte(t.createdAt, f.from) : undefined,
      f.before ? lt(t.createdAt, f.before) : undefined,
      // Needing attention: paid after it ended and not all given back yet.
      f.orphaned ? and(orphanedEvent, lt(t.refunded, t.amount)) : undefined,
    )!;
  }

  return {
    /** The newest first. */
    async page(schoolId: number, filter: TransactionFilter, limit: number, offset: number) {
      const where = whereOf(schoolId, filter);
      const [rows, [total]] = await Promise.all([
        joined(db.select(columns).from(paymentTransactions).$dynamic())
          .where(where)
          .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(paymentTransactions).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The next rows of an export, newest first by id (`beforeId` the last one read): keyset paging, never OFFSET. */
    batch: (schoolId: number, filter: TransactionFilter, beforeId: number | null, limit: number) =>
      joined(db.select(columns).from(paymentTransactions).$dynamic())
        .where(and(whereOf(schoolId, filter), beforeId === null ? undefined : lt(paymentTransactions.id, beforeId)))
        .orderBy(desc(paymentTransactions.id))
        .limit(limit),

    async find(schoolId: number, id: number) {
      const [row] = await joined(db.select(columns).from(paymentTransactions).$dynamic()).where(and(eq(paymentTransactions.schoolId, schoolId), eq(paymentTransactions.id, id)));
      return row ?? null;
    },

    /** What happened to it, oldest first, with who did it. */
    history: (id: number) =>
      db
        .select({ type: events.type, at: events.createdAt, data: events.data, actor: payer })
        .from(events)
        .leftJoin(users, eq(users.id, events.actorId))
        .where(and(eq(events.subjectType, 'payment_transaction'), eq(events.subjectId, id)))
        .orderBy(asc(events.createdAt), asc(events.id)),

    callbacks: (id: number) => db.select().from(paymentCallbacks).where(eq(paymentCallbacks.transactionId, id)).orderBy(asc(paymentCallbacks.receivedAt), asc(paymentCallbacks.id)),
  };
}
