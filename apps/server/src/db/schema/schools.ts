import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Products } from '@school/shared/school/schemas';

export interface Signatory {
  name: string;
  title: string;
  /** The private storage key of the signature image printed above the name (absent: none). */
  signature?: string | null;
}

/** A question of the FAQ page a school writes, and its answer (sanitized HTML). */
export interface FaqSection {
  question: string;
  answer: string;
}

export const schools = pgTable(
  'schools',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    domain: text().notNull(),
    name: text().notNull(),
    logo: text(),
    primaryColor: text().notNull().default('#1d4ed8'),
    cover: text(),
    description: text().notNull().default(''),
    address: text().notNull().default(''),
    phoneNumber: text().notNull().default(''),
    countryCode: text().notNull().default(''),
    mobileNumber: text().notNull().default(''),
    email: text().notNull().default(''),
    howToVideo: text(),
    dataPrivacy: text().notNull().default(''),
    /** The school's terms of use, plain text (paragraphs by blank lines), agreed to at sign-up. */
    termsOfUse: text().notNull().default(''),
    consentForm: text().notNull().default(''),
    paymentInstructions: text().notNull().default(''),
    /** A sign-up reward for members of the school's group (spec 1 §4): coins (centavos) and the group's name. */
    signupRewardCoins: integer().notNull().default(0),
    rewardGroup: text(),
    /** The school's MCLE accreditation as a provider, printed on its certificates. */
    accreditationNumber: text(),
    /** How long ID photos, selfies and snapshots are kept after a decision (Data Privacy Act); embeddings stay. */
    kycRetentionDays: integer().notNull().default(365),
    /** Who signs the school's certificates (at most three, printed in this order). */
    certificateSignatories: jsonb().$type<Signatory[]>().notNull().default([]),
    /** A FAQ page shown in a frame (a stored file's key or an https address), when the school wrote none. */
    faqUrl: text(),
    faqSections: jsonb().$type<FaqSection[]>().notNull().default([]),
    announcementTitle: text(),
    announcementBody: text(),
    timeZone: text().notNull().default('Asia/Manila'),
    products: jsonb().$type<Products>().notNull(),
    /** Limits of the staff console's uploads: bytes per file, and in all (what the school's uploads hold). */
    uploadMaxBytes: bigint({ mode: 'number' }).notNull().default(10_000_000_000),
    uploadQuotaBytes: bigint({ mode: 'number' }).notNull().default(500_000_000_000),
    isActive: boolean().notNull().default(true),
    /** Raised by every save of the console's settings (If-Match). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schools_domain_key').on(t.domain)],
);

/**
 * Host names a school answers on besides `{domain}.` plus the platform's name (learn.jurisacademy.ph, or
 * localhost in the demo); the primary one, when a school has one, is the address its e-mails link to.
 */
export const schoolDomains = pgTable(
  'school_domains',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** Lower case, without port or trailing dot (resolve-domain.ts hostName). */
    host: text().notNull(),
    isPrimary: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_domains_host_key').on(t.host),
    uniqueIndex('school_domains_primary_key').on(t.schoolId).where(sql`${t.isPrimary}`),
    index('school_domains_school_idx').on(t.schoolId),
  ],
);

export const schoolSocials = pgTable(
  'school_socials',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    url: text().notNull(),
  },
  (t) => [uniqueIndex('school_socials_school_label_key').on(t.schoolId, t.label)],
);
