import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import type { VideoQuestionType } from '@school/shared/learning/schemas';
import { coursewares } from './catalogue';
import { enrollments } from './enrolment';

/**
 * A student's place in one courseware. `seconds` only grows, and never further than `watched_seconds` (plus a
 * tolerance, once): the wall-clock time the student has spent on the lesson across every open and tab, credited
 * by each save from `clock_at` (at most a save gap's allowance at a time), only while it is the lesson the student
 * last opened. It is what MCLE credit rests on.
 */
export const coursewareProgress = pgTable(
  'courseware_progress',
  {
    schoolId: integer().notNull(),
    enrollmentId: integer().notNull(),
    coursewareId: integer().notNull(),
    seconds: integer().notNull().default(0),
    watchedSeconds: doublePrecision().notNull().default(0),
    /** When the running clock last credited; null while the student is on another lesson (one clock per student). */
    clockAt: timestamp({ withTimezone: true }).defaultNow(),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enrollmentId, t.coursewareId] }),
    index('courseware_progress_courseware_idx').on(t.coursewareId),
    check('courseware_progress_seconds_check', sql`${t.seconds} >= 0`),
    check('courseware_progress_watched_check', sql`${t.watchedSeconds} >= 0`),
    foreignKey({ name: 'courseware_progress_enrollment_fk', columns: [t.schoolId, t.enrollmentId], foreignColumns: [enrollments.schoolId, enrollments.id] }).onDelete('cascade'),
    foreignKey({ name: 'courseware_progress_courseware_fk', columns: [t.schoolId, t.coursewareId], foreignColumns: [coursewares.schoolId, coursewares.id] }).onDelete('cascade'),
  ],
);

/** A question that pauses an interactive video at its second; the correct answer never leaves the server unasked. */
export const videoQuestions = pgTable(
  'video_questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    coursewareId: integer().notNull(),
    type: text().notNull().$type<VideoQuestionType>(),
    timestamp: integer().notNull(),
    content: text().notNull(),
    choices: jsonb().$type<string[]>().notNull().default([]),
    correctAnswer: jsonb().$type<string[]>().notNull().default([]),
    remarks: text().notNull().default(''),
    location: jsonb().$type<{ x: number; y: number }>().notNull().default({ x: 50, y: 50 }),
  },
  (t) => [
    index('video_questions_courseware_idx').on(t.coursewareId, t.timestamp),
    check('video_questions_timestamp_check', sql`${t.timestamp} >= 0`),
    foreignKey({ name: 'video_questions_courseware_fk', columns: [t.schoolId, t.coursewareId], foreignColumns: [coursewares.schoolId, coursewares.id] }).onDelete('cascade'),
    unique('video_questions_school_id_id_key').on(t.schoolId, t.id),
  ],
);

/** A student's attempts at one video question; done when answered right or out of attempts. */
export const videoQuestionAnswers = pgTable(
  'video_question_answers',
  {
    schoolId: integer().notNull(),
    enrollmentId: integer().notNull(),
    questionId: integer().notNull(),
    attempts: integer().notNull().default(0),
    correct: boolean().notNull().default(false),
    done: boolean().notNull().default(false),
    answer: jsonb().$type<string[]>().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enrollmentId, t.questionId] }),
    foreignKey({ name: 'video_question_answers_enrollment_fk', columns: [t.schoolId, t.enrollmentId], foreignColumns: [enrollments.schoolId, enrollments.id] }).onDelete('cascade'),
    foreignKey({ name: 'video_question_answers_question_fk', columns: [t.schoolId, t.questionId], foreignColumns: [videoQuestions.schoolId, videoQuestions.id] }).onDelete('cascade'),
  ],
);

/** The live session of a class courseware, held in a Jitsi room (or the school's studio). */
export const conferenceRooms = pgTable(
  'conference_rooms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    coursewareId: integer().notNull(),
    name: text().notNull(),
    date: date().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    code: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    useStudios: boolean().notNull().default(false),
    recording: text(),
    /** Presence that completes the class, when the school sets it; otherwise the rule of attendanceRequiredSeconds. */
    attendanceMinutes: integer(),
  },
  (t) => [
    unique('conference_rooms_courseware_key').on(t.coursewareId),
    unique('conference_rooms_name_key').on(t.name),
    unique('conference_rooms_code_key').on(t.code),
    check('conference_rooms_attendance_minutes_check', sql`${t.attendanceMinutes} >= 0`),
    foreignKey({ name: 'conference_rooms_courseware_fk', columns: [t.schoolId, t.coursewareId], foreignColumns: [coursewares.schoolId, coursewares.id] }).onDelete('cascade'),
  ],
);

/**
 * A student's presence in a live class's conference: from the conference's own "joined" event, credited by the
 * page's heartbeats and "left" (each gap at most a heartbeat's allowance, only inside the class's hours).
 */
export const classAttendance = pgTable(
  'class_attendance',
  {
    schoolId: integer().notNull(),
    enrollmentId: integer().notNull(),
    coursewareId: integer().notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp({ withTimezone: true }),
    seconds: doublePrecision().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.enrollmentId, t.coursewareId] }),
    check('class_attendance_seconds_check', sql`${t.seconds} >= 0`),
    foreignKey({ name: 'class_attendance_enrollment_fk', columns: [t.schoolId, t.enrollmentId], foreignColumns: [enrollments.schoolId, enrollments.id] }).onDelete('cascade'),
    foreignKey({ name: 'class_attendance_courseware_fk', columns: [t.schoolId, t.coursewareId], foreignColumns: [coursewares.schoolId, coursewares.id] }).onDelete('cascade'),
  ],
);
