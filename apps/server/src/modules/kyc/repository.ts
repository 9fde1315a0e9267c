import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import { KYC_REVIEW_PAGE_SIZE } from '@school/shared/kyc/rules';
import { FLAGGED_RESULTS } from '@school/shared/kyc/schemas';
import type { Db } from '../../db/client';
import { classAttendance, courses, coursewareProgress, coursewares, enrollments, kycIds, kycSnapshots, kycSubmissions, kycTemplates, schoolMemberships, schools, users } from '../../db/schema/index';

export type SubmissionRow = typeof kycSubmissions.$inferSelect;
export type IdRow = typeof kycIds.$inferSelect;
export type SnapshotRow = typeof kycSnapshots.$inferSelect;
type Status = SubmissionRow['status'];


/** The advisory lock's first key: identity verification's own space. */
const KYC_LOCK = 7_413;

const withLearner = (db: Db) =>
  db
    .select({ submission: kycSubmissions, user: { id: users.id, email: users.email, username: users.username, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix } })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .$dynamic();

const evidenceEnrolment = (db: Db, schoolId: number, enrollmentId: number) =>
  db
    .select({ enrollment: enrollments, user: { email: users.email, username: users.username, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix }, course: courses })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, enrollmentId)))
    .limit(1);
export type EvidenceEnrolment = Awaited<ReturnType<typeof evidenceEnrolment>>[number];

