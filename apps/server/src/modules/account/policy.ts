import { definePolicy } from '../../lib/policy';

/**
 * An account is the person's own, at every school: another user's id answers 404 whatever the caller's
 * role or school (the staff console will add its own verbs for a school's students).
 */
export const accountPolicy = definePolicy({
  schoolOf: () => null,
  visible: (actor, account: { userId: number }) => actor.userId === account.userId,
  verbs: { view: () => true, update: () => true },
});
