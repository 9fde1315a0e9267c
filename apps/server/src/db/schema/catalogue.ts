import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, text, time, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UnitsByArea } from '@school/shared/certificates/mcle';
import { schools } from './schools';
import { users } from './users';

export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Raised by every staff save (its ETag). */
    version: integer().notNull().default(1),
  },
  // Unique whatever its case: "Ethics" and "ethics" would be one category to a student.
  (t) => [uniqueIndex('categories_school_lower_name_key').on(t.schoolId, sql`lower(${t.name})`)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer().notNull().references(() => categories.id, { onDelete: 'cascade' }),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('subcategories_category_lower_name_key').on(t.categoryId, sql`lower(${t.name})`), index('subcategories_school_idx').on(t.schoolId)],
);

export const lecturers = pgTable('lecturers', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  title: text().notNull().default(''),
});

export type ModeOfPayment = 'cash' | 'online_bank' | 'otc_bank' | 'otc_nonbank' | 'card' | 'ewallet';

/** A course and its configuration (spec 2 §3). Money in centavos; units may be fractional (MCLE). */
export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    /** No action on delete: a subcategory with anything filed under it cannot go (the console answers 409). */
    subcategoryId: integer().references(() => subcategories.id),
    lecturerId: integer().references(() => lecturers.id, { onDelete: 'set null' }),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    fee: integer().notNull().default(0),
    showFee: boolean().notNull().default(true),
    units: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    previewVideoType: text().$type<'yt' | 'video'>(),
    previewVideoUrl: text(),
    isPublished: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    durationMinutes: integer(),
    allowPayLater: boolean().notNull().default(false),
    /** L2E coins (centavos) credited once to a student who completes the course. */
    rewardCoins: integer().notNull().default(0),
    /** The MCLE Office's approval number of the course, printed on its certificates. */
    approvalNumber: text(),
    /** The course's MCLE units by subject area (B.M. No. 850), which its certificate lists and the tracker adds. */
    mcleUnits: jsonb().$type<UnitsByArea>().notNull().default({}),
    directEnrollment: boolean().notNull().default(true),
    classEnrollmentOnly: boolean().notNull().default(false),
    requireKyc: boolean().notNull().default(false),
    allowedDomains: jsonb().$type<string[]>().notNull().default([]),
    enableKyl: boolean().notNull().default(false),
    videoDownload: boolean().notNull().default(false),
    pdfDownload: boolean().notNull().default(false),
    forwardStreaming: boolean().notNull().default(false),
    dateStart: date(),
    dateEnd: date(),
    modeOfPayment: jsonb().$type<ModeOfPayment[]>().notNull().default(['cash', 'online_bank', 'otc_bank', 'otc_nonbank', 'card', 'ewallet']),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** How many enrolments the course has, kept by triggers on enrollments (migration 0010), for top courses. */
    enrolmentCount: integer().notNull().default(0),
    /** Raised by every staff save: the ETag that If-Match names, so a save based on an older state is refused. */
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Set when staff delete a course that has enrolments: gone from the catalogue, kept for its students. */
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The landing's top courses: the most enrolled first, read from the index instead of counting enrolments.
    // Ascending like the sorts below: read backwards, it gives DESC NULLS FIRST, the order a plain DESC asks for.
    index('courses_school_top_idx').on(t.schoolId, t.enrolmentCount, t.createdAt).where(sql`${t.isPublished}`),
    // The public list's sorts of spec 2 §2 (newest, fee, name) with the id that breaks ties, over published
    // courses: a page of a large catalogue is found in the index alone (index-only scan), in order, without
    // sorting the school's courses (fees repeat a lot) or reading the rows before it.
    index('courses_school_created_idx').on(t.schoolId, t.createdAt, t.id).where(sql`${t.isPublished}`),
    index('courses_school_fee_idx').on(t.schoolId, t.fee, t.id).where(sql`${t.isPublished}`),
    index('courses_school_name_idx').on(t.schoolId, t.name, t.id).where(sql`${t.isPublished}`),
    // The landing's featured course, found without walking the catalogue.
    index('courses_featured_idx').on(t.schoolId, t.createdAt).where(sql`${t.isFeatured} and ${t.isPublished}`),
    index('courses_subcategory_idx').on(t.subcategoryId),
    // The staff console's list, most recently edited first.
    index('courses_school_updated_idx').on(t.schoolId, t.updatedAt, t.id),
    // Search by any part of the name without scanning the catalogue (pg_trgm ships with PGlite and PostgreSQL).
    index('courses_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('courses_fee_check', sql`${t.fee} >= 0`),
    // The target of the (school_id, course_id) keys below: a child row can only point at a course of its own school.
    unique('courses_school_id_id_key').on(t.schoolId, t.id),
  ],
);

