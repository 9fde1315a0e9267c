import { describe, expect, it } from 'vitest';
import { CERTIFICATE_CODE, certificateState, CODE_ALPHABET, formatCode } from './rules';

describe('certificateState', () => {
  it.each([
    [{ progress: 99, status: 'paid', mcle: false, signed: false }, 'incomplete'],
    [{ progress: 100, status: 'pay_later', mcle: false, signed: false }, 'needs_payment'],
    [{ progress: 100, status: 'pending', mcle: false, signed: true }, 'needs_payment'],
    [{ progress: 100, status: 'free', mcle: true, signed: false }, 'needs_signature'],
    [{ progress: 100, status: 'free', mcle: true, signed: true }, 'issue'],
    [{ progress: 100, status: 'paid', mcle: false, signed: false }, 'issue'],
  ] as const)('%o -> %s', (input, state) => {
    expect(certificateState(input)).toBe(state);
  });
});

describe('certificate codes', () => {
  it('groups 16 characters without look-alikes in fours', () => {
    expect(CODE_ALPHABET).not.toMatch(/[01OI]/);
    expect(CODE_ALPHABET).toHaveLength(32);
    const code = formatCode('ABCDEFGHJKLMNPQR');
    expect(code).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(CERTIFICATE_CODE.test(code)).toBe(true);
    expect(CERTIFICATE_CODE.test('ABCD-EFGH-JKLM')).toBe(false);
  });
});

describe('MCLE compliance standing', () => {
  it('counts each area up to its requirement and the excess as other subjects', async () => {
    const { complianceStanding, addUnits, MCLE_TOTAL_UNITS } = await import('./mcle');
    expect(MCLE_TOTAL_UNITS).toBe(36);
    const earned = addUnits([{ legal_ethics: 4 }, { legal_ethics: 4, updates: 1.5 }, { updates: 1.5 }]);
    expect(earned).toEqual({ legal_ethics: 8, updates: 3 });
    const standing = complianceStanding(earned);
    expect(standing.areas.find((a) => a.key === 'legal_ethics')).toMatchObject({ earned: 8, missing: 0 });
    expect(standing.areas.find((a) => a.key === 'updates')).toMatchObject({ earned: 3, missing: 6 });
    expect(standing.areas.find((a) => a.key === 'others')).toMatchObject({ earned: 2, missing: 4 });
    expect(standing).toMatchObject({ counted: 11, complete: false });
    const all = complianceStanding({ legal_ethics: 6, trial_skills: 4, adr: 5, updates: 9, legal_writing: 4, international: 2, others: 6 });
    expect(all).toMatchObject({ counted: 36, complete: true });
  });
});
