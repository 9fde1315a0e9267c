import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MailKind, NotificationKind } from '@school/shared/notifications/kinds';
import { events } from './events';
import { schools } from './schools';
import { users } from './users';

/**
 * Messages to one user, shown on the site of `schoolId` (null: on every site). `description` is HTML,
 * sanitized before it is stored; `link` is a path on the site. `key` makes a retried job write a row once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer().references(() => schools.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull().default('general'),
    description: text().notNull(),
    link: text(),
    key: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The badge's count, read by every open page's polling.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_key_idx').on(t.key),
  ],
);

/**
 * Events waiting to be turned into notifications and e-mails by the delivery job; a row goes once delivered.
 * `attempts` counts failed deliveries; after too many the row is set aside (`failedAt`) and no longer claimed.
 */
export const eventDeliveries = pgTable('event_deliveries', {
  eventId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  attempts: integer().notNull().default(0),
  failedAt: timestamp({ withTimezone: true }),
});

/** The kinds of e-mail a user asked not to receive (from the account area or an e-mail's unsubscribe link). */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<MailKind>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
