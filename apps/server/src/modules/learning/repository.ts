import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { PROGRESS_TOLERANCE_SECONDS } from '@school/shared/learning/rules';
import type { Db } from '../../db/client';
import { conferenceRooms, courses, coursewareProgress, coursewares, enrollments, exams, modules, videoQuestionAnswers, videoQuestions } from '../../db/schema/index';

export type CoursewareRow = typeof coursewares.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;
export type ProgressRow = typeof coursewareProgress.$inferSelect;
export type VideoQuestionRow = typeof videoQuestions.$inferSelect;

const p = (name: string) => sql.placeholder(name);

/** The player's reads and writes; every query names the school. */
export function learningRepository(db: Db) {
  // The hot path of a study session: the page saves progress every few seconds.
  const progressContext = db
    .select({
      enrollment: {
        id: enrollments.id,
        status: enrollments.status,
        progress: enrollments.progress,
        attemptStartedAt: enrollments.attemptStartedAt,
        attemptEndedAt: enrollments.attemptEndedAt,
        snapshotPausedAt: enrollments.snapshotPausedAt,
      },
      durationMinutes: courses.durationMinutes,
      enableKyl: courses.enableKyl,
      courseware: { type: coursewares.type, forwardStreaming: coursewares.forwardStreaming, mediaSeconds: coursewares.mediaSeconds },
      saved: { seconds: coursewareProgress.seconds, completedAt: coursewareProgress.completedAt },
    })
    .from(coursewares)
    .innerJoin(modules, eq(modules.id, coursewares.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .innerJoin(enrollments, and(eq(enrollments.courseId, modules.courseId), eq(enrollments.userId, p('userId'))))
    .innerJoin(coursewareProgress, and(eq(coursewareProgress.enrollmentId, enrollments.id), eq(coursewareProgress.coursewareId, coursewares.id)))
    .where(and(eq(coursewares.id, p('coursewareId')), eq(coursewares.schoolId, p('schoolId'))))
    .limit(1)
    .prepare('learning_progress_context');

  /*
   * Moves the saved second forward only, and never past the second the courseware was opened at plus the time
   * since it was opened (and the tolerance, once); `free` lifts that check where seeking forward is allowed.
   */
  const saveSeconds = db
    .update(coursewareProgress)
    .set({ seconds: sql`${p('seconds')}::int`, updatedAt: sql`now()` })
    .where(
      and(
        eq(coursewareProgress.enrollmentId, p('enrollmentId')),
        eq(coursewareProgress.coursewareId, p('coursewareId')),
        sql`${coursewareProgress.seconds} < ${p('seconds')}::int`,
        sql`(${p('free')}::boolean or ${p('seconds')}::int <= ${coursewareProgress.openedSeconds} + extract(epoch from now() - ${coursewareProgress.openedAt}) + ${PROGRESS_TOLERANCE_SECONDS})`,
      ),
    )
    .returning({ seconds: coursewareProgress.seconds })
    .prepare('learning_save_seconds');

  return {
    async findCourseware(schoolId: number, id: number) {
      const [row] = await db
        .select({ courseware: coursewares, module: { name: modules.name, description: modules.description, courseId: modules.courseId }, examId: exams.id })
        .from(coursewares)
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .leftJoin(exams, eq(exams.coursewareId, coursewares.id))
        .where(and(eq(coursewares.id, id), eq(coursewares.schoolId, schoolId)))
        .limit(1);
      return row;
    },

    findCourse: async (schoolId: number, id: number) => (await db.select().from(courses).where(and(eq(courses.id, id), eq(courses.schoolId, schoolId))).limit(1))[0],

    /** The course's coursewares in study order: module by module. */
    outline: (schoolId: number, courseId: number) =>
      db
        .select({ id: coursewares.id, type: coursewares.type })
        .from(coursewares)
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .where(and(eq(modules.courseId, courseId), eq(modules.schoolId, schoolId)))
        .orderBy(asc(modules.position), asc(coursewares.position), asc(coursewares.id)),

    findEnrollment: async (schoolId: number, userId: number, courseId: number) =>
      (await db.select().from(enrollments).where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))).limit(1))[0],

    findEnrollmentById: async (schoolId: number, id: number) => (await db.select().from(enrollments).where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, id))).limit(1))[0],

    progressOf: (schoolId: number, enrollmentId: number) =>
      db.select().from(coursewareProgress).where(and(eq(coursewareProgress.schoolId, schoolId), eq(coursewareProgress.enrollmentId, enrollmentId))),

    /** Opening a courseware starts (or restarts) the clock that saves are measured against, from its saved second. */
    async open(schoolId: number, enrollmentId: number, coursewareId: number) {
      await db
        .insert(coursewareProgress)
        .values({ schoolId, enrollmentId, coursewareId })
        .onConflictDoUpdate({
          target: [coursewareProgress.enrollmentId, coursewareProgress.coursewareId],
          set: { openedAt: sql`now()`, openedSeconds: sql`${coursewareProgress.seconds}`, updatedAt: sql`now()` },
        });
    },

    progressContext: async (schoolId: number, userId: number, coursewareId: number) => (await progressContext.execute({ schoolId, userId, coursewareId }))[0],

    saveSeconds: async (enrollmentId: number, coursewareId: number, seconds: number, free: boolean) => (await saveSeconds.execute({ enrollmentId, coursewareId, seconds, free }))[0],

    /** The enrolment's row, locked until the transaction ends: completions of one enrolment run one at a time. */
    lockEnrollment: async (schoolId: number, enrollmentId: number) =>
      (await db.select().from(enrollments).where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, enrollmentId))).for('update'))[0]!,

    /** Marks a courseware done once; false when it already was. */
    async complete(schoolId: number, enrollmentId: number, coursewareId: number) {
      const rows = await db
        .update(coursewareProgress)
        .set({ completedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(coursewareProgress.schoolId, schoolId),
            eq(coursewareProgress.enrollmentId, enrollmentId),
            eq(coursewareProgress.coursewareId, coursewareId),
            sql`${coursewareProgress.completedAt} is null`,
          ),
        )
        .returning({ coursewareId: coursewareProgress.coursewareId });
      return rows.length > 0;
    },

    async rewardOf(courseId: number) {
      const [row] = await db.select({ rewardCoins: courses.rewardCoins, name: courses.name }).from(courses).where(eq(courses.id, courseId)).limit(1);
      return row;
    },

    /** How many of the course's coursewares the enrolment has completed, counted by the database. */
    async completedCount(schoolId: number, enrollmentId: number, courseId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(coursewareProgress)
        .innerJoin(coursewares, eq(coursewares.id, coursewareProgress.coursewareId))
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .where(and(eq(coursewareProgress.schoolId, schoolId), eq(coursewareProgress.enrollmentId, enrollmentId), eq(modules.courseId, courseId), isNotNull(coursewareProgress.completedAt)));
      return row?.n ?? 0;
    },

    async setProgress(schoolId: number, enrollmentId: number, progress: number) {
      const [row] = await db
        .update(enrollments)
        .set({ progress, dateCompleted: progress >= 100 ? sql`coalesce(${enrollments.dateCompleted}, now())` : null })
        .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, enrollmentId)))
        .returning({ progress: enrollments.progress, dateCompleted: enrollments.dateCompleted });
      return row!;
    },

    /** A retake: the study record starts over with a new attempt. */
    async restart(schoolId: number, enrollmentId: number) {
      await db.delete(coursewareProgress).where(and(eq(coursewareProgress.schoolId, schoolId), eq(coursewareProgress.enrollmentId, enrollmentId)));
      await db.delete(videoQuestionAnswers).where(and(eq(videoQuestionAnswers.schoolId, schoolId), eq(videoQuestionAnswers.enrollmentId, enrollmentId)));
      await db
        .update(enrollments)
        .set({ progress: 0, dateCompleted: null, attemptStartedAt: sql`now()`, attemptEndedAt: null })
        .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, enrollmentId)));
    },

    /** Starts a timed course's first attempt, once: opening a courseware does it too, so the time always runs. */
    async startAttempt(schoolId: number, enrollmentId: number) {
      await db
        .update(enrollments)
        .set({ attemptStartedAt: sql`now()` })
        .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, enrollmentId), isNull(enrollments.attemptStartedAt)));
    },

    async endAttempt(schoolId: number, enrollmentId: number) {
      await db
        .update(enrollments)
        .set({ attemptEndedAt: sql`coalesce(${enrollments.attemptEndedAt}, now())` })
        .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, enrollmentId)));
    },

    async saveNotes(schoolId: number, enrollmentId: number, notes: string) {
      await db.update(enrollments).set({ notes }).where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, enrollmentId)));
    },

    videoQuestions: (schoolId: number, coursewareId: number) =>
      db.select().from(videoQuestions).where(and(eq(videoQuestions.coursewareId, coursewareId), eq(videoQuestions.schoolId, schoolId))).orderBy(asc(videoQuestions.timestamp), asc(videoQuestions.id)),

    async findVideoQuestion(schoolId: number, id: number) {
      const [row] = await db
        .select({ question: videoQuestions, courseware: { id: coursewares.id, maxAttempts: coursewares.maxAttempts }, courseId: modules.courseId })
        .from(videoQuestions)
        .innerJoin(coursewares, eq(coursewares.id, videoQuestions.coursewareId))
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .where(and(eq(videoQuestions.id, id), eq(videoQuestions.schoolId, schoolId)))
        .limit(1);
      return row;
    },

    videoAnswers: (schoolId: number, enrollmentId: number) =>
      db.select().from(videoQuestionAnswers).where(and(eq(videoQuestionAnswers.schoolId, schoolId), eq(videoQuestionAnswers.enrollmentId, enrollmentId))),

    /** One more attempt, counted atomically; a done question takes no more. */
    async answerVideoQuestion(row: { schoolId: number; enrollmentId: number; questionId: number; answer: string[]; correct: boolean; maxAttempts: number }) {
      const lastAttempt = row.maxAttempts > 0 ? sql`${videoQuestionAnswers.attempts} + 1 >= ${row.maxAttempts}` : sql`false`;
      const [saved] = await db
        .insert(videoQuestionAnswers)
        .values({ schoolId: row.schoolId, enrollmentId: row.enrollmentId, questionId: row.questionId, attempts: 1, answer: row.answer, correct: row.correct, done: row.correct || row.maxAttempts === 1 })
        .onConflictDoUpdate({
          target: [videoQuestionAnswers.enrollmentId, videoQuestionAnswers.questionId],
          set: { attempts: sql`${videoQuestionAnswers.attempts} + 1`, answer: row.answer, correct: row.correct, done: sql`${row.correct} or ${lastAttempt}`, updatedAt: sql`now()` },
          setWhere: sql`not ${videoQuestionAnswers.done}`,
        })
        .returning();
      return saved;
    },

    findRoomByName: async (schoolId: number, name: string) =>
      (await db.select().from(conferenceRooms).where(and(eq(conferenceRooms.name, name), eq(conferenceRooms.schoolId, schoolId))).limit(1))[0],

    conferenceRoom: async (schoolId: number, coursewareId: number) =>
      (await db.select().from(conferenceRooms).where(and(eq(conferenceRooms.schoolId, schoolId), eq(conferenceRooms.coursewareId, coursewareId))).limit(1))[0],
  };
}
