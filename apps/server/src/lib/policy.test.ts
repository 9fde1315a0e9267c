import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { anonymous, definePolicy, type Actor } from './policy';

const policy = definePolicy({
  schoolOf: (thing: { schoolId: number | null; open: boolean }) => thing.schoolId,
  visible: (_actor, thing) => thing.open,
  verbs: { read: () => true, write: (actor) => actor.staffRole === 'SA' },
});
const at = (schoolId: number, extra: Partial<Actor> = {}): Actor => ({ ...anonymous, userId: 1, role: 'ST', schoolId, ...extra });
const status = (fn: () => void) => {
  try {
    fn();
    return 200;
  } catch (error) {
    return (error as DomainError).statusCode;
  }
};

describe('definePolicy', () => {
  it("hides another school's resource: 404, whatever the verb", () => {
    const thing = { schoolId: 2, open: true };
    expect(status(() => policy.authorize(at(1, { staffRole: 'SA' }), 'write', thing))).toBe(404);
    expect(policy.can(at(1, { staffRole: 'SA' }), 'read', thing)).toBe(false);
  });

  it('hides what the actor may not see: 404', () => {
    expect(status(() => policy.authorize(at(1), 'read', { schoolId: 1, open: false }))).toBe(404);
  });

  it('refuses a verb on a visible resource: 403', () => {
    expect(status(() => policy.authorize(at(1), 'write', { schoolId: 1, open: true }))).toBe(403);
    expect(status(() => policy.authorize(at(1, { staffRole: 'SA' }), 'write', { schoolId: 1, open: true }))).toBe(200);
  });

  it('a resource of no school is reachable from any school', () => {
    expect(policy.can(at(7), 'read', { schoolId: null, open: true })).toBe(true);
  });

  it('lists every verb as abilities', () => {
    expect(policy.abilities(at(1), { schoolId: 1, open: true })).toEqual({ read: true, write: false });
    expect(policy.abilities(at(2), { schoolId: 1, open: true })).toEqual({ read: false, write: false });
  });
});
