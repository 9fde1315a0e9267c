import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { afterVerification } from './after-verification';

describe('after the IDs are verified (spec 1 §4)', () => {
  it('goes to the profile, the MCLE profile, the bundles at an MCLE school, or the courses', () => {
    expect(afterVerification({ step: '1', info_submitted: true }, { mcle: true })).toBe(paths.student('profile'));
    expect(afterVerification({ step: null, info_submitted: false }, { mcle: true })).toBe(paths.student('mcle-profile'));
    expect(afterVerification({ step: null, info_submitted: true }, { mcle: true })).toBe(paths.bundles);
    expect(afterVerification({ step: null, info_submitted: false }, { mcle: false })).toBe(paths.courses);
  });
});
