import type { EnrolmentStatus } from '../catalogue/rules';

/** My Classes (spec 1 §2, §7): the calendar's rules, for the server and the page alike. */

/** Enrolments whose classes appear on the calendar: the student may attend (pay later pays afterwards). */
export const CALENDAR_STATUSES = ['paid', 'free', 'pay_later'] as const satisfies readonly EnrolmentStatus[];

/** The longest range one call answers, in days counted inclusively: a month view shows at most 42. */
export const MAX_CALENDAR_DAYS = 62;

/** The type of a live-class event; class schedules carry their own ('Online', 'Face to face'). */
export const LIVE_CLASS_TYPE = 'Live class';

export const scheduleMessages = {
  required: 'This field is required.',
  invalidDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  endBeforeStart: 'The end date must be on or after the start date.',
  tooLong: `The range may span at most ${MAX_CALENDAR_DAYS} days.`,
  notStudent: 'Only student accounts have classes.',
} as const;

/** How many calendar days from `start` to `end`, both counted ('2026-06-01' to '2026-06-01' is 1). */
export const daysInRange = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The calendar day before `day` (YYYY-MM-DD): a range's inclusive end from an exclusive one. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
