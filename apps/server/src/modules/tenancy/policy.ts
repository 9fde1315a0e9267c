import { definePolicy } from '../../lib/policy';

/** A school named in a path (`/schools/{id}/…`) must be the site's own school: any other answers 404. */
export const schoolPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { view: () => true },
});
