import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('categories_school_name_key').on(t.schoolId, t.name)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer().notNull().references(() => categories.id, { onDelete: 'cascade' }),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('subcategories_category_name_key').on(t.categoryId, t.name), index('subcategories_school_idx').on(t.schoolId)],
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
    subcategoryId: integer().references(() => subcategories.id, { onDelete: 'set null' }),
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
  },
  (t) => [
    index('courses_school_created_idx').on(t.schoolId, t.createdAt),
    // The other list sorts of spec 2 §2 (fee and name), so that a large catalogue pages without sorting it all.
    index('courses_school_fee_idx').on(t.schoolId, t.fee),
    index('courses_school_name_idx').on(t.schoolId, t.name),
    index('courses_subcategory_idx').on(t.subcategoryId),
    check('courses_fee_check', sql`${t.fee} >= 0`),
  ],
);

export const modules = pgTable(
  'modules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer().notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    position: integer().notNull(),
  },
  (t) => [index('modules_course_idx').on(t.courseId)],
);

export type CoursewareType = 'audio' | 'class' | 'exam' | 'html' | 'link' | 'pdf' | 'sc' | 'survey' | 'video' | 'ivideo' | 'yt';

export const coursewares = pgTable(
  'coursewares',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    moduleId: integer().notNull().references(() => modules.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    type: text().notNull().$type<CoursewareType>(),
    position: integer().notNull(),
    seconds: integer().notNull().default(0),
  },
  (t) => [index('coursewares_module_idx').on(t.moduleId)],
);

export const classes = pgTable(
  'classes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer().notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    fee: integer().notNull().default(0),
  },
  (t) => [index('classes_course_idx').on(t.courseId)],
);

export const classSchedules = pgTable(
  'class_schedules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classId: integer().notNull().references(() => classes.id, { onDelete: 'cascade' }),
    date: date().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    instructor: text().notNull(),
    type: text().notNull().default('Online'),
  },
  (t) => [index('class_schedules_class_idx').on(t.classId)],
);

export const bundles = pgTable(
  'bundles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    subcategoryId: integer().references(() => subcategories.id, { onDelete: 'set null' }),
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
  },
  (t) => [index('bundles_school_created_idx').on(t.schoolId, t.createdAt), check('bundles_price_check', sql`${t.price} >= 0`)],
);

export const bundleCourses = pgTable(
  'bundle_courses',
  {
    bundleId: integer().notNull().references(() => bundles.id, { onDelete: 'cascade' }),
    courseId: integer().notNull().references(() => courses.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [uniqueIndex('bundle_courses_key').on(t.bundleId, t.courseId)],
);
