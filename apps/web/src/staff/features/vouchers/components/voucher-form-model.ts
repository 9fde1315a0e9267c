import { voucherFieldsSchema, voucherProblems, type StaffVoucher, type VoucherFields, type VoucherTargets } from '@school/shared/staff/vouchers';

/** A voucher as its dialog's inputs hold it; `target` is "", "course:12" or "bundle:3". */
export interface VoucherForm {
  code: string;
  type: 'percentage' | 'fixed';
  value: string;
  target: string;
  usage_limit: string;
  per_user_limit: string;
  starts_on: string;
  ends_on: string;
  is_active: boolean;
}

export const formOf = (v: StaffVoucher | null): VoucherForm => ({
  code: v?.code ?? '',
  type: v?.type ?? 'percentage',
  value: v ? String(v.value) : '',
  target: v?.course ? `course:${v.course.id}` : v?.bundle ? `bundle:${v.bundle.id}` : '',
  usage_limit: v?.usage_limit?.toString() ?? '',
  per_user_limit: String(v?.per_user_limit ?? 1),
  starts_on: v?.starts_on ?? '',
  ends_on: v?.ends_on ?? '',
  is_active: v?.is_active ?? true,
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
/** The server's field, as this dialog's input. */
export const inputOf = (field: string) => (field === 'course_id' || field === 'bundle_id' ? 'target' : field);

/** The body the dialog sends, checked with the server's schema and rules; or the problems by input. */
export function bodyOf(values: VoucherForm, used: number): { body: VoucherFields } | { problems: Record<string, string> } {
  const [kind, id] = values.target.split(':');
  const parsed = voucherFieldsSchema.safeParse({
    code: values.code,
    type: values.type,
    value: numberOrNull(values.value) ?? Number.NaN,
    course_id: kind === 'course' ? Number(id) : null,
    bundle_id: kind === 'bundle' ? Number(id) : null,
    usage_limit: numberOrNull(values.usage_limit),
    per_user_limit: numberOrNull(values.per_user_limit) ?? Number.NaN,
    starts_on: values.starts_on || null,
    ends_on: values.ends_on || null,
    is_active: values.is_active,
  });
  const problems: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) problems[inputOf(String(issue.path[0]))] ??= issue.message;
  if (!parsed.success) return { problems };
  for (const [field, message] of Object.entries(voucherProblems(parsed.data, used))) problems[inputOf(field)] ??= message;
  return Object.keys(problems).length ? { problems } : { body: parsed.data };
}

/**
 * The choices of "Applies to": the school's courses (not archived) and bundles, and the edited voucher's own
 * course when it has been archived since, so that saving keeps it rather than widening it to everything.
 */
export function targetOptionsOf(targets: VoucherTargets, voucher: StaffVoucher | null) {
  const courses = targets.courses.map((c) => ({ value: `course:${c.id}`, label: `Course: ${c.name}` }));
  const own = voucher?.course;
  if (own && !targets.courses.some((c) => c.id === own.id)) courses.push({ value: `course:${own.id}`, label: `Course: ${own.name} (archived)` });
  return [...courses, ...targets.bundles.map((b) => ({ value: `bundle:${b.id}`, label: `Bundle: ${b.name}` }))];
}
