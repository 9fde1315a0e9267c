import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2147483647);

export const VIDEO_QUESTION_TYPES = ['info', 'radio', 'multiple', 'checkbox', 'dropdown', 'select', 'text', 'fitb'] as const;
export type VideoQuestionType = (typeof VIDEO_QUESTION_TYPES)[number];

/** A video question as the page gets it: no correct answer until the question is done. */
export const videoQuestionSchema = z.object({
  id: z.number(),
  type: z.enum(VIDEO_QUESTION_TYPES),
  timestamp: z.number(),
  content: z.string(),
  choices: z.array(z.string()),
  location: z.object({ x: z.number(), y: z.number() }),
  attempts: z.number().describe('used so far'),
  done: z.boolean(),
  correct: z.boolean(),
  correct_answer: z.array(z.string()).nullable().describe('only once the question is done'),
  remarks: z.string().nullable().describe('only once the question is done'),
});
export type VideoQuestion = z.infer<typeof videoQuestionSchema>;

export const conferenceRoomSchema = z.object({
  name: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  starts_at: z.string().describe('ISO instant of the start in the school time zone'),
  code: z.string(),
  use_studios: z.boolean(),
  url: z.string().describe('the Jitsi room address'),
});

export const coursewareSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  file: z.string().nullable(),
  url: z.string().nullable(),
  seconds: z.number(),
  completed: z.boolean(),
  previous_completed: z.boolean(),
  forward_streaming: z.boolean().describe('whether the caller may seek forward'),
  content: z.string(),
  next: z.number().nullable(),
  previous: z.number().nullable(),
  slug: z.string(),
  module: z.object({ name: z.string(), description: z.string() }),
  module_name: z.string(),
  recording: z.string().nullable(),
  enrollment: z.number().nullable(),
  exam: z.number().nullable().describe('the exam or survey of an exam or survey courseware'),
  exam_submission: z.null(),
  date_submitted: z.null(),
  conference_room: conferenceRoomSchema.nullable(),
  interactive_video: z.object({ contents: z.array(videoQuestionSchema), max_attempts: z.number() }).nullable(),
});
export type Courseware = z.infer<typeof coursewareSchema>;

/** An enrolment's courseware, for what the school's administrators do to a student's study record. */
export const enrollmentCoursewareParamsSchema = z.object({ id, coursewareId: id });

export const progressBodySchema = z.object({ courseware_id: id, seconds: z.coerce.number().min(0).max(86_400 * 7) });
export const progressResultSchema = z.object({ courseware_id: z.number(), seconds: z.number(), completed: z.boolean() });
export type ProgressResult = z.infer<typeof progressResultSchema>;

/** What completing a courseware changed: the course's progress, and when it reached 100 %. */
export const completionResultSchema = z.object({
  courseware_id: z.number(),
  completed: z.boolean(),
  progress: z.number(),
  date_completed: z.string().nullable(),
  next: z.number().nullable(),
  first_incomplete: z.number().nullable(),
});
export type CompletionResult = z.infer<typeof completionResultSchema>;

export const attemptSchema = z.object({ ended: z.boolean(), time_left: z.number().nullable().describe('seconds; null when untimed') });
export type Attempt = z.infer<typeof attemptSchema>;

export const startResultSchema = z.object({
  attempt: attemptSchema,
  progress_reset: z.boolean(),
  first_courseware: z.number().nullable(),
  resume_courseware: z.number().nullable(),
});
export type StartResult = z.infer<typeof startResultSchema>;

export const notesBodySchema = z.object({ notes: z.string().max(20_000) });
export const notesResultSchema = z.object({ id: z.number(), notes: z.string() });

export const videoAnswerBodySchema = z.object({ answer: z.array(z.string().max(2000)).max(50) });
export const videoAnswerResultSchema = z.object({
  correct: z.boolean(),
  done: z.boolean(),
  attempts: z.number(),
  message: z.string(),
  correct_answer: z.array(z.string()).nullable(),
  remarks: z.string().nullable(),
});
export type VideoAnswerResult = z.infer<typeof videoAnswerResultSchema>;

/** A student's study record of one course, for the player's outline marks, notes and timer. */
export const studyRecordSchema = z.object({
  id: z.number(),
  course: z.number(),
  status: z.string(),
  progress: z.number(),
  notes: z.string(),
  date_completed: z.string().nullable(),
  completed_coursewares: z.array(z.number()),
  attempt: attemptSchema,
});
export type StudyRecord = z.infer<typeof studyRecordSchema>;

/** Joining a live class (the join-class toggle of spec 2 §7, whose call the spec leaves to us). */
export const joinClassBodySchema = z.object({ confRoomName: z.string().min(1).max(200), useStudios: z.boolean(), url: z.string().max(2000) });
export const joinClassResultSchema = z.object({
  joined: z.boolean(),
  code: z.string().describe('the conference room to open: unguessable, unlike its name'),
  completion: completionResultSchema.nullable().describe('always null: attendance, not the click, completes a class'),
});
export type JoinClassBody = z.infer<typeof joinClassBodySchema>;
export type JoinClassResult = z.infer<typeof joinClassResultSchema>;

export const ATTENDANCE_EVENTS = ['joined', 'present', 'left'] as const;
/** What the page saw of the conference: its own joined event, a heartbeat while in it, and leaving it. */
export const attendanceBodySchema = z.object({ code: z.string().min(1).max(200), event: z.enum(ATTENDANCE_EVENTS) });
export const attendanceResultSchema = z.object({
  attended_seconds: z.number(),
  required_seconds: z.number().describe('presence that completes the class courseware'),
  completion: completionResultSchema.nullable().describe('when this event completed the courseware'),
});
export type AttendanceBody = z.infer<typeof attendanceBodySchema>;
export type AttendanceResult = z.infer<typeof attendanceResultSchema>;

/** A lesson that cannot be studied, in the student's words or the browser's error. */
export const problemReportBodySchema = z.object({ detail: z.string().trim().min(1).max(1000) });
export const problemReportResultSchema = z.object({ reported: z.boolean().describe('false for staff, who have nobody to tell') });
