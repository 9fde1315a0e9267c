import { gradingMessages } from '@school/shared/staff/grading';
import { allowedOnCourse, definePolicy, isStaff } from '../../lib/policy';
import { forbidden } from '../../lib/errors';

/**
 * An attempt is its student's; the school's administrators and the course's instructors grade it, and only
 * administrators change a grade already given. Anybody else: 404.
 */
export const submissionPolicy = definePolicy({
  schoolOf: (submission: { schoolId: number; userId: number; instructorIds?: number[] }) => submission.schoolId,
  visible: (actor, submission) => actor.userId === submission.userId || isStaff(actor),
  verbs: {
    grade: allowedOnCourse('exam.grade'),
    regrade: allowedOnCourse('exam.regrade'),
  },
  refusal: { regrade: () => forbidden(gradingMessages.regradeRefused) },
});