/*
 * Tables under a course carry the course's school_id, and their foreign keys include it: a query filtered by
 * school, or an insert with the wrong school, cannot reach or create another school's rows.
 */
export const modules = pgTable(
  'modules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    courseId: integer().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    position: integer().notNull(),
    /** Raised by every staff save of the module (its ETag). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('modules_course_idx').on(t.courseId),
    foreignKey({ name: 'modules_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
    unique('modules_school_id_id_key').on(t.schoolId, t.id),
  ],
);

export type CoursewareType = 'audio' | 'class' | 'exam' | 'html' | 'link' | 'pdf' | 'sc' | 'survey' | 'video' | 'ivideo' | 'yt';

export const coursewares = pgTable(
  'coursewares',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    moduleId: integer().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    type: text().notNull().$type<CoursewareType>(),
    position: integer().notNull(),
    seconds: integer().notNull().default(0),
    /** Storage key of the lesson's file (video, audio, PDF). */
    file: text(),
    /** The link of a link, yt or sc lesson. */
    url: text(),
    /** An html lesson's body, sanitized when stored. */
    content: text().notNull().default(''),
    forwardStreaming: boolean().notNull().default(false),
    /** Length of a video or audio in seconds: completing one requires that much watched time. */
    mediaSeconds: integer(),
    /** Interactive video: attempts per question, 0 unlimited. */
    maxAttempts: integer().notNull().default(0),
    /** Raised by every staff save of the lesson (its ETag). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('coursewares_module_idx').on(t.moduleId),
    // Completing a video or audio lesson needs its length: the watched time is checked against it. A lesson the
    // editor added before its file or address has none yet (publishing refuses it until it has).
    check('coursewares_media_seconds_check', sql`${t.type} not in ('video', 'audio', 'ivideo', 'yt', 'sc') or (${t.file} is null and ${t.url} is null) or coalesce(${t.mediaSeconds}, 0) > 0`),
    foreignKey({ name: 'coursewares_module_fk', columns: [t.schoolId, t.moduleId], foreignColumns: [modules.schoolId, modules.id] }).onDelete('cascade'),
    unique('coursewares_school_id_id_key').on(t.schoolId, t.id),
  ],
);

export const classes = pgTable(
  'classes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    courseId: integer().notNull(),
    name: text().notNull(),
    fee: integer().notNull().default(0),
    /** Raised by every staff save of the class or its sessions (its ETag). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('classes_course_idx').on(t.courseId),
    foreignKey({ name: 'classes_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
    unique('classes_school_id_id_key').on(t.schoolId, t.id),
  ],
);

export const classSchedules = pgTable(
  'class_schedules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    classId: integer().notNull(),
    date: date().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    instructor: text().notNull(),
    type: text().notNull().default('Online'),
  },
  (t) => [
    index('class_schedules_class_idx').on(t.classId),
    foreignKey({ name: 'class_schedules_class_fk', columns: [t.schoolId, t.classId], foreignColumns: [classes.schoolId, classes.id] }).onDelete('cascade'),
  ],
);

export const bundles = pgTable(
  'bundles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    subcategoryId: integer().references(() => subcategories.id),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    price: integer().notNull().default(0),
    requireKyc: boolean().notNull().default(false),
    durationMinutes: integer(),
    isPublished: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    modeOfPayment: jsonb().$type<ModeOfPayment[]>().notNull().default(['cash', 'online_bank', 'otc_bank', 'otc_nonbank', 'card', 'ewallet']),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Raised by every staff save of the bundle (its ETag). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('bundles_school_created_idx').on(t.schoolId, t.createdAt),
    index('bundles_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('bundles_price_check', sql`${t.price} >= 0`),
    unique('bundles_school_id_id_key').on(t.schoolId, t.id),
  ],
);

export const bundleCourses = pgTable(
  'bundle_courses',
  {
    schoolId: integer().notNull(),
    bundleId: integer().notNull(),
    courseId: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    uniqueIndex('bundle_courses_key').on(t.bundleId, t.courseId),
    // A bundle holds only courses of its own school.
    foreignKey({ name: 'bundle_courses_bundle_fk', columns: [t.schoolId, t.bundleId], foreignColumns: [bundles.schoolId, bundles.id] }).onDelete('cascade'),
    foreignKey({ name: 'bundle_courses_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  ],
);

/**
 * How many published courses each school has, kept by triggers on `courses` (migration 0008), so that the
 * course list answers its count without counting the catalogue on every page.
 */
export const catalogueCounts = pgTable('catalogue_counts', {
  schoolId: integer().primaryKey(),
  publishedCourses: integer().notNull().default(0),
});
