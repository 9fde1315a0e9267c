import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TransactionStatus } from '@school/shared/payments/rules';
import { bundles, classes, courses } from './catalogue';
import { bundleEnrollments, enrollments } from './enrolment';
import { compliancePeriods } from './lookups';
import { schools } from './schools';
import { users } from './users';

/** A school's voucher codes: a percentage or a fixed amount (centavos), for one item or all of them. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    /** Kept upper-case: codes are typed by people and compared without case. */
    code: text().notNull(),
    type: text().notNull().$type<'percentage' | 'fixed'>(),
    value: integer().notNull(),
    courseId: integer(),
    bundleId: integer(),
    usageLimit: integer(),
    perUserLimit: integer().notNull().default(1),
    usedCount: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Raised by every staff save (its ETag). */
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('vouchers_school_code_key').on(t.schoolId, t.code),
    unique('vouchers_school_id_id_key').on(t.schoolId, t.id),
    check('vouchers_type_check', sql`${t.type} in ('percentage', 'fixed')`),
    check('vouchers_value_check', sql`${t.value} > 0 and (${t.type} = 'fixed' or ${t.value} <= 100)`),
    check('vouchers_code_check', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 64`),
    // The limit is the database's too: no race can use a voucher past it.
    check('vouchers_usage_check', sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`),
    check('vouchers_per_user_check', sql`${t.perUserLimit} > 0`),
    foreignKey({ name: 'vouchers_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
    foreignKey({ name: 'vouchers_bundle_fk', columns: [t.schoolId, t.bundleId], foreignColumns: [bundles.schoolId, bundles.id] }).onDelete('cascade'),
  ],
);

/**
 * One purchase attempt. Amounts are centavos, fixed when it is created (the server's own breakdown). The status
 * only moves forward (packages/shared/src/payments/rules.ts `mayMove`); the enrolment follows it in the same
 * database transaction.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    contentType: text().notNull().$type<'course' | 'bundle' | 'class'>(),
    courseId: integer(),
    classId: integer(),
    bundleId: integer(),
    enrollmentId: integer().references(() => enrollments.id, { onDelete: 'set null' }),
    bundleEnrollmentId: integer().references(() => bundleEnrollments.id, { onDelete: 'set null' }),
    compliancePeriodId: integer().references(() => compliancePeriods.id),
    status: text().notNull().$type<TransactionStatus>(),
    /** Paying a pay-later enrolment: it stays pay_later until paid, and returns to it on failure. */
    payLater: boolean().notNull().default(false),
    subtotal: integer().notNull(),
    tax: integer().notNull(),
    fee: integer().notNull(),
    discount: integer().notNull(),
    coins: integer().notNull(),
    amount: integer().notNull(),
    /** The mode (cash, online_bank, …) or the waiver pseudo-mode (voucher, coins). */
    processorType: text().notNull(),
    /** The channel's name as shown ("BPI Online"), when there is one. */
    processor: text(),
    channelCode: text(),
    gateway: text().notNull(),
    voucherId: integer().references(() => vouchers.id, { onDelete: 'set null' }),
    /** Our reference at the gateway: random, so that a checkout address cannot be guessed. */
    reference: text().notNull(),
    providerRef: text(),
    checkoutUrl: text(),
    /** Over-the-counter: the code to pay with and when it lapses. */
    refCode: text(),
    expiresAt: timestamp({ withTimezone: true }),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    /** Centavos given back so far by refunds not failed: never more than was paid. */
    refunded: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_transactions_reference_key').on(t.reference),
    // A retried request with the same key finds the first one's row.
    uniqueIndex('payment_transactions_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payment_transactions_user_idx').on(t.userId, t.createdAt),
    index('payment_transactions_school_status_idx').on(t.schoolId, t.status),
    // The console's list: a school's transactions, newest first.
    index('payment_transactions_school_created_idx').on(t.schoolId, t.createdAt, t.id),
    // The reports' revenue: a school's paid transactions in a range of payment dates.
    index('payment_transactions_school_paid_idx').on(t.schoolId, t.paidAt).where(sql`${t.status} = 'Paid'`),
    index('payment_transactions_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('notpaid', 'Pending')`),
    unique('payment_transactions_school_id_id_key').on(t.schoolId, t.id),
    check('payment_transactions_status_check', sql`${t.status} in ('notpaid', 'Pending', 'Paid', 'Failed')`),
    check('payment_transactions_content_type_check', sql`${t.contentType} in ('course', 'bundle', 'class')`),
    check(
      'payment_transactions_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.fee} >= 0 and ${t.discount} >= 0 and ${t.coins} >= 0 and ${t.amount} >= 0 and ${t.amount} = ${t.subtotal} + ${t.tax} + ${t.fee} - ${t.discount} - ${t.coins}`,
    ),
    check('payment_transactions_refunded_check', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
    check('payment_transactions_item_check', sql`(${t.contentType} = 'bundle') = (${t.bundleId} is not null and ${t.courseId} is null)`),
    foreignKey({ name: 'payment_transactions_course_fk', columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
    // The migration makes this ON DELETE SET NULL (class_id), which Drizzle cannot express.
    foreignKey({ name: 'payment_transactions_class_fk', columns: [t.schoolId, t.classId], foreignColumns: [classes.schoolId, classes.id] }),
    // No action on delete: a bundle somebody paid for cannot be deleted; the money's record stays.
    foreignKey({ name: 'payment_transactions_bundle_fk', columns: [t.schoolId, t.bundleId], foreignColumns: [bundles.schoolId, bundles.id] }),
  ],
);

/**
 * Money given back on a paid transaction, by a member of staff (issue 23): partial or whole, and at most one of a
 * transaction's refunds ends the access it bought. `requested` is written before the gateway is asked; the
 * gateway's answer moves it to `succeeded`, `pending` (the gateway settles it later) or `failed`.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull().references(() => schools.id, { onDelete: 'cascade' }),
    transactionId: integer().notNull(),
    amount: integer().notNull(),
    reason: text().notNull(),
    /** This refund ended the enrolment (and gave back the coins and the voucher use). */
    cancelsEnrolment: boolean().notNull(),
    state: text().notNull().$type<'requested' | 'pending' | 'succeeded' | 'failed'>(),
    /** The gateway's id of the refund. */
    providerRef: text(),
    /** A retried request with the same key finds the first one's row. */
    idempotencyKey: text().notNull(),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When it was last handed to the gateway: one sending at a time, so that no two ever race to make it. */
    sendingAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_idempotency_key').on(t.transactionId, t.idempotencyKey),
    uniqueIndex('payment_refunds_cancels_key').on(t.transactionId).where(sql`${t.cancelsEnrolment} and ${t.state} <> 'failed'`),
    check('payment_refunds_amount_check', sql`${t.amount} >= 0 and (${t.amount} > 0 or ${t.cancelsEnrolment})`),
    check('payment_refunds_state_check', sql`${t.state} in ('requested', 'pending', 'succeeded', 'failed')`),
    check('payment_refunds_reason_check', sql`length(${t.reason}) between 1 and 500`),
    foreignKey({ name: 'payment_refunds_transaction_fk', columns: [t.schoolId, t.transactionId], foreignColumns: [paymentTransactions.schoolId, paymentTransactions.id] }).onDelete('cascade'),
  ],
);

