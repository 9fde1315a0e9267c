import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { users } from './users';

/**
 * What happened, for a school and its auditors: written by services in the same transaction as the change
 * (sign-up, enrolment, payment, progress, KYC decisions, grading). Rows are never updated.
 */
export const events = pgTable(
  'events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().references(() => schools.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    type: text().notNull(),
    subjectType: text().notNull(),
    subjectId: integer().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_school_created_idx').on(t.schoolId, t.createdAt),
    index('events_subject_idx').on(t.subjectType, t.subjectId),
    index('events_type_created_idx').on(t.type, t.createdAt),
  ],
);
