import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

/** Keys that may be claimed once (used human-check challenges); shared by every server process. */
export const oneTimeKeys = pgTable(
  'one_time_keys',
  {
    key: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('one_time_keys_expires_at_idx').on(t.expiresAt)],
);

/** Throttling counters, when no Redis is configured. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/** Mail kept locally when no SMTP server is configured; listed at /dev/mailbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().references(() => schools.id, { onDelete: 'set null' }),
    toAddress: text().notNull(),
    fromAddress: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /** Extra headers the message carried (a notice's List-Unsubscribe), shown at /dev/mailbox. */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_to_address_idx').on(t.toAddress)],
);
