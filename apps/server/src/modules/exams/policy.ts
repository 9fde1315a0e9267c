import { allowedOnCourse, definePolicy, isStaff } from '../../lib/policy';

/** An attempt is its student's; the school's administrators and the course's instructors grade it. Anybody else: 404. */
export const submissionPolicy = definePolicy({
  schoolOf: (submission: { schoolId: number; userId: number; instructorIds?: number[] }) => submission.schoolId,
  visible: (actor, submission) => actor.userId === submission.userId || isStaff(actor),
  verbs: {
    grade: allowedOnCourse('exam.grade'),
  },
});
