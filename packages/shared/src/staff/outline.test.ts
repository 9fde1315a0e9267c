import { describe, expect, it } from 'vitest';
import { lessonCreateSchema, outlineMessages, sameOutline } from './outline';

describe('sameOutline', () => {
  const current = [
    { id: 1, lessons: [{ id: 10 }, { id: 11 }] },
    { id: 2, lessons: [{ id: 12 }] },
  ];
  it('takes any order of exactly the same modules and lessons, a lesson moved to another module too', () => {
    expect(sameOutline(current, { modules: [{ id: 2, lessons: [12, 10] }, { id: 1, lessons: [11] }] })).toBe(true);
  });
  it('refuses an order that leaves out, adds or repeats a module or lesson', () => {
    expect(sameOutline(current, { modules: [{ id: 1, lessons: [10, 11, 12] }] })).toBe(false);
    expect(sameOutline(current, { modules: [{ id: 1, lessons: [10, 11] }, { id: 2, lessons: [12, 99] }] })).toBe(false);
    expect(sameOutline(current, { modules: [{ id: 1, lessons: [10, 10] }, { id: 2, lessons: [12] }] })).toBe(false);
  });
});

describe('a new lesson', () => {
  it('needs a kind and a name, and an https address', () => {
    expect(lessonCreateSchema.safeParse({ type: 'link', name: 'Rules', url: 'https://sc.judiciary.gov.ph' }).success).toBe(true);
    expect(lessonCreateSchema.safeParse({ type: 'podcast', name: 'x' }).success).toBe(false);
    const insecure = lessonCreateSchema.safeParse({ type: 'link', name: 'x', url: 'http://example.com' });
    expect(insecure.error?.issues[0]?.message).toBe(outlineMessages.url);
  });
});
