import { scheduleMessages } from '@school/shared/schedule/rules';
import { forbidden } from '../../lib/errors';
import { definePolicy, isStudent } from '../../lib/policy';

/** A student's calendar at one school: the classes of their enrolments there. */
export interface Calendar {
  userId: number;
  schoolId: number;
}

/**
 * Only its owner sees a calendar, on its school's site; only student accounts have one (spec 1 §2 shows My
 * Classes to role ST): a staff account asking for its own answers 403, never an empty list that would read
 * as "no classes".
 */
export const calendarPolicy = definePolicy({
  schoolOf: (calendar: Calendar) => calendar.schoolId,
  visible: (actor, calendar) => actor.userId === calendar.userId,
  verbs: { view: (actor) => isStudent(actor) },
  refusal: { view: () => forbidden(scheduleMessages.notStudent, 'not_student') },
});
