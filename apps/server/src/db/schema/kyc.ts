import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { KycErrors } from '@school/shared/kyc/schemas';
import { enrollments } from './enrolment';
import { schools } from './schools';
import { users } from './users';

/** The kinds of ID a school accepts (GET /kyc/template_ids/); the school's `primary_id` names one of them. */
export const kycTemplates = pgTable(
  'kyc_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    templateName: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [unique('kyc_templates_school_id_id_key').on(t.schoolId, t.id), index('kyc_templates_school_idx').on(t.schoolId, t.position)],
);

/**
 * One sending of IDs and a selfie: checked automatically by a job, or by the school's staff when sent for manual
 * verification. Photos are private files, removed after the school's retention period; embeddings stay.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text().notNull().$type<'automatic' | 'manual'>(),
    /** pending (the job has it), manual (with staff), verified, failed (the job's), rejected (staff's). */
    status: text().notNull().$type<'pending' | 'manual' | 'verified' | 'failed' | 'rejected'>(),
    selfieKey: text(),
    selfieEmbedding: jsonb().$type<number[]>(),
    selfieFaces: smallint(),
    errors: jsonb().$type<KycErrors>().notNull().default({}),
    reason: text(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    photosRemovedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('kyc_submissions_school_id_id_key').on(t.schoolId, t.id),
    index('kyc_submissions_user_idx').on(t.userId, t.createdAt),
    index('kyc_submissions_queue_idx').on(t.schoolId, t.status, t.createdAt),
    check('kyc_submissions_mode_check', sql`${t.mode} in ('automatic', 'manual')`),
    check('kyc_submissions_status_check', sql`${t.status} in ('pending', 'manual', 'verified', 'failed', 'rejected')`),
  ],
);

/** The account's IDs at a school (spec 1 §3 user_ids): one or two slots, each with the photo last sent for it. */
export const kycIds = pgTable(
  'kyc_ids',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    templateId: integer().notNull(),
    submissionId: integer().notNull(),
    photoKey: text(),
    embedding: jsonb().$type<number[]>(),
    faces: smallint(),
    /** The selfie's similarity to this ID's face (0 to 1). */
    score: numeric({ precision: 5, scale: 4, mode: 'number' }),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Each school verifies its own students: an account has its IDs per school.
    uniqueIndex('kyc_ids_user_school_position_key').on(t.userId, t.schoolId, t.position),
    check('kyc_ids_position_check', sql`${t.position} in (0, 1)`),
    foreignKey({ name: 'kyc_ids_template_fk', columns: [t.schoolId, t.templateId], foreignColumns: [kycTemplates.schoolId, kycTemplates.id] }).onDelete('cascade'),
    foreignKey({ name: 'kyc_ids_submission_fk', columns: [t.schoolId, t.submissionId], foreignColumns: [kycSubmissions.schoolId, kycSubmissions.id] }).onDelete('cascade'),
  ],
);

/** A webcam snapshot taken while studying a course with enable_kyl, and what the check found. */
export const kycSnapshots = pgTable(
  'kyc_snapshots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrollmentId: integer().notNull(),
    imageKey: text(),
    faces: smallint().notNull(),
    score: numeric({ precision: 5, scale: 4, mode: 'number' }),
    /** match, unverified (one face, no verified selfie to compare), no_face, many_faces, mismatch. */
    result: text().notNull().$type<'match' | 'unverified' | 'no_face' | 'many_faces' | 'mismatch'>(),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_snapshots_enrollment_idx').on(t.enrollmentId, t.takenAt),
    check('kyc_snapshots_result_check', sql`${t.result} in ('match', 'unverified', 'no_face', 'many_faces', 'mismatch')`),
    foreignKey({ name: 'kyc_snapshots_enrollment_fk', columns: [t.schoolId, t.enrollmentId], foreignColumns: [enrollments.schoolId, enrollments.id] }).onDelete('cascade'),
  ],
);
