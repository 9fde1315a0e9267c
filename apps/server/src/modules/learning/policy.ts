import { mayStudy, playerMessages } from '@school/shared/learning/rules';
import { forbidden } from '../../lib/errors';
import { allowedTo, definePolicy } from '../../lib/policy';

interface EnrollmentLike {
  schoolId: number;
  userId: number;
  status: string;
}

/** An enrolment exists only for its student: anybody else's id answers 404. */
export const enrollmentPolicy = definePolicy({
  schoolOf: (enrollment: EnrollmentLike) => enrollment.schoolId,
  visible: (actor, enrollment) => actor.userId === enrollment.userId,
  verbs: {
    study: (_actor, enrollment) => mayStudy(enrollment.status),
    keepNotes: () => true,
  },
  refusal: { study: () => forbidden(playerMessages.notEnrolled, 'not_enrolled') },
});

/**
 * An enrolment as the school's administrators act on it (a lesson a student cannot study, marked complete for
 * them): anybody else, and another school, find nothing.
 */
export const studyRecordPolicy = definePolicy({
  schoolOf: (enrollment: EnrollmentLike) => enrollment.schoolId,
  visible: allowedTo('enrolment.manage'),
  verbs: { completeFor: allowedTo('enrolment.manage') },
});
