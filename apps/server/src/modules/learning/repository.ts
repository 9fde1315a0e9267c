import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ATTENDANCE_MAX_GAP_SECONDS, PROGRESS_TOLERANCE_SECONDS, STUDY_CREDIT_MAX_SECONDS } from '@school/shared/learning/rules';
import type { Db } from '../../db/client';
import { classAttendance, conferenceRooms, courses, coursewareProgress, coursewares, enrollments, exams, modules, videoQuestionAnswers, videoQuestions } from '../../db/schema/index';

export type CoursewareRow = typeof coursewares.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;
export type ProgressRow = typeof coursewareProgress.$inferSelect;
export type VideoQuestionRow = typeof videoQuestions.$inferSelect;
export type ConferenceRoomRow = typeof conferenceRooms.$inferSelect;

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

  // Seconds on the clock since the last credit: none while stopped (another lesson is open), never negative (two
  // saves may commit out of order), and at most one save gap's allowance.
  const elapsed = sql`coalesce(least(${STUDY_CREDIT_MAX_SECONDS}, greatest(0, extract(epoch from now() - ${coursewareProgress.clockAt})::float8)), 0)`;
  /*
   * Credits the time since the clock last ran to the watched time, and moves the saved second forward only, never
   * past the watched time plus the tolerance (once, not per save or open); `free` lifts that check where seeking
   * forward is allowed. One statement under the row's lock: two tabs share one clock and cannot double it.
   */
  const saveSeconds = db
    .update(coursewareProgress)
    .set({
      watchedSeconds: sql`${coursewareProgress.watchedSeconds} + ${elapsed}`,
      // A stopped clock stays stopped (greatest() of null and now is now, so it is kept null here).
      clockAt: sql`case when ${coursewareProgress.clockAt} is null then null else greatest(${coursewareProgress.clockAt}, now()) end`,
      seconds: sql`case when ${coursewareProgress.seconds} < ${p('seconds')}::int
        and (${p('free')}::boolean or ${p('seconds')}::int <= ${coursewareProgress.watchedSeconds} + ${elapsed} + ${PROGRESS_TOLERANCE_SECONDS})
        then ${p('seconds')}::int else ${coursewareProgress.seconds} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(coursewareProgress.enrollmentId, p('enrollmentId')), eq(coursewareProgress.coursewareId, p('coursewareId'))))
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

    /** The enrolment's progress rows in the order their lessons were completed (then opened ones), so answers list them alike on every database. */
    progressOf: (schoolId: number, enrollmentId: number) =>
      db
        .select()
        .from(coursewareProgress)
        .where(and(eq(coursewareProgress.schoolId, schoolId), eq(coursewareProgress.enrollmentId, enrollmentId)))
        .orderBy(coursewareProgress.completedAt, coursewareProgress.coursewareId),

    /**
     * Opening a courseware starts its clock again: the time since the last save before this open (the student was
     * elsewhere) is not credited, and the watched time already credited stays. Every other lesson of the student,
     * in any course, stops its clock (crediting its time so far): one student studies one lesson at a time.
     */
    async open(schoolId: number, userId: number, enrollmentId: number, coursewareId: number) {
      await db
        .update(coursewareProgress)
        .set({ watchedSeconds: sql`${coursewareProgress.watchedSeconds} + ${elapsed}`, clockAt: null })
        .where(
          and(
            isNotNull(coursewareProgress.clockAt),
            inArray(coursewareProgress.enrollmentId, db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.userId, userId))),
            sql`not (${coursewareProgress.enrollmentId} = ${enrollmentId} and ${coursewareProgress.coursewareId} = ${coursewareId})`,
          ),
        );
      await db
        .insert(coursewareProgress)
        .values({ schoolId, enrollmentId, coursewareId })
        .onConflictDoUpdate({
          target: [coursewareProgress.enrollmentId, coursewareProgress.coursewareId],
          set: { openedAt: sql`now()`, clockAt: sql`greatest(${coursewareProgress.clockAt}, now())`, updatedAt: sql`now()` },
        });
    },

    /** The time spent on a courseware so far: what the saves credited, and the clock's run since the last one. */
    async watchedNow(enrollmentId: number, coursewareId: number) {
      const [row] = await db
        .select({ seconds: sql<number>`${coursewareProgress.watchedSeconds} + ${elapsed}`.mapWith(Number) })
        .from(coursewareProgress)
        .where(and(eq(coursewareProgress.enrollmentId, enrollmentId), eq(coursewareProgress.coursewareId, coursewareId)));
      return row?.seconds ?? 0;
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
      await db.delete(classAttendance).where(and(eq(classAttendance.schoolId, schoolId), eq(classAttendance.enrollmentId, enrollmentId)));
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
    /** `maxAttempts` is the question's limit, never unlimited: after it the question is done (videoAttemptLimit). */
    async answerVideoQuestion(row: { schoolId: number; enrollmentId: number; questionId: number; answer: string[]; correct: boolean; maxAttempts: number }) {
      const lastAttempt = sql`${videoQuestionAnswers.attempts} + 1 >= ${row.maxAttempts}`;
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

    findRoomByCode: async (schoolId: number, code: string) =>
      (await db.select().from(conferenceRooms).where(and(eq(conferenceRooms.code, code), eq(conferenceRooms.schoolId, schoolId))).limit(1))[0],

    /** A student's presence in a class, locked until the transaction ends: one report of an enrolment at a time. */
    lockAttendance: async (enrollmentId: number, coursewareId: number) =>
      (await db.select().from(classAttendance).where(and(eq(classAttendance.enrollmentId, enrollmentId), eq(classAttendance.coursewareId, coursewareId))).for('update'))[0],

    /** The conference's joined event: a first presence, or a return whose time away is not credited. */
    async joinAttendance(schoolId: number, enrollmentId: number, coursewareId: number) {
      const [row] = await db
        .insert(classAttendance)
        .values({ schoolId, enrollmentId, coursewareId })
        .onConflictDoUpdate({ target: [classAttendance.enrollmentId, classAttendance.coursewareId], set: { lastSeenAt: sql`greatest(${classAttendance.lastSeenAt}, now())`, leftAt: null } })
        .returning();
      return row!;
    },

    /**
     * A heartbeat or leaving: the time since the last report, inside the class's hours, at most the heartbeat's
     * allowance (attendanceCredit's rule), counted on the database's clock so that processes' clocks cannot differ.
     */
    async creditAttendance(enrollmentId: number, coursewareId: number, hours: { startsAt: Date; endsAt: Date }, left: boolean) {
      const span = sql`extract(epoch from least(now(), ${hours.endsAt.toISOString()}::timestamptz) - greatest(${classAttendance.lastSeenAt}, ${hours.startsAt.toISOString()}::timestamptz))::float8`;
      const [row] = await db
        .update(classAttendance)
        .set({
          seconds: sql`${classAttendance.seconds} + least(${ATTENDANCE_MAX_GAP_SECONDS}, greatest(0, ${span}))`,
          lastSeenAt: sql`greatest(${classAttendance.lastSeenAt}, now())`,
          leftAt: left ? sql`now()` : null,
        })
        .where(and(eq(classAttendance.enrollmentId, enrollmentId), eq(classAttendance.coursewareId, coursewareId)))
        .returning();
      return row!;
    },

    findRoomByName: async (schoolId: number, name: string) =>
      (await db.select().from(conferenceRooms).where(and(eq(conferenceRooms.name, name), eq(conferenceRooms.schoolId, schoolId))).limit(1))[0],

    conferenceRoom: async (schoolId: number, coursewareId: number) =>
      (await db.select().from(conferenceRooms).where(and(eq(conferenceRooms.schoolId, schoolId), eq(conferenceRooms.coursewareId, coursewareId))).limit(1))[0],
  };
}
