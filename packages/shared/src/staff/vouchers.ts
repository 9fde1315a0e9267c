import { z } from 'zod';

export const voucherMessages = {
  code: 'Enter a code of letters, digits, - or _ (up to 64).',
  taken: 'The school already has a voucher with this code.',
  percent: 'Enter a whole percent from 1 to 100.',
  amount: 'Enter an amount in pesos above 0.',
  oneItem: 'Choose a course or a bundle, not both.',
  unknownCourse: 'Choose one of the school’s courses.',
  unknownBundle: 'Choose one of the school’s bundles.',
  endBeforeStart: 'The voucher cannot end before it starts.',
  belowUsed: 'It has been used more times than that already.',
  limit: 'Enter a whole number above 0, or leave it empty for no limit.',
} as const;

const id = z.number().int().positive().max(2147483647);
const day = z.iso.date('Enter a date as YYYY-MM-DD.').nullable();

/**
 * A voucher as the console writes it. The value is a percent, or pesos for a fixed amount (centavos in the
 * database); dates are the school's calendar days, the end day included.
 */
export const voucherFieldsSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, voucherMessages.code)
    .transform((code) => code.toUpperCase())
    .describe('kept upper-case: students type it in any case'),
  type: z.enum(['percentage', 'fixed']),
  value: z.number({ error: voucherMessages.amount }).positive(voucherMessages.amount).max(10_000_000, voucherMessages.amount).describe('a percent, or pesos'),
  course_id: id.nullable().default(null).describe('only this course (none: every course and bundle)'),
  bundle_id: id.nullable().default(null).describe('only this bundle'),
  usage_limit: z.number({ error: voucherMessages.limit }).int(voucherMessages.limit).min(1, voucherMessages.limit).max(1_000_000).nullable().default(null).describe('uses in all; none: no limit'),
  per_user_limit: z.number({ error: voucherMessages.limit }).int(voucherMessages.limit).min(1, voucherMessages.limit).max(1000).default(1),
  starts_on: day.default(null),
  ends_on: day.default(null),
  is_active: z.boolean().default(true),
});
export type VoucherFields = z.infer<typeof voucherFieldsSchema>;

/** What is wrong with a voucher as it would be saved, by field; `used` is how often it has been used so far. */
export function voucherProblems(v: VoucherFields, used = 0): Record<string, string> {
  const problems: Record<string, string> = {};
  if (v.type === 'percentage' && (!Number.isInteger(v.value) || v.value > 100)) problems.value = voucherMessages.percent;
  if (v.type === 'fixed' && Math.round(v.value * 100) < 1) problems.value = voucherMessages.amount;
  if (v.course_id !== null && v.bundle_id !== null) problems.bundle_id = voucherMessages.oneItem;
  if (v.starts_on && v.ends_on && v.ends_on < v.starts_on) problems.ends_on = voucherMessages.endBeforeStart;
  if (v.usage_limit !== null && v.usage_limit < used) problems.usage_limit = voucherMessages.belowUsed;
  return problems;
}

export const VOUCHER_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
export const voucherStatusLabels: Record<VoucherStatus, string> = {
  active: 'Active',
  scheduled: 'Not started',
  expired: 'Ended',
  used_up: 'Used up',
  inactive: 'Deactivated',
};

/** Where a voucher stands on a day of the school: what a student typing it now would meet first. */
export function voucherStatus(v: Pick<VoucherFields, 'is_active' | 'starts_on' | 'ends_on' | 'usage_limit'> & { used_count: number }, today: string): VoucherStatus {
  if (!v.is_active) return 'inactive';
  if (v.starts_on && today < v.starts_on) return 'scheduled';
  if (v.ends_on && today > v.ends_on) return 'expired';
  if (v.usage_limit !== null && v.used_count >= v.usage_limit) return 'used_up';
  return 'active';
}

/** "20 %" or "P500.00 off" as the list shows a voucher's value. */
export const voucherValueText = (v: Pick<VoucherFields, 'type' | 'value'>) => (v.type === 'percentage' ? `${v.value} %` : `P${v.value.toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

export const staffVoucherSchema = z.object({
  id: z.number(),
  code: z.string(),
  type: z.enum(['percentage', 'fixed']),
  value: z.number(),
  course: z.object({ id: z.number(), name: z.string() }).nullable(),
  bundle: z.object({ id: z.number(), name: z.string() }).nullable(),
  usage_limit: z.number().nullable(),
  per_user_limit: z.number(),
  used_count: z.number(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(VOUCHER_STATUSES),
  version: z.number(),
});
export type StaffVoucher = z.infer<typeof staffVoucherSchema>;

export const staffVoucherListQuerySchema = z.object({
  search: z.string().trim().max(64).optional().describe('part of the code'),
  status: z.enum(['active', 'inactive']).optional().describe('active: switched on (whatever its dates); inactive: deactivated'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffVoucherListQuery = z.infer<typeof staffVoucherListQuerySchema>;
export const VOUCHER_PAGE_SIZE = 20;

/** What a voucher may be limited to: the school's courses (not archived) and bundles. */
export const voucherTargetsSchema = z.object({
  courses: z.array(z.object({ id: z.number(), name: z.string() })),
  bundles: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type VoucherTargets = z.infer<typeof voucherTargetsSchema>;
