import { allowedTo, definePolicy } from '../../lib/policy';

/** The site's school's team and invitations: its administrators' (member.manage). */
export const teamPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { manage: allowedTo('member.manage') },
});
