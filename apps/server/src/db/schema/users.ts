import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schools';

/** Accounts belong to the platform; school_id records where a student registered, or a staff member's school. */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    role: text().notNull().$type<'ST' | 'SA' | 'IN' | 'SU'>(),
    schoolId: integer().references(() => schools.id, { onDelete: 'set null' }),
    firstName: text().notNull().default(''),
    middleName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    suffix: text(),
    mobileNumber: text(),
    countryCode: text(),
    photo: text(),
    isVerified: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('ST', 'SA', 'IN', 'SU')`),
    // Usernames and addresses are one namespace for login: keeping them disjoint (no '@' in a username,
    // always one in an address) lets the two unique indexes guard it, races included.
    check('users_username_not_email_check', sql`position('@' in ${t.username}) = 0`),
    check('users_email_has_at_check', sql`position('@' in ${t.email}) > 0`),
  ],
);

/** The student side of an account: only ST users have a row (a staff account is never a student). */
export const students = pgTable(
  'students',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    birthday: date(),
    gender: text().$type<'M' | 'F'>(),
    occupationType: text().$type<'S' | 'P' | 'O'>(),
    organization: text(),
    position: text(),
    step: text().default('1'),
    infoSubmitted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('students_user_id_key').on(t.userId), index('students_step_idx').on(t.step)],
);

/**
 * Staff work for a school through a membership (SA school administrator, IN instructor); a staff account
 * may serve several schools. SU is platform-wide and needs none (DECISIONS.md).
 */
export const schoolMemberships = pgTable(
  'school_memberships',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    role: text().notNull().$type<'SA' | 'IN'>(),
    /** Moves on with every change of role (the console's If-Match). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_memberships_user_school_key').on(t.userId, t.schoolId),
    index('school_memberships_school_idx').on(t.schoolId),
    check('school_memberships_role_check', sql`${t.role} in ('SA', 'IN')`),
  ],
);
