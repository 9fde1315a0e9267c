import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { ExamQuestionType } from '@school/shared/exams/schemas';
import { coursewares } from './catalogue';
import { enrollments } from './enrolment';
import { users } from './users';

/** The exam or survey behind an exam or survey courseware (spec 2 §3). */
export const exams = pgTable(
  'exams',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    coursewareId: integer().notNull(),
    description: text().notNull().default(''),
    /** Percent of the points needed to pass; surveys are not scored. */
    passingRate: integer().notNull().default(75),
    /** 0 is unlimited. */
    maxAttempts: integer().notNull().default(0),
    /** 0 is untimed. */
    durationMinutes: integer().notNull().default(0),
    dateStart: date(),
    dateEnd: date(),
    /** Whether a submitted attempt shows the correct answers. */
    showAnswers: boolean().notNull().default(true),
    /**
     * Raised by every staff save (its ETag). An attempt keeps the version it started at, and the questions that
     * were live in it (added_in <= version < retired_in): editing never rewrites a result.
     */
    version: integer().notNull().default(1),
  },
  (t) => [
    unique('exams_courseware_key').on(t.coursewareId),
    unique('exams_school_id_id_key').on(t.schoolId, t.id),
    foreignKey({ name: 'exams_courseware_fk', columns: [t.schoolId, t.coursewareId], foreignColumns: [coursewares.schoolId, coursewares.id] }).onDelete('cascade'),
    check('exams_passing_rate_check', sql`${t.passingRate} between 0 and 100`),
    check('exams_limits_check', sql`${t.maxAttempts} >= 0 and ${t.durationMinutes} >= 0`),
  ],
);

export const examQuestions = pgTable(
  'exam_questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    examId: integer().notNull(),
    position: integer().notNull(),
    type: text().notNull().$type<ExamQuestionType>(),
    text: text().notNull(),
    choices: jsonb().$type<string[]>().notNull().default([]),
    points: integer().notNull().default(1),
    notes: text().notNull().default(''),
    /** Never sent to a student before the attempt is submitted (and then only if the exam shows answers). */
    correctAnswer: jsonb().$type<string[]>().notNull().default([]),
    /**
     * A survey's rating of the course: a single choice, best first, read on a scale of 1 to 5 (the account
     * header's average rating).
     */
    rating: boolean().notNull().default(false),
    /** The exam version the question first appears in, and the one it is gone from (replaced or removed). */
    addedIn: integer().notNull().default(1),
    retiredIn: integer(),
  },
  (t) => [
    index('exam_questions_exam_idx').on(t.examId, t.position),
    check('exam_questions_versions_check', sql`${t.retiredIn} is null or ${t.retiredIn} > ${t.addedIn}`),
    check('exam_questions_rating_check', sql`not ${t.rating} or (${t.type} = 'radio' and jsonb_array_length(${t.choices}) >= 2)`),
    unique('exam_questions_school_id_id_key').on(t.schoolId, t.id),
    foreignKey({ name: 'exam_questions_exam_fk', columns: [t.schoolId, t.examId], foreignColumns: [exams.schoolId, exams.id] }).onDelete('cascade'),
    check('exam_questions_points_check', sql`${t.points} >= 0`),
  ],
);

/** One attempt of a student at an exam or survey: started, answered question by question, submitted once. */
export const examSubmissions = pgTable(
  'exam_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    examId: integer().notNull(),
    enrollmentId: integer().notNull(),
    attempt: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    totalScore: numeric({ precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    totalPoints: integer().notNull().default(0),
    passed: boolean().notNull().default(false),
    hasPending: boolean().notNull().default(false),
    /** The exam's version and passing rate when the attempt started: what it is scored against, for good. */
    examVersion: integer().notNull().default(1),
    passingRate: integer().notNull().default(75),
  },
  (t) => [
    unique('exam_submissions_attempt_key').on(t.enrollmentId, t.examId, t.attempt),
    unique('exam_submissions_school_id_id_key').on(t.schoolId, t.id),
    index('exam_submissions_exam_idx').on(t.examId),
    foreignKey({ name: 'exam_submissions_exam_fk', columns: [t.schoolId, t.examId], foreignColumns: [exams.schoolId, exams.id] }).onDelete('cascade'),
    foreignKey({ name: 'exam_submissions_enrollment_fk', columns: [t.schoolId, t.enrollmentId], foreignColumns: [enrollments.schoolId, enrollments.id] }).onDelete('cascade'),
    check('exam_submissions_attempt_check', sql`${t.attempt} >= 1`),
  ],
);

/** A student's answer to one question of an attempt, and its grade (automatic, or by staff for written and file answers). */
export const examAnswers = pgTable(
  'exam_answers',
  {
    schoolId: integer().notNull(),
    submissionId: integer().notNull(),
    questionId: integer().notNull(),
    answer: jsonb().$type<string[]>().notNull().default([]),
    /** Storage key of an uploaded file answer (private). */
    file: text(),
    score: numeric({ precision: 8, scale: 2, mode: 'number' }),
    isCorrect: boolean(),
    feedback: text().notNull().default(''),
    gradedAt: timestamp({ withTimezone: true }),
    gradedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Raised by every staff grade (its ETag): a grader saving over a grade given since they opened it gets 412. */
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.questionId] }),
    foreignKey({ name: 'exam_answers_submission_fk', columns: [t.schoolId, t.submissionId], foreignColumns: [examSubmissions.schoolId, examSubmissions.id] }).onDelete('cascade'),
    foreignKey({ name: 'exam_answers_question_fk', columns: [t.schoolId, t.questionId], foreignColumns: [examQuestions.schoolId, examQuestions.id] }).onDelete('cascade'),
  ],
);

/**
 * Attempts the school allowed one enrolment beyond an exam's limit (the roster's "Allow another attempt"): the
 * attempts taken stay as they were, with their answers and scores; this only raises that student's limit.
 */
export const examAttemptAllowances = pgTable(
  'exam_attempt_allowances',
  {
    enrollmentId: integer()
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    examId: integer()
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    extra: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enrollmentId, t.examId] }), check('exam_attempt_allowances_extra_check', sql`${t.extra} > 0`)],
);
