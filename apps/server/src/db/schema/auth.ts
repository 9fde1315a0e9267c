import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** API keys: only their SHA-256 is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text().notNull(),
    persistent: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('auth_tokens_key_hash_key').on(t.keyHash), index('auth_tokens_user_id_idx').on(t.userId)],
);

/** Single-use links sent by mail: email verification and password reset. */
export const accountLinks = pgTable(
  'account_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull().$type<'verify_email' | 'reset_password'>(),
    keyHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('account_links_key_hash_key').on(t.keyHash), index('account_links_user_id_idx').on(t.userId)],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull().$type<'google' | 'facebook'>(),
    subject: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_accounts_provider_subject_key').on(t.provider, t.subject)],
);
