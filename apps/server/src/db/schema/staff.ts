import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './catalogue';
import { schools } from './schools';
import { users } from './users';

/** A field's value before and after a staff write. */
export type AuditChange = { before: unknown; after: unknown };

/**
 * Every staff write, recorded in the write's own transaction: who, what, on which record, the fields it changed
 * with their values before and after, from where. Rows are never updated; GET /staff/audit/ reads them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().references(() => schools.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectId: integer().notNull(),
    changes: jsonb().$type<Record<string, AuditChange>>().notNull().default({}),
    clientAddress: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_school_created_idx').on(t.schoolId, t.createdAt),
    index('audit_log_school_subject_idx').on(t.schoolId, t.subjectType, t.subjectId),
    index('audit_log_school_actor_idx').on(t.schoolId, t.actorId),
  ],
);

/** The instructors assigned to a course (managed by the school's administrators): theirs to edit and grade. */
export const courseInstructors = pgTable(
  'course_instructors',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_instructors_user_idx').on(t.userId)],
);
