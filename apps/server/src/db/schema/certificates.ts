import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UnitsByArea } from '@school/shared/certificates/mcle';
import { courses } from './catalogue';
import { compliancePeriods } from './lookups';
import { enrollments } from './enrolment';
import { schools, type Signatory } from './schools';
import { users } from './users';

/** What the certificate says, frozen when it is issued (a later rename of the course or the learner changes nothing). */
export interface CertificateFacts {
  learner: string;
  course: string;
  school: string;
  schoolDomain: string;
  units: number;
  accreditation: string | null;
  approvalNumber: string | null;
  completedOn: string;
  /** MCLE units by subject area. */
  areas: UnitsByArea;
  /** The school's signatories when it was issued (absent on certificates issued before they were kept). */
  signatories?: Signatory[];
}

/**
 * The MCLE certification statement, agreed to with an electronic signature: the typed name, the drawn signature
 * (a private file) and the evidence of who signed, when and from where. One per enrolment.
 */
export const certificationSignatures = pgTable(
  'certification_signatures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    enrollmentId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text().notNull(),
    signatureKey: text().notNull(),
    statement: text().notNull(),
    ip: text().notNull(),
    userAgent: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certification_signatures_enrollment_key').on(t.enrollmentId),
    foreignKey({ name: 'certification_signatures_enrollment_fk', columns: [t.schoolId, t.enrollmentId], foreignColumns: [enrollments.schoolId, enrollments.id] }).onDelete('cascade'),
  ],
);

/**
 * A certificate: one per enrolment, whatever retries or races (the unique index), with an unguessable code that
 * is the address of its public page. Its image and PDF are private files, reached through short-lived links.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrollmentId: integer().references(() => enrollments.id, { onDelete: 'set null' }),
    courseId: integer(),
    /** The compliance period the units count toward (the enrolment's). */
    compliancePeriodId: integer().references(() => compliancePeriods.id),
    code: text().notNull(),
    facts: jsonb().$type<CertificateFacts>().notNull(),
    imageKey: text(),
    pdfKey: text(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Drawn again by the school's staff after a correction of the learner's name (same code, new files). */
    reissuedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    uniqueIndex('certificates_enrollment_key').on(t.enrollmentId),
    index('certificates_user_idx').on(t.userId, t.issuedAt),
    // The reports' range of a school's certificates.
    index('certificates_school_issued_idx').on(t.schoolId, t.issuedAt),
    check('certificates_code_check', sql`${t.code} ~ '^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$'`),
    // The migration makes this ON DELETE SET NULL (course_id): a deleted course keeps its certificates.
    foreignKey({ name: 'certificates_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }),
  ],
);
