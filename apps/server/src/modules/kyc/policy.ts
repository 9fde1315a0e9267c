import { forbidden } from '../../lib/errors';
import { definePolicy, isStudent } from '../../lib/policy';

const administers = (actor: { staffRole: string | null }) => actor.staffRole === 'SA' || actor.staffRole === 'SU';

/** A submission is its student's; the school's administrators review it (DECISIONS.md roles). Anybody else: 404. */
export const submissionPolicy = definePolicy({
  schoolOf: (submission: { schoolId: number; userId: number }) => submission.schoolId,
  visible: (actor, submission) => actor.userId === submission.userId || administers(actor),
  verbs: { review: (actor) => administers(actor) },
});

/** Identity verification is a student's: staff accounts have none. */
export const kycPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { verify: (actor) => isStudent(actor), review: (actor) => administers(actor) },
  refusal: { verify: () => forbidden('Only students verify their identity.', 'not_student') },
});
