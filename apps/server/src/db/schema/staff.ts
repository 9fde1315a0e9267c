import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { classes, courses } from './catalogue';
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

/**
 * A file a member of staff asked for (a CSV of the payments list, a report): made by the `staff-export` job,
 * never inside a request, kept in the private storage area and given to its requester only.
 */
export const staffExports = pgTable(
  'staff_exports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    requestedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which export (packages/shared/src/staff/exports.ts), with the filters it was asked with. */
    kind: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Asked for by an instructor: the file covers the courses assigned to them only. */
    instructorId: integer().references(() => users.id, { onDelete: 'cascade' }),
    state: text().notNull().$type<'queued' | 'running' | 'ready' | 'failed'>(),
    fileKey: text(),
    rows: integer(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('staff_exports_requester_idx').on(t.requestedBy, t.createdAt),
    check('staff_exports_state_check', sql`${t.state} in ('queued', 'running', 'ready', 'failed')`),
    check('staff_exports_file_check', sql`(${t.state} = 'ready') = (${t.fileKey} is not null)`),
  ],
);

/**
 * An announcement from the school to the students of a course, of one of its classes, or of the whole school:
 * delivered by the `staff-message` job batch by batch (the bell, and the e-mail unless turned off); whom it reached
 * is its recipient rows, counted when read.
 */
export const staffMessages = pgTable(
  'staff_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    sentBy: integer().references(() => users.id, { onDelete: 'set null' }),
    audience: text().notNull().$type<'course' | 'class' | 'school'>(),
    courseId: integer(),
    classId: integer(),
    subject: text().notNull(),
    body: text().notNull(),
    state: text().notNull().$type<'queued' | 'sending' | 'sent' | 'failed'>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('staff_messages_school_created_idx').on(t.schoolId, t.createdAt),
    // The course and the class are the school's own: the composite keys make another school's impossible.
    foreignKey({ name: 'staff_messages_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
    foreignKey({ name: 'staff_messages_class_fk', columns: [t.schoolId, t.classId], foreignColumns: [classes.schoolId, classes.id] }).onDelete('cascade'),
    check('staff_messages_audience_check', sql`${t.audience} in ('course', 'class', 'school')`),
    check('staff_messages_target_check', sql`(${t.audience} = 'school') = (${t.courseId} is null) and (${t.audience} = 'class') = (${t.classId} is not null)`),
    check('staff_messages_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/** Whom a message reached, once each (a retried batch adds nobody twice); `emailed` false: the bell only. */
export const staffMessageRecipients = pgTable(
  'staff_message_recipients',
  {
    messageId: integer()
      .notNull()
      .references(() => staffMessages.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('staff_message_recipients_user_idx').on(t.userId)],
);

/**
 * An invitation to a school's team (`/staff/team`): the address, the role it gives, and the hash of the key its
 * link carries. Used once (accepted), taken back (revoked) or lapsed (expires_at); one open invitation per address.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text().notNull().$type<'SA' | 'IN'>(),
    keyHash: text().notNull(),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invitations_key_hash_key').on(t.keyHash),
    uniqueIndex('staff_invitations_open_email_key')
      .on(t.schoolId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('staff_invitations_role_check', sql`${t.role} in ('SA', 'IN')`),
    check('staff_invitations_once_check', sql`${t.acceptedAt} is null or ${t.revokedAt} is null`),
  ],
);
