import { describe, expect, it } from 'vitest';
import type { StaffVoucher } from '@school/shared/staff/vouchers';
import { formOf, targetOptionsOf } from './voucher-form-model';

const targets = { courses: [{ id: 1, name: 'Ethics' }], bundles: [{ id: 7, name: 'Starter Pack' }] };
const voucher = (course: StaffVoucher['course']): StaffVoucher => ({
  id: 3, code: 'HALF', type: 'percentage', value: 50, course, bundle: null, usage_limit: null, per_user_limit: 1, used_count: 0,
  starts_on: null, ends_on: null, is_active: true, status: 'active', version: 1,
});

describe('the choices of "Applies to"', () => {
  it("lists the school's courses, then its bundles", () => {
    expect(targetOptionsOf(targets, null)).toEqual([
      { value: 'course:1', label: 'Course: Ethics' },
      { value: 'bundle:7', label: 'Bundle: Starter Pack' },
    ]);
  });

  it("keeps an edited voucher's archived course among them, so that saving does not widen it to everything", () => {
    const archived = voucher({ id: 9, name: 'Old Torts' });
    const options = targetOptionsOf(targets, archived);
    expect(options).toContainEqual({ value: 'course:9', label: 'Course: Old Torts (archived)' });
    expect(options.map((o) => o.value)).toContain(formOf(archived).target);
    expect(targetOptionsOf(targets, voucher({ id: 1, name: 'Ethics' }))).toHaveLength(2);
  });
});
