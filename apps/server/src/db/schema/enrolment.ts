import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bundles, classes, courses } from './catalogue';
import { compliancePeriods } from './lookups';
import { users } from './users';

/** Status values of spec 3 §4; anything not "waiting for money" counts as paid. */
export type EnrolmentStatus = 'paid' | 'free' | 'pay_later' | 'notpaid' | 'partial' | 'collection' | 'pending';

/** One user's place in one course: the unique index is what makes a duplicate impossible. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer().notNull().references(() => courses.id, { onDelete: 'cascade' }),
    classId: integer().references(() => classes.id, { onDelete: 'set null' }),
    bundleId: integer().references(() => bundles.id, { onDelete: 'set null' }),
    compliancePeriodId: integer().references(() => compliancePeriods.id),
    status: text().notNull().$type<EnrolmentStatus>(),
    progress: integer().notNull().default(0),
    dateEnrolled: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dateCompleted: timestamp({ withTimezone: true }),
    startDate: date(),
    notes: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_key').on(t.userId, t.courseId),
    index('enrollments_user_date_idx').on(t.userId, t.dateEnrolled),
    index('enrollments_course_idx').on(t.courseId),
    check('enrollments_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

export const bundleEnrollments = pgTable(
  'bundle_enrollments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    bundleId: integer().notNull().references(() => bundles.id, { onDelete: 'cascade' }),
    compliancePeriodId: integer().references(() => compliancePeriods.id),
    status: text().notNull().$type<EnrolmentStatus>(),
    dateEnrolled: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bundle_enrollments_user_bundle_key').on(t.userId, t.bundleId)],
);