export function kycRepository(db: Db) {
  return {
    templates: (schoolId: number) => db.select().from(kycTemplates).where(eq(kycTemplates.schoolId, schoolId)).orderBy(asc(kycTemplates.position), asc(kycTemplates.id)),

    idsOf: (schoolId: number, userId: number) => db.select().from(kycIds).where(and(eq(kycIds.schoolId, schoolId), eq(kycIds.userId, userId))).orderBy(asc(kycIds.position)),

    async latestSubmission(schoolId: number, userId: number) {
      const [row] = await db.select().from(kycSubmissions).where(and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.userId, userId))).orderBy(desc(kycSubmissions.id)).limit(1);
      return row;
    },

    /** Failed automatic checks since the last manual submission (the retry limit counts these). */
    async failedSinceManual(schoolId: number, userId: number) {
      const mine = and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.userId, userId));
      const lastManual = db.select({ id: max(kycSubmissions.id) }).from(kycSubmissions).where(and(mine, eq(kycSubmissions.mode, 'manual')));
      const [row] = await db
        .select({ n: count() })
        .from(kycSubmissions)
        .where(and(mine, eq(kycSubmissions.mode, 'automatic'), eq(kycSubmissions.status, 'failed'), gt(kycSubmissions.id, sql`coalesce((${lastManual}), 0)`)));
      return row?.n ?? 0;
    },

    /** The latest manual submission's time, for the 3-day lock. */
    async lastManualAt(schoolId: number, userId: number) {
      const [row] = await db.select({ at: max(kycSubmissions.createdAt) }).from(kycSubmissions).where(and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.userId, userId), eq(kycSubmissions.mode, 'manual')));
      return row?.at ?? null;
    },

    /** The embedding of the selfie of the latest verified submission: what snapshots are compared with. */
    async verifiedSelfie(schoolId: number, userId: number) {
      const [row] = await db
        .select({ embedding: kycSubmissions.selfieEmbedding })
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'verified'), isNotNull(kycSubmissions.selfieEmbedding)))
        .orderBy(desc(kycSubmissions.id))
        .limit(1);
      return row?.embedding ?? null;
    },

    async insertSubmission(values: typeof kycSubmissions.$inferInsert) {
      const [row] = await db.insert(kycSubmissions).values(values).returning();
      return row!;
    },

    /** Puts a new photo in an ID slot, forgetting the slot's earlier photo, check and verification. */
    async putId(values: Omit<typeof kycIds.$inferInsert, 'id'>) {
      await db
        .insert(kycIds)
        .values(values)
        .onConflictDoUpdate({
          target: [kycIds.userId, kycIds.schoolId, kycIds.position],
          set: { templateId: values.templateId, submissionId: values.submissionId, photoKey: values.photoKey, embedding: null, faces: null, score: null, verifiedAt: null, submittedAt: new Date() },
        });
    },

    dropIdsFrom: (schoolId: number, userId: number, position: number) =>
      db
        .delete(kycIds)
        .where(and(eq(kycIds.schoolId, schoolId), eq(kycIds.userId, userId), sql`${kycIds.position} >= ${position}`))
        .returning({ photoKey: kycIds.photoKey }),

    /** A submission with a lock on it, so that the job and a reviewer never both decide it. */
    async lockSubmission(id: number) {
      const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).for('update').limit(1);
      return row;
    },

    async findSubmissionById(id: number) {
      const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1);
      return row;
    },

    async findSubmission(schoolId: number, id: number) {
      const [row] = await db.select().from(kycSubmissions).where(and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.id, id))).limit(1);
      return row;
    },

    idsOfSubmission: (submissionId: number) => db.select().from(kycIds).where(eq(kycIds.submissionId, submissionId)).orderBy(asc(kycIds.position)),

    updateSubmission: (id: number, values: Partial<typeof kycSubmissions.$inferInsert>) => db.update(kycSubmissions).set(values).where(eq(kycSubmissions.id, id)),

    /** An ID's check or decision, only while the ID still holds that submission's photo. */
    updateId: (id: number, submissionId: number, values: Partial<typeof kycIds.$inferInsert>) => db.update(kycIds).set(values).where(and(eq(kycIds.id, id), eq(kycIds.submissionId, submissionId))),

    /** Serialises an account's uploads and decisions (a transaction-scoped advisory lock). */
    lockAccount: (userId: number) => db.execute(sql`select pg_advisory_xact_lock(${KYC_LOCK}::int, ${userId}::int)`),

    /** Submissions whose automatic check has not ended in time (its job lost or failing). */
    staleChecks: (olderThanMinutes: number, limit: number) =>
      db
        .select()
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.status, 'pending'), lt(kycSubmissions.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`)))
        .limit(limit),

    /** One submission of the school with its student. */
    async withLearner(schoolId: number, id: number) {
      const [row] = await withLearner(db).where(and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.id, id))).limit(1);
      return row;
    },

    /** The school's review queue of one status, newest first, with the student. */
    async queue(schoolId: number, status: Status, page: number) {
      const where = and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.status, status));
      const [rows, [total]] = await Promise.all([
        withLearner(db)
          .where(where)
          .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
          .limit(KYC_REVIEW_PAGE_SIZE)
          .offset((page - 1) * KYC_REVIEW_PAGE_SIZE),
        db.select({ n: count() }).from(kycSubmissions).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    templateNames: async (ids: number[]) => new Map((ids.length ? await db.select({ id: kycTemplates.id, name: kycTemplates.templateName }).from(kycTemplates).where(inArray(kycTemplates.id, ids)) : []).map((t) => [t.id, t.name])),

    /** The school's administrators, who review manual submissions. */
    administrators: (schoolId: number) => db.select({ userId: schoolMemberships.userId }).from(schoolMemberships).where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.role, 'SA'))),

    /** The caller's enrolment in a course of this school, with whether the course takes snapshots. */
    async enrolmentIn(schoolId: number, userId: number, courseId: number) {
      const [row] = await db
        .select({ enrollment: enrollments, enableKyl: courses.enableKyl, durationMinutes: courses.durationMinutes })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
        .limit(1);
      return row;
    },

    /**
     * Pauses (or resumes) the enrolment after a snapshot's check; the first failure's time stays. Resuming moves
     * a timed attempt's start on by the time the session stood paused, so the course timer lost none of it.
     * Answers the attempt's times after the change.
     */
    async pauseSession(enrollmentId: number, paused: boolean) {
      const [row] = await db
        .update(enrollments)
        .set(
          paused
            ? { snapshotPausedAt: sql`coalesce(${enrollments.snapshotPausedAt}, now())` }
            : { snapshotPausedAt: null, attemptStartedAt: sql`${enrollments.attemptStartedAt} + coalesce(now() - ${enrollments.snapshotPausedAt}, interval '0 seconds')` },
        )
        .where(eq(enrollments.id, enrollmentId))
        .returning({ startedAt: enrollments.attemptStartedAt, endedAt: enrollments.attemptEndedAt, pausedAt: enrollments.snapshotPausedAt });
      return row!;
    },

    async insertSnapshot(values: typeof kycSnapshots.$inferInsert) {
      const [row] = await db.insert(kycSnapshots).values(values).returning();
      return row!;
    },

    /** Decided submissions whose photos are past their school's retention period. */
    expiredSubmissions: (limit: number) =>
      db
        .select({ id: kycSubmissions.id, selfieKey: kycSubmissions.selfieKey })
        .from(kycSubmissions)
        .innerJoin(schools, eq(schools.id, kycSubmissions.schoolId))
        .where(and(isNull(kycSubmissions.photosRemovedAt), isNotNull(kycSubmissions.decidedAt), lt(kycSubmissions.decidedAt, sql`now() - make_interval(days => ${schools.kycRetentionDays})`)))
        .limit(limit),

    expiredSnapshots: (limit: number) =>
      db
        .select({ id: kycSnapshots.id, imageKey: kycSnapshots.imageKey })
        .from(kycSnapshots)
        .innerJoin(schools, eq(schools.id, kycSnapshots.schoolId))
        .where(and(isNotNull(kycSnapshots.imageKey), lt(kycSnapshots.takenAt, sql`now() - make_interval(days => ${schools.kycRetentionDays})`)))
        .limit(limit),

    forgetSnapshotImages: (ids: number[]) => db.update(kycSnapshots).set({ imageKey: null }).where(inArray(kycSnapshots.id, ids)),

    // The identity evidence (staff): see evidence.ts.
    async evidenceEnrolment(schoolId: number, enrollmentId: number): Promise<EvidenceEnrolment | undefined> {
      const [row] = await evidenceEnrolment(db, schoolId, enrollmentId);
      return row;
    },

    submissionsOf: (schoolId: number, userId: number) => db.select().from(kycSubmissions).where(and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.userId, userId))).orderBy(asc(kycSubmissions.id)),

    snapshotsOf: (enrollmentIds: number[]) =>
      enrollmentIds.length ? db.select().from(kycSnapshots).where(inArray(kycSnapshots.enrollmentId, enrollmentIds)).orderBy(asc(kycSnapshots.takenAt), asc(kycSnapshots.id)) : Promise.resolve([]),

    /** Each courseware the enrolment opened, and when it was completed. */
    /** Each courseware opened, with the time spent on it: watched (media) or attended (a live class). */
    progressOf: (enrollmentId: number) =>
      db
        .select({
          coursewareId: coursewares.id,
          name: coursewares.name,
          type: coursewares.type,
          openedAt: coursewareProgress.openedAt,
          completedAt: coursewareProgress.completedAt,
          watchedSeconds: coursewareProgress.watchedSeconds,
          attendedSeconds: classAttendance.seconds,
        })
        .from(coursewareProgress)
        .innerJoin(coursewares, eq(coursewares.id, coursewareProgress.coursewareId))
        .leftJoin(classAttendance, and(eq(classAttendance.enrollmentId, coursewareProgress.enrollmentId), eq(classAttendance.coursewareId, coursewareProgress.coursewareId)))
        .where(eq(coursewareProgress.enrollmentId, enrollmentId))
        .orderBy(asc(coursewareProgress.openedAt)),

    flaggedSessions(schoolId: number, courseId: number, compliancePeriodId: number | undefined) {
      const counted = (result: string) => sql<number>`count(*) filter (where ${kycSnapshots.result} = ${result})`.mapWith(Number);
      return db
        .select({
          enrollmentId: enrollments.id,
          user: { email: users.email, username: users.username, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix },
          noFace: counted('no_face'),
          manyFaces: counted('many_faces'),
          mismatch: counted('mismatch'),
          last: max(kycSnapshots.takenAt),
        })
        .from(kycSnapshots)
        .innerJoin(enrollments, eq(enrollments.id, kycSnapshots.enrollmentId))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(
          and(
            eq(enrollments.schoolId, schoolId),
            eq(enrollments.courseId, courseId),
            inArray(kycSnapshots.result, [...FLAGGED_RESULTS]),
            compliancePeriodId ? eq(enrollments.compliancePeriodId, compliancePeriodId) : undefined,
          ),
        )
        .groupBy(enrollments.id, users.id)
        .orderBy(sql`max(${kycSnapshots.takenAt}) desc`);
    },

    snapshotCounts: (enrollmentIds: number[]) =>
      db
        .select({ enrollmentId: kycSnapshots.enrollmentId, taken: count(), flagged: sql<number>`count(*) filter (where ${inArray(kycSnapshots.result, [...FLAGGED_RESULTS])})`.mapWith(Number) })
        .from(kycSnapshots)
        .where(inArray(kycSnapshots.enrollmentId, enrollmentIds))
        .groupBy(kycSnapshots.enrollmentId),

    /** Each enrolment's learner's latest submission. */
    latestDecisions: (enrollmentIds: number[]) =>
      db
        .selectDistinctOn([enrollments.id], { enrollmentId: enrollments.id, status: kycSubmissions.status, mode: kycSubmissions.mode, decidedAt: kycSubmissions.decidedAt })
        .from(enrollments)
        .innerJoin(kycSubmissions, and(eq(kycSubmissions.userId, enrollments.userId), eq(kycSubmissions.schoolId, enrollments.schoolId)))
        .where(inArray(enrollments.id, enrollmentIds))
        .orderBy(enrollments.id, sql`${kycSubmissions.id} desc`),
  };
}

export type KycRepository = ReturnType<typeof kycRepository>;