/** A voucher use, held by an open or paid transaction; released (deleted) when the transaction fails. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    voucherId: integer()
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: integer()
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voucher_redemptions_transaction_key').on(t.transactionId), index('voucher_redemptions_voucher_user_idx').on(t.voucherId, t.userId)],
);

/** Every gateway event we acted on: a replayed event id is recognised and ignored. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gateway: text().notNull(),
    eventId: text().notNull(),
    transactionId: integer().references(() => paymentTransactions.id, { onDelete: 'set null' }),
    outcome: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_callbacks_gateway_event_key').on(t.gateway, t.eventId)],
);

/** A user's coin wallet (one per user, every school): the balance is kept with each ledger row, never below 0. */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer().notNull().default(0),
    /** The verified EIP-191 address, lower-case. */
    address: text(),
    verified: boolean().notNull().default(false),
    nonce: text(),
    nonceAddress: text(),
    nonceExpiresAt: timestamp({ withTimezone: true }),
    /** Logging in with the address has its own nonce, so a stranger asking for one cannot spend the owner's. */
    loginNonce: text(),
    loginNonceExpiresAt: timestamp({ withTimezone: true }),
    /** Coins the wallet's owner signed for on a bundle (spec 3 §4): the next payment for it may spend up to this. */
    coinsApproval: jsonb().$type<{ bundleId: number; coins: number; expiresAt: string }>(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallets_address_key').on(t.address), check('wallets_balance_check', sql`${t.balance} >= 0`)],
);

/** The coin ledger: a credit (+) or debit (-) in centavos with the balance after it. Rows are never updated. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    balanceAfter: integer().notNull(),
    reason: text().notNull().$type<'payment' | 'refund' | 'course_reward' | 'signup_reward'>(),
    description: text().notNull(),
    transactionId: integer().references(() => paymentTransactions.id, { onDelete: 'set null' }),
    schoolId: integer().references(() => schools.id, { onDelete: 'set null' }),
    /** What a one-time credit is for ('course_reward:12'): unique per user, so a reward is paid exactly once. */
    onceKey: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_entries_once_key').on(t.userId, t.onceKey),
    check('wallet_entries_amount_check', sql`${t.amount} <> 0 and ${t.balanceAfter} >= 0`),
    check('wallet_entries_reason_check', sql`${t.reason} in ('payment', 'refund', 'course_reward', 'signup_reward')`),
  ],
);

/** The sandbox gateway's own records (it stands in for an outside provider, so it keeps its own state). */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    reference: text().primaryKey(),
    merchant: text().notNull(),
    description: text().notNull(),
    amount: integer().notNull(),
    mode: text().notNull(),
    channel: text(),
    refCode: text(),
    status: text().notNull().$type<'open' | 'paid' | 'failed' | 'pending' | 'expired'>(),
    callbackUrl: text().notNull(),
    returnUrl: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Given back to the payer so far (centavos). */
    refunded: integer().notNull().default(0),
    /** The refunds made, by their ids: one asked again is not made twice. */
    refunds: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('sandbox_checkouts_ref_code_key').on(t.refCode),
    check('sandbox_checkouts_status_check', sql`${t.status} in ('open', 'paid', 'failed', 'pending', 'expired')`),
    check('sandbox_checkouts_refunded_check', sql`${t.refunded} between 0 and ${t.amount}`),
  ],
);
