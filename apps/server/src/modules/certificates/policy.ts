import { allowedTo, definePolicy } from '../../lib/policy';

/** The school's issued certificates and what its new ones print are its administrators' (certificate.manage). */
export const certificateStaffPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { manage: allowedTo('certificate.manage') },
});
