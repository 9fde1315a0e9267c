import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, enrollments, examSubmissions, kycSubmissions, paymentTransactions, users } from '../../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  actorId?: number;
  subject?: { type: string; id: number };
  action?: string;
  /** Entries about this user's records (see aboutUser). */
  aboutUserId?: number;
  /** Inclusive, as instants: the caller turns the school's calendar days into them. */
  from?: Date;
  /** Exclusive. */
  before?: Date;
}

const actorColumns = { firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, username: users.username };

/** Entries whose subject is one of the user's records at the school: an enrolment, a payment, an exam attempt, an ID submission. */
function aboutUser(schoolId: number, userId: number): SQL {
  const ofType = (types: string[], ids: SQL) => and(inArray(auditLog.subjectType, types), inArray(auditLog.subjectId, ids))!;
  return or(
    ofType(['enrollment', 'enrolment'], sql`(select ${enrollments.id} from ${enrollments} where ${enrollments.userId} = ${userId} and ${enrollments.schoolId} = ${schoolId})`),
    ofType(['payment'], sql`(select ${paymentTransactions.id} from ${paymentTransactions} where ${paymentTransactions.userId} = ${userId} and ${paymentTransactions.schoolId} = ${schoolId})`),
    ofType(['exam_attempt'], sql`(select ${examSubmissions.id} from ${examSubmissions} join ${enrollments} on ${enrollments.id} = ${examSubmissions.enrollmentId} where ${enrollments.userId} = ${userId} and ${enrollments.schoolId} = ${schoolId})`),
    ofType(['kyc_submission'], sql`(select ${kycSubmissions.id} from ${kycSubmissions} where ${kycSubmissions.userId} = ${userId} and ${kycSubmissions.schoolId} = ${schoolId})`),
  )!;
}

/** The audit log: written in the transaction of the write it records, never updated; read one school at a time. */
export function auditRepository(db: Db) {
  return {
    async insert(values: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(values);
    },

    async page(schoolId: number, filter: AuditFilter, limit: number, offset: number) {
      const conditions: SQL[] = [eq(auditLog.schoolId, schoolId)];
      if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.subject) conditions.push(eq(auditLog.subjectType, filter.subject.type), eq(auditLog.subjectId, filter.subject.id));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.aboutUserId !== undefined) conditions.push(aboutUser(schoolId, filter.aboutUserId));
      if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
      if (filter.before) conditions.push(lt(auditLog.createdAt, filter.before));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: auditLog, actor: actorColumns })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The newest entry about a record, with its actor's names. */
    async latest(schoolId: number, subject: { type: string; id: number }) {
      const [row] = await db
        .select({ entry: auditLog, actor: actorColumns })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.subjectType, subject.type), eq(auditLog.subjectId, subject.id)))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(1);
      return row ?? null;
    },
  };
}
