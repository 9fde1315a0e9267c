import type { CIVIL_STATUSES } from '@school/shared/account/profile-schemas';
import { boolean, check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ibpChapters, lawSchools } from './lookups';
import { students } from './users';

/** A lawyer's MCLE profile (spec 1 §3); one per student. Places are PSGC codes and a postal code. */
export const mcleProfiles = pgTable(
  'mcle_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    rollNumber: text().notNull(),
    ibpChapterId: integer()
      .notNull()
      .references(() => ibpChapters.id),
    ibpLifetimeNo: text(),
    ibpOrNumber: text(),
    ibpOrDate: date(),
    yearAdmitted: integer(),
    lawSchoolId: integer().references(() => lawSchools.id),
    lawSchoolOthers: text(),
    company: text().notNull(),
    position: text().notNull(),
    address: text().notNull(),
    regionCode: text().notNull(),
    provinceCode: text().notNull(),
    cityCode: text().notNull(),
    zipCode: text().notNull(),
    homeAddress: text(),
    homeSameAsMailing: boolean().notNull().default(false),
    workAddress: text(),
    workSameAsMailing: boolean().notNull().default(false),
    telephoneNumber: text(),
    faxNumber: text(),
    birthPlace: text(),
    civilStatus: text().$type<(typeof CIVIL_STATUSES)[number]>(),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mcle_profiles_student_id_key').on(t.studentId),
    // Exactly one of a listed school or an 'others' name.
    check('mcle_profiles_law_school_check', sql`(${t.lawSchoolId} is null) <> (${t.lawSchoolOthers} is null)`),
  ],
);
