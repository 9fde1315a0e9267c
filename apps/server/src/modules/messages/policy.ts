import { allowedOnCourse, allowedTo, can, definePolicy } from '../../lib/policy';
import type { MessageRow } from './repository';

/** Writing to a course's (or its class's) students: the school's administrators, and the course's instructors. */
export const courseMessagePolicy = definePolicy({
  schoolOf: (course: { schoolId: number; instructorIds: number[] }) => course.schoolId,
  verbs: { send: allowedOnCourse('message.send') },
});

/** Writing to every student of the school: its administrators. */
export const schoolMessagePolicy = definePolicy({ schoolOf: (school: { id: number }) => school.id, verbs: { send: allowedTo('message.school') } });

/** A message sent: read by the school's administrators and by whoever sent it; nobody else knows of it. */
export const messagePolicy = definePolicy({
  schoolOf: (row: Pick<MessageRow, 'schoolId'>) => row.schoolId,
  visible: (actor, row: Pick<MessageRow, 'schoolId' | 'sentBy'>) => can(actor, 'message.school') || (actor.userId !== null && actor.userId === row.sentBy),
  verbs: { read: () => true },
});
