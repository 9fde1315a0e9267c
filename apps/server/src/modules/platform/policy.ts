import { definePolicy } from '../../lib/policy';

/** The platform's schools belong to no school: only its administrators (SU) manage them. */
export const platformPolicy = definePolicy({
  schoolOf: () => null,
  verbs: { manage: (actor) => actor.role === 'SU' },
});
