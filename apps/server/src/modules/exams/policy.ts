import { allowedTo, definePolicy, isStaff } from '../../lib/policy';

/** An attempt is its student's; the school's staff grade it. Anybody else: 404. */
export const submissionPolicy = definePolicy({
  schoolOf: (submission: { schoolId: number; userId: number }) => submission.schoolId,
  visible: (actor, submission) => actor.userId === submission.userId || isStaff(actor),
  verbs: {
    grade: allowedTo('exam.grade'),
  },
});
