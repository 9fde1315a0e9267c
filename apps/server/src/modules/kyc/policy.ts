import { forbidden } from '../../lib/errors';
import { allowedTo, can, definePolicy, isStudent } from '../../lib/policy';

/** A submission is its student's; the school's administrators review it (DECISIONS.md roles). Anybody else: 404. */
export const submissionPolicy = definePolicy({
  schoolOf: (submission: { schoolId: number; userId: number }) => submission.schoolId,
  visible: (actor, submission) => actor.userId === submission.userId || can(actor, 'kyc.review'),
  verbs: { review: allowedTo('kyc.review') },
});

/** Identity verification is a student's: staff accounts have none. */
export const kycPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { verify: (actor) => isStudent(actor), review: allowedTo('kyc.review') },
  refusal: { verify: () => forbidden('Only students verify their identity.', 'not_student') },
});

/** The school's identity settings (kinds of ID, retention, snapshots) are its administrators' (school.update). */
export const kycSettingsPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { update: allowedTo('school.update') },
});
