import { allowedTo, definePolicy } from '../../lib/policy';

/** A school named in a path (`/schools/{id}/…`) must be the site's own school: any other answers 404. */
export const schoolPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { view: () => true },
});

/** The site's own school in the console: its settings are its administrators' (school.update). */
export const schoolSettingsPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { update: allowedTo('school.update') },
});
