import { describe, expect, it } from 'vitest';
import { enrollmentPolicy } from './policy';

const student = { userId: 7, role: 'ST' as const, schoolId: 1, staffRole: null };
const mine = { schoolId: 1, userId: 7, status: 'paid' };

describe('enrollmentPolicy', () => {
  it('lets the student study a paid, free or pay-later enrolment, not a pending one', () => {
    for (const status of ['paid', 'free', 'pay_later']) expect(enrollmentPolicy.can(student, 'study', { ...mine, status })).toBe(true);
    expect(enrollmentPolicy.can(student, 'study', { ...mine, status: 'notpaid' })).toBe(false);
    expect(() => enrollmentPolicy.authorize(student, 'study', { ...mine, status: 'notpaid' })).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it("hides another student's enrolment and another school's, staff included", () => {
    expect(() => enrollmentPolicy.authorize({ ...student, userId: 8 }, 'keepNotes', mine)).toThrow(expect.objectContaining({ statusCode: 404 }));
    expect(() => enrollmentPolicy.authorize({ ...student, schoolId: 2 }, 'keepNotes', mine)).toThrow(expect.objectContaining({ statusCode: 404 }));
    expect(enrollmentPolicy.can({ userId: 9, role: 'SA', schoolId: 1, staffRole: 'SA' }, 'study', mine)).toBe(false);
  });
});
