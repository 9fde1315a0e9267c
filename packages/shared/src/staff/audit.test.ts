import { describe, expect, it } from 'vitest';
import { auditQuerySchema, changedFields } from './audit';

describe('changedFields', () => {
  it('keeps only the fields whose values differ, comparing lists and objects by content', () => {
    expect(changedFields({ name: 'A', tags: ['x'], fee: 10, cover: null }, { name: 'B', tags: ['x'], fee: 10, cover: 'k.png' })).toEqual({
      name: { before: 'A', after: 'B' },
      cover: { before: null, after: 'k.png' },
    });
  });
  it('counts a field missing on one side as null', () => {
    expect(changedFields({}, { status: 'Paid' })).toEqual({ status: { before: null, after: 'Paid' } });
    expect(changedFields({ a: null }, {})).toEqual({});
  });
});

describe('auditQuerySchema', () => {
  it('takes a subject as kind:id and an action as kind.verb', () => {
    expect(auditQuerySchema.safeParse({ subject: 'course:12', action: 'course.update' }).success).toBe(true);
    for (const subject of ['course', 'course:', ':12', 'Course:12', 'course:12:1']) expect(auditQuerySchema.safeParse({ subject }).success, subject).toBe(false);
    expect(auditQuerySchema.safeParse({ action: 'update' }).success).toBe(false);
  });
});
