import { and, eq, gte, inArray, isNull, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES } from '@school/shared/catalogue/rules';
import type { ReportInterval } from '@school/shared/staff/reports';
import type { Db } from '../../db/client';
import { bundles, certificates, courseInstructors, courses, enrollments, paymentRefunds, paymentTransactions } from '../../db/schema/index';

/** A report's range as instants [from, before), its interval, the school's time zone and, if any, one course. */
export interface ActivityRange {
  schoolId: number;
  from: Date;
  before: Date;
  interval: ReportInterval;
  timeZone: string;
  courseId: number | null;
  /** An instructor's report: the courses assigned to them only. */
  instructorId: number | null;
}

const count = sql<number>`count(*)`.mapWith(Number);
/** The ids of the courses assigned to an instructor. */
const assigned = (instructorId: number) => sql`(select ${courseInstructors.courseId} from ${courseInstructors} where ${courseInstructors.userId} = ${instructorId})`;
const total = (value: SQL | unknown) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);

/**
 * The school's figures of a range, each grouped by period and item in one statement. A period is the day, week or
 * month on the school's clock, named by its first day; grouped by position, since the same expression written twice
 * carries its parameters twice and PostgreSQL would not know it for the same.
 */
export function activityRepository(db: Db) {
  return (range: ActivityRange) => {
    const periodOf = (column: SQL | unknown) => sql<string>`to_char(date_trunc(${range.interval}, ${column} at time zone ${range.timeZone}), 'YYYY-MM-DD')`;
    const within = (column: Parameters<typeof gte>[0]) => and(gte(column, range.from), lt(column, range.before));
    const onCourse = (column: Parameters<typeof eq>[0]) =>
      and(range.courseId === null ? undefined : eq(column, range.courseId), range.instructorId === null ? undefined : inArray(column, assigned(range.instructorId)));
    const byPosition = [sql`1`, sql`2`, sql`3`] as const;

    return {
      /** Enrolments made in the range that are enrolments now (not waiting for a payment, not cancelled). */
      enrolments: () =>
        db
          .select({ period: periodOf(enrollments.dateEnrolled), courseId: enrollments.courseId, n: count })
          .from(enrollments)
          .where(and(eq(enrollments.schoolId, range.schoolId), within(enrollments.dateEnrolled), notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES]), onCourse(enrollments.courseId)))
          .groupBy(byPosition[0], byPosition[1]),

      completions: () =>
        db
          .select({ period: periodOf(enrollments.dateCompleted), courseId: enrollments.courseId, n: count })
          .from(enrollments)
          .where(and(eq(enrollments.schoolId, range.schoolId), within(enrollments.dateCompleted), onCourse(enrollments.courseId)))
          .groupBy(byPosition[0], byPosition[1]),

      /** Certificates issued in the range and standing (not revoked), with the MCLE units they grant. */
      certificates: () =>
        db
          .select({ period: periodOf(certificates.issuedAt), courseId: certificates.courseId, n: count, units: total(sql`(${certificates.facts}->>'units')::numeric`) })
          .from(certificates)
          .where(and(eq(certificates.schoolId, range.schoolId), within(certificates.issuedAt), isNull(certificates.revokedAt), onCourse(certificates.courseId)))
          .groupBy(byPosition[0], byPosition[1]),

      /** The units those certificates grant, by subject area. */
      async areas() {
        const rows = await db.execute(sql`
          select area.key as key, coalesce(sum(area.value::numeric), 0)::float8 as units
          from ${certificates} cross join lateral jsonb_each_text(${certificates.facts}->'areas') as area
          where ${and(eq(certificates.schoolId, range.schoolId), within(certificates.issuedAt), isNull(certificates.revokedAt), onCourse(certificates.courseId))}
          group by area.key`);
        return (rows as unknown as { rows: { key: string; units: number | string }[] }).rows.map((r) => ({ key: r.key, units: Number(r.units) }));
      },

      /** Transactions paid in the range, in centavos: gross is the price with VAT. */
      payments: () =>
        db
          .select({
            period: periodOf(paymentTransactions.paidAt),
            courseId: paymentTransactions.courseId,
            bundleId: paymentTransactions.bundleId,
            gross: total(sql`${paymentTransactions.subtotal} + ${paymentTransactions.tax}`),
            vouchers: total(paymentTransactions.discount),
            coins: total(paymentTransactions.coins),
            fees: total(paymentTransactions.fee),
            paid: total(paymentTransactions.amount),
          })
          .from(paymentTransactions)
          .where(and(eq(paymentTransactions.schoolId, range.schoolId), eq(paymentTransactions.status, 'Paid'), within(paymentTransactions.paidAt), onCourse(paymentTransactions.courseId)))
          .groupBy(...byPosition),

      /** Money given back in the range for payments counted as revenue (not refused by the gateway). */
      refunds: () =>
        db
          .select({ period: periodOf(paymentRefunds.createdAt), courseId: paymentTransactions.courseId, bundleId: paymentTransactions.bundleId, amount: total(paymentRefunds.amount) })
          .from(paymentRefunds)
          .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
          .where(and(eq(paymentRefunds.schoolId, range.schoolId), eq(paymentTransactions.status, 'Paid'), ne(paymentRefunds.state, 'failed'), within(paymentRefunds.createdAt), onCourse(paymentTransactions.courseId)))
          .groupBy(...byPosition),
    };
  };
}

/** Names of the school's courses and bundles, for a report's items; `instructorId`: theirs only. */
export function itemNames(db: Db) {
  const theirs = (instructorId: number | null) => (instructorId === null ? undefined : inArray(courses.id, assigned(instructorId)));
  return {
    /** Every course of the school (or the instructor's) by name, for the reports' choice of one. */
    all: (schoolId: number, instructorId: number | null) =>
      db.select({ id: courses.id, name: courses.name }).from(courses).where(and(eq(courses.schoolId, schoolId), theirs(instructorId))).orderBy(courses.name, courses.id),
    course: async (schoolId: number, id: number, instructorId: number | null) =>
      (await db.select({ id: courses.id, name: courses.name }).from(courses).where(and(eq(courses.schoolId, schoolId), eq(courses.id, id), theirs(instructorId))))[0],
    courses: (schoolId: number, ids: number[]) => (ids.length ? db.select({ id: courses.id, name: courses.name }).from(courses).where(and(eq(courses.schoolId, schoolId), inArray(courses.id, ids))) : Promise.resolve([])),
    bundles: (schoolId: number, ids: number[]) => (ids.length ? db.select({ id: bundles.id, name: bundles.name }).from(bundles).where(and(eq(bundles.schoolId, schoolId), inArray(bundles.id, ids))) : Promise.resolve([])),
  };
}
