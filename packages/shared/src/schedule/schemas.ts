import { z } from 'zod';
import { daysInRange, MAX_CALENDAR_DAYS, scheduleMessages as m } from './rules';

/** A calendar day, YYYY-MM-DD, that exists ('2026-02-30' does not). */
const day = z.iso.date({ error: (issue) => (issue.input === undefined ? m.required : m.invalidDate) });

/** `GET /students/classes/?date_start&date_end`: both days inclusive, in order, at most MAX_CALENDAR_DAYS apart. */
export const myClassesQuerySchema = z
  .object({
    date_start: day.describe("first day, YYYY-MM-DD, in the school's time zone"),
    date_end: day.describe('last day (inclusive), YYYY-MM-DD'),
  })
  .superRefine((query, ctx) => {
    const days = daysInRange(query.date_start, query.date_end);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['date_end'], message: m.endBeforeStart });
    else if (days > MAX_CALENDAR_DAYS) ctx.addIssue({ code: 'custom', path: ['date_end'], message: m.tooLong });
  });
export type MyClassesQuery = z.infer<typeof myClassesQuerySchema>;

/** One event of My Classes: a class schedule's session or a live class (a class courseware's room). */
export const classEventSchema = z.object({
  id: z.string().describe("'schedule-{id}' for a class schedule, 'room-{id}' for a live class"),
  title: z.string().describe("the class name, or the live class courseware's name"),
  course_name: z.string(),
  course_slug: z.string(),
  instructor: z.string().nullable().describe("the schedule's instructor; for a live class the course's lecturer"),
  units: z.number().describe("the course's units"),
  date: z.string().describe("YYYY-MM-DD in the school's time zone"),
  start_time: z.string().describe("HH:MM in the school's time zone"),
  end_time: z.string().describe("HH:MM in the school's time zone"),
  start: z.string().describe('ISO 8601 instant (UTC)'),
  end: z.string().describe('ISO 8601 instant (UTC)'),
  type: z.string().describe("'Online' or 'Face to face' for a class schedule, 'Live class' for a live class"),
  class_link: z.string().describe("path on the school's site: the player for a live class, the course page for a class"),
});
export type ClassEvent = z.infer<typeof classEventSchema>;

export const myClassesSchema = z.array(classEventSchema);
