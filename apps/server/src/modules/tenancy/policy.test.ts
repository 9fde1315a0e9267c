import { describe, expect, it } from 'vitest';
import { anonymous } from '../../lib/policy';
import { schoolPolicy } from './policy';

describe('schoolPolicy', () => {
  it("a school in a path must be the site's school", () => {
    expect(schoolPolicy.can({ ...anonymous, schoolId: 3 }, 'view', { id: 3 })).toBe(true);
    expect(() => schoolPolicy.authorize({ ...anonymous, schoolId: 3 }, 'view', { id: 4 })).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});
