import { describe, expect, it } from 'vitest';
import { accountPolicy } from './policy';

describe('accountPolicy', () => {
  const owner = { userId: 10, role: 'ST', schoolId: 1, staffRole: null } as const;
  it('the owner views and updates their account, through any school', () => {
    expect(accountPolicy.abilities(owner, { userId: 10 })).toEqual({ view: true, update: true });
    expect(accountPolicy.abilities({ ...owner, schoolId: 2 }, { userId: 10 })).toEqual({ view: true, update: true });
  });
  it("nobody else, staff included: another's account answers 404", () => {
    for (const actor of [{ ...owner, userId: 11 }, { userId: 12, role: 'SA', schoolId: 1, staffRole: 'SA' }, { userId: 13, role: 'SU', schoolId: 1, staffRole: 'SU' }] as const) {
      expect(() => accountPolicy.authorize(actor, 'view', { userId: 10 })).toThrow(expect.objectContaining({ statusCode: 404 }));
    }
  });
});
