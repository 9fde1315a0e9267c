import { getTableColumns, sql } from 'drizzle-orm';
import { schools } from './schema/schools';

/**
 * The outer row's id, qualified by hand: drizzle leaves a column unqualified in a select from one table, and
 * inside a subquery an unqualified "id" would name the subquery's own table.
 */
export const outerSchoolId = sql.raw('"schools"."id"');

/** The school's primary host name (null: none chosen), as a column of any select from `schools`. */
export const primaryHostColumn = sql<string | null>`(select d.host from school_domains d where d.school_id = ${outerSchoolId} and d.is_primary)`;

/** A select from `schools` that gives a SchoolRow (modules/tenancy/repository.ts): the row and its primary host name. */
export const schoolRowColumns = { ...getTableColumns(schools), primaryHost: primaryHostColumn };
