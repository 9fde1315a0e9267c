import { z } from 'zod';
import { LESSON_TYPES } from './courses';
import { uploadIdSchema } from './uploads';

export const outlineMessages = {
  moduleName: 'Enter the module name.',
  lessonName: 'Enter the lesson name.',
  outlineMismatch: 'The outline changed since you loaded it: reload it and move the lessons again.',
  hasProgress: 'Students have started this lesson, so it cannot be deleted.',
  moduleHasProgress: 'Students have started lessons of this module, so it cannot be deleted.',
  url: 'Enter an address that starts with https://.',
  mediaSeconds: 'Enter the length in whole seconds.',
  length: 'Enter the length as minutes:seconds, such as 12:30.',
  classDate: 'Enter the date of the class.',
  clock: 'Enter a time as HH:MM.',
  endBeforeStart: 'The class must end after it starts.',
  attendance: 'Enter whole minutes from 0 to 1,440, or leave it empty.',
  attendanceTooLong: 'Ask for no more minutes than the class lasts: presence is counted only during its hours.',
} as const;

export const lessonTypeLabels: Record<(typeof LESSON_TYPES)[number], string> = {
  video: 'Video',
  audio: 'Audio',
  yt: 'YouTube video',
  sc: 'SoundCloud audio',
  pdf: 'PDF',
  html: 'Text (HTML)',
  link: 'Link',
  ivideo: 'Interactive video',
  class: 'Live class',
  exam: 'Exam',
  survey: 'Survey',
};

const name = (message: string) => z.string().trim().min(1, message).max(200, 'Keep the name under 200 characters.');
const description = z.string().max(10_000, 'Keep the description under 10,000 characters.');

export const moduleCreateSchema = z.object({ name: name(outlineMessages.moduleName), description: description.optional() });
export const modulePatchSchema = moduleCreateSchema.partial();

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A time of day as HH:MM (24 hours). */
export const clockSchema = z.string().regex(CLOCK, outlineMessages.clock);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A live class's session: its day and hours in the school's time zone, where it is held, its recording. */
export const liveClassSchema = z
  .object({
    date: z.iso.date(outlineMessages.classDate),
    start_time: clockSchema,
    end_time: clockSchema,
    use_studios: z.boolean().default(false).describe("held in the school's studio rather than a Jitsi room"),
    recording: z.url({ protocol: /^https$/, error: outlineMessages.url }).max(2000).nullable().default(null),
    attendance_minutes: z
      .number({ error: outlineMessages.attendance })
      .int(outlineMessages.attendance)
      .min(0, outlineMessages.attendance)
      .max(1440, outlineMessages.attendance)
      .nullable()
      .default(null)
      .describe("presence that completes the class; empty: the class's length (less the tolerance) at an MCLE school"),
  })
  // Compared only when both are times: a malformed one has its own message.
  .refine((c) => !CLOCK.test(c.start_time) || !CLOCK.test(c.end_time) || c.end_time > c.start_time, { path: ['end_time'], message: outlineMessages.endBeforeStart })
  .refine((c) => c.attendance_minutes === null || !CLOCK.test(c.start_time) || !CLOCK.test(c.end_time) || c.end_time <= c.start_time || c.attendance_minutes <= minutesOf(c.end_time) - minutesOf(c.start_time), {
    path: ['attendance_minutes'],
    message: outlineMessages.attendanceTooLong,
  });
export type LiveClass = z.infer<typeof liveClassSchema>;

/** The fields of a lesson an editor sets in the outline; files come with uploads, exams with their editor. */
export const lessonFieldsSchema = z.object({
  name: name(outlineMessages.lessonName),
  description,
  url: z.url({ protocol: /^https$/, error: outlineMessages.url }).max(2000).nullable().describe('the address of a link, YouTube or SoundCloud lesson'),
  media_seconds: z.number({ error: outlineMessages.mediaSeconds }).int(outlineMessages.mediaSeconds).min(1, outlineMessages.mediaSeconds).max(86_400, outlineMessages.mediaSeconds).nullable(),
  content: z.string().max(200_000, 'Keep the text under 200,000 characters.').describe("an HTML lesson's body, sanitized when stored"),
  upload: uploadIdSchema.describe("a ready upload of the kind the lesson needs (video, audio, PDF): the lesson's file, and a media lesson's length"),
  live_class: liveClassSchema.describe("a live class's session"),
});
export const lessonCreateSchema = lessonFieldsSchema.partial().required({ name: true }).extend({ type: z.enum(LESSON_TYPES) });
export type LessonCreate = z.infer<typeof lessonCreateSchema>;
export const lessonPatchSchema = lessonFieldsSchema.partial();
export type LessonPatch = z.infer<typeof lessonPatchSchema>;

const id = z.number().int().positive().max(2147483647);

/** PUT /staff/courses/{id}/outline/: every module of the course in order, each with every lesson it now holds. */
export const outlineOrderSchema = z.object({
  modules: z.array(z.object({ id, lessons: z.array(id).max(500) })).max(200),
});
export type OutlineOrder = z.infer<typeof outlineOrderSchema>;

export const outlineLessonSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(LESSON_TYPES),
  version: z.number(),
  description: z.string(),
  url: z.string().nullable(),
  media_seconds: z.number().nullable(),
  content: z.string(),
  has_file: z.boolean(),
  exam: z.number().nullable().describe("the exam or survey behind an exam or survey lesson (GET|PUT /staff/exams/{id}/)"),
  live_class: z.object({ date: z.string(), start_time: z.string(), end_time: z.string(), use_studios: z.boolean(), recording: z.string().nullable(), attendance_minutes: z.number().nullable() }).nullable(),
  video_questions: z.number().describe("an interactive video's questions (GET|PUT /staff/coursewares/{id}/video-questions/)"),
  /** What publishing would say of the lesson, or null when it is ready. */
  problem: z.string().nullable(),
  started: z.boolean().describe('whether any student has opened it (it cannot be deleted then)'),
});
export type OutlineLesson = z.infer<typeof outlineLessonSchema>;

export const outlineModuleSchema = z.object({ id: z.number(), name: z.string(), description: z.string(), version: z.number(), lessons: z.array(outlineLessonSchema) });
export type OutlineModule = z.infer<typeof outlineModuleSchema>;

export const staffOutlineSchema = z.object({
  course: z.object({ id: z.number(), name: z.string(), slug: z.string(), version: z.number() }),
  modules: z.array(outlineModuleSchema),
});
export type StaffOutline = z.infer<typeof staffOutlineSchema>;

/** Whether an order names exactly the modules and lessons the course has, each once. */
export function sameOutline(current: { id: number; lessons: { id: number }[] }[], order: OutlineOrder) {
  const ids = (list: number[]) => [...list].sort((a, b) => a - b).join(',');
  return (
    ids(current.map((m) => m.id)) === ids(order.modules.map((m) => m.id)) &&
    ids(current.flatMap((m) => m.lessons.map((l) => l.id))) === ids(order.modules.flatMap((m) => m.lessons))
  );
}

/** A length as an editor reads and types it: "12:30", "1:02:03". */
export function formatLength(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A length as an editor types it: seconds ("95"), "m:ss" or "h:mm:ss"; null when it is not one. */
export function parseLength(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((p) => !/^\d{1,5}$/.test(p))) return null;
  if (parts.slice(1).some((p) => p.length !== 2 || Number(p) > 59)) return null;
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}
