import { zonedInstant } from '@school/shared/school/dates';
import { LIVE_CLASS_TYPE, nextDay } from '@school/shared/schedule/rules';
import type { ClassEvent } from '@school/shared/schedule/schemas';
import type { RoomEventRow, ScheduleEventRow } from './repository';

/** '09:00' for the database's '09:00:00'. */
const hhmm = (time: string) => time.slice(0, 5);

/**
 * The wall-clock day and times at the school, as instants. A session that ends at or before its start time
 * ends the next day (an evening class past midnight).
 */
function instants(date: string, startTime: string, endTime: string, timeZone: string) {
  const start = zonedInstant(date, startTime, timeZone);
  let end = zonedInstant(date, endTime, timeZone);
  if (end <= start) end = zonedInstant(nextDay(date), endTime, timeZone);
  return { start: start.toISOString(), end: end.toISOString() };
}

const coursePath = (slug: string) => `/course/${encodeURIComponent(slug)}`;

/** A session of the student's class: linked to the course page, where the class's schedule is. */
export function presentScheduleEvent(row: ScheduleEventRow, timeZone: string): ClassEvent {
  return {
    id: `schedule-${row.id}`,
    title: row.className,
    course_name: row.course.name,
    course_slug: row.course.slug,
    instructor: row.instructor,
    units: row.course.units,
    date: row.date,
    start_time: hhmm(row.startTime),
    end_time: hhmm(row.endTime),
    ...instants(row.date, row.startTime, row.endTime, timeZone),
    type: row.type,
    class_link: coursePath(row.course.slug),
  };
}

/** A live class (a class courseware's room): linked to the player at that courseware, where Join Class is. */
export function presentRoomEvent(row: RoomEventRow, timeZone: string): ClassEvent {
  return {
    id: `room-${row.id}`,
    title: row.coursewareName,
    course_name: row.course.name,
    course_slug: row.course.slug,
    instructor: row.lecturer,
    units: row.course.units,
    date: row.date,
    start_time: hhmm(row.startTime),
    end_time: hhmm(row.endTime),
    ...instants(row.date, row.startTime, row.endTime, timeZone),
    type: LIVE_CLASS_TYPE,
    class_link: `${coursePath(row.course.slug)}/module/${row.coursewareId}`,
  };
}

/** Soonest first; ties by title, then id, so that the order never depends on the database. */
export const byStart = (a: ClassEvent, b: ClassEvent) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
