import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { bundles, classes, courses } from './catalogue';
import { schools } from './schools';
import { compliancePeriods } from './lookups';
import { users } from './users';

import type { EnrolmentStatus } from '@school/shared/catalogue/rules';

export type { EnrolmentStatus };

/** One user's place in one course: the unique index is what makes a duplicate impossible. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    // The course's school, so that staff queries stay inside their school (composite key below).
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    courseId: integer().notNull(),
    classId: integer(),
    bundleId: integer(),
    compliancePeriodId: integer().references(() => compliancePeriods.id),
    status: text().notNull().$type<EnrolmentStatus>(),
    progress: integer().notNull().default(0),
    dateEnrolled: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dateCompleted: timestamp({ withTimezone: true }),
    startDate: date(),
    notes: text().notNull().default(''),
    /** The running attempt of a timed course: its time keeps running while the student is away. */
    attemptStartedAt: timestamp({ withTimezone: true }),
    attemptEndedAt: timestamp({ withTimezone: true }),
    /** Set by a study snapshot that failed its check (no face, another face, a mismatch); progress waits for a passing one. */
    snapshotPausedAt: timestamp({ withTimezone: true }),
    /** When the school last ended it (status `cancelled`); a payment that fails while taking it up returns it there. */
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_key').on(t.userId, t.courseId),
    index('enrollments_user_date_idx').on(t.userId, t.dateEnrolled),
    // A course's roster, the latest enrolled first, read in order (and counted) from here.
    index('enrollments_course_date_idx').on(t.courseId, t.dateEnrolled, t.id),
    index('enrollments_school_date_idx').on(t.schoolId, t.dateEnrolled),
    // The reports' completions.
    index('enrollments_school_completed_idx').on(t.schoolId, t.dateCompleted).where(sql`${t.dateCompleted} is not null`),
    check('enrollments_progress_check', sql`${t.progress} between 0 and 100`),
    unique('enrollments_school_id_id_key').on(t.schoolId, t.id),
    foreignKey({ name: 'enrollments_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
    // Migration 0009 makes these two ON DELETE SET NULL (class_id) / (bundle_id), which Drizzle cannot
    // express: deleting a class or bundle keeps the enrolment and its school_id.
    foreignKey({ name: 'enrollments_class_fk', columns: [t.schoolId, t.classId], foreignColumns: [classes.schoolId, classes.id] }),
    foreignKey({ name: 'enrollments_bundle_fk', columns: [t.schoolId, t.bundleId], foreignColumns: [bundles.schoolId, bundles.id] }),
  ],
);

export const bundleEnrollments = pgTable(
  'bundle_enrollments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    bundleId: integer().notNull(),
    compliancePeriodId: integer().references(() => compliancePeriods.id),
    status: text().notNull().$type<EnrolmentStatus>(),
    dateEnrolled: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bundle_enrollments_user_bundle_key').on(t.userId, t.bundleId),
    index('bundle_enrollments_school_idx').on(t.schoolId),
    // No action on delete: a bundle somebody enrolled in cannot be deleted (the console answers 409).
    foreignKey({ name: 'bundle_enrollments_bundle_fk', columns: [t.schoolId, t.bundleId], foreignColumns: [bundles.schoolId, bundles.id] }),
  ],
);

/**
 * A CSV import into a course's roster (issue 23): the file's lines as read, how to enrol them, and how far the
 * `roster-import` job got. Each line is planned again when the job reaches it; the lines it could not import are
 * kept with their reasons.
 */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    courseId: integer().notNull(),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    options: jsonb().$type<{ as: 'free' | 'paid' | 'pay_later'; note: string }>().notNull(),
    lines: jsonb().$type<{ line: number; email: string; className: string }[]>().notNull(),
    state: text().notNull().$type<'queued' | 'running' | 'done' | 'failed'>(),
    total: integer().notNull(),
    done: integer().notNull().default(0),
    counts: jsonb().$type<Record<'invite' | 'enrol' | 'already' | 'error', number>>().notNull().default({ invite: 0, enrol: 0, already: 0, error: 0 }),
    errors: jsonb().$type<{ line: number; email: string; className: string; reason: string }[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('roster_imports_course_idx').on(t.courseId, t.createdAt),
    check('roster_imports_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check('roster_imports_done_check', sql`${t.done} between 0 and ${t.total}`),
    foreignKey({ name: 'roster_imports_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  ],
);
