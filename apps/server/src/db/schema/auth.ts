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
  (t) => [
    uniqueIndex('auth_tokens_key_hash_key').on(t.keyHash),
    index('auth_tokens_user_id_idx').on(t.userId),
    index('auth_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Single-use keys: e-mail verification and password reset links, and the short-lived sign-in codes that
 * carry a session to another school's host.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull().$type<'verify_email' | 'reset_password' | 'sign_in'>(),
    keyHash: text().notNull(),
    // A sign-in code ends with the session it came from (logout, password change or reset) and opens one
    // kept as long ("Keep me logged in").
    sourceTokenId: integer().references(() => authTokens.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_links_key_hash_key').on(t.keyHash),
    index('account_links_user_id_idx').on(t.userId),
    index('account_links_expires_at_idx').on(t.expiresAt),
    index('account_links_source_token_id_idx').on(t.sourceTokenId),
  ],
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

/**
 * Failed logins per account (or per unknown name): after a few, each further try waits a growing delay,
 * so guessing is slow from any number of addresses while the owner is never locked out for long.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text().primaryKey(),
    failures: integer().notNull(),
    lockedUntil: timestamp({ withTimezone: true }).notNull(),
    lastAttemptAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_last_attempt_at_idx').on(t.lastAttemptAt)],
);
