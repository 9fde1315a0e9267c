import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { UNPAID_STATUSES } from '@school/shared/catalogue/rules';
import { OPEN_TRANSACTION_STATUSES } from '@school/shared/payments/rules';
import type { UnitsByArea } from '@school/shared/certificates/mcle';
import type { CertificateSort } from '@school/shared/certificates/rules';
import type { Db } from '../../db/client';
import { bundleCourses, bundles, certificates, compliancePeriods, certificationSignatures, courses, coursewareProgress, coursewares, enrollments, examSubmissions, exams, paymentTransactions, schools, users } from '../../db/schema/index';
import { containing } from '../../lib/like';

export type CertificateRow = typeof certificates.$inferSelect;

const order: Record<CertificateSort, ReturnType<typeof asc>[]> = {
  '-timestamp': [desc(certificates.issuedAt), desc(certificates.id)],
  timestamp: [asc(certificates.issuedAt), asc(certificates.id)],
  course__name: [asc(sql`${certificates.facts}->>'course'`), asc(certificates.id)],
};

export function certificateRepository(db: Db) {
  return {
    /** Everything issuing needs about an enrolment: the course, its school, the learner and the signature. */
    async enrolmentFacts(enrollmentId: number) {
      const [row] = await db
        .select({
          enrollment: enrollments,
          course: { id: courses.id, name: courses.name, units: courses.units, approvalNumber: courses.approvalNumber, mcleUnits: courses.mcleUnits },
          school: {
            id: schools.id,
            name: schools.name,
            domain: schools.domain,
            logo: schools.logo,
            primaryColor: schools.primaryColor,
            accreditationNumber: schools.accreditationNumber,
            certificateSignatories: schools.certificateSignatories,
            products: schools.products,
            timeZone: schools.timeZone,
          },
          user: { firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, username: users.username },
          signedAt: certificationSignatures.signedAt,
        })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .innerJoin(schools, eq(schools.id, enrollments.schoolId))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .leftJoin(certificationSignatures, eq(certificationSignatures.enrollmentId, enrollments.id))
        .where(eq(enrollments.id, enrollmentId))
        .limit(1);
      return row;
    },
    /** A new certificate, or null when the enrolment already has one (the unique index decides races). */
    async insert(values: typeof certificates.$inferInsert) {
      const [made] = await db.insert(certificates).values(values).onConflictDoNothing({ target: certificates.enrollmentId }).returning();
      return made ?? null;
    },
    /** Whether the enrolment's statement is signed, and its certificate's code if it has one. */
    async progressOf(enrollmentId: number) {
      const [row] = await db
        .select({
          signed: sql<boolean>`${certificationSignatures.enrollmentId} is not null`,
          code: certificates.code,
          // A payment of it started and not yet through (a pay-later enrolment stays pay_later meanwhile).
          paying: sql<boolean>`exists (select 1 from ${paymentTransactions} where ${paymentTransactions.enrollmentId} = ${enrollments.id} and ${inArray(paymentTransactions.status, [...OPEN_TRANSACTION_STATUSES])})`,
        })
        .from(enrollments)
        .leftJoin(certificationSignatures, eq(certificationSignatures.enrollmentId, enrollments.id))
        .leftJoin(certificates, eq(certificates.enrollmentId, enrollments.id))
        .where(eq(enrollments.id, enrollmentId))
        .limit(1);
      return row ?? { signed: false, code: null, paying: false };
    },
    async findByEnrollment(enrollmentId: number) {
      const [row] = await db.select().from(certificates).where(eq(certificates.enrollmentId, enrollmentId)).limit(1);
      return row;
    },
    /** What a certificate's drawing takes from its school: the domain of its address, the colour and the logo. */
    async schoolLook(schoolId: number) {
      const [row] = await db.select({ domain: schools.domain, primaryColor: schools.primaryColor, logo: schools.logo }).from(schools).where(eq(schools.id, schoolId)).limit(1);
      return row;
    },
    /** The address a credential hashes: the learner's e-mail as it is now. */
    async emailOf(userId: number) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.email;
    },
    async findByCode(code: string) {
      const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
      return row;
    },
    async listMine(userId: number, q: { page: number; perpage: number; sort: CertificateSort; course_name?: string }) {
      const where = and(eq(certificates.userId, userId), q.course_name ? ilike(sql`${certificates.facts}->>'course'`, containing(q.course_name)) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({ certificate: certificates, timeZone: schools.timeZone })
          .from(certificates)
          .innerJoin(schools, eq(schools.id, certificates.schoolId))
          .where(where)
          .orderBy(...order[q.sort])
          .limit(q.perpage)
          .offset((q.page - 1) * q.perpage),
        db.select({ n: count() }).from(certificates).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async countMine(userId: number) {
      const [row] = await db.select({ n: count() }).from(certificates).where(eq(certificates.userId, userId));
      return row?.n ?? 0;
    },
    /** A learner's certificates counting toward a compliance period, from every school, not revoked. */
    async ofPeriod(userId: number, compliancePeriodId: number) {
      return db
        .select()
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.compliancePeriodId, compliancePeriodId), isNull(certificates.revokedAt)))
        .orderBy(asc(certificates.issuedAt));
    },
    /** This school's published courses with units in any of the areas, that the learner has not enrolled in. */
    async coursesCovering(schoolId: number, userId: number, areas: string[], limit: number) {
      return db
        .select({ id: courses.id, name: courses.name, slug: courses.slug, mcleUnits: courses.mcleUnits })
        .from(courses)
        .where(
          and(
            eq(courses.schoolId, schoolId),
            eq(courses.isPublished, true),
            sql`${courses.mcleUnits} ?| ${sql.param(areas)}::text[]`,
            sql`not exists (select 1 from ${enrollments} e where e.course_id = ${courses.id} and e.user_id = ${userId})`,
          ),
        )
        .orderBy(asc(courses.name))
        .limit(limit);
    },
    /** This school's published bundles with a course that has units in any of the areas, with those courses' units. */
    async bundlesCovering(schoolId: number, areas: string[], limit: number) {
      return db
        .select({ id: bundles.id, name: bundles.name, slug: bundles.slug, units: sql<UnitsByArea[]>`jsonb_agg(${courses.mcleUnits})` })
        .from(bundles)
        .innerJoin(bundleCourses, eq(bundleCourses.bundleId, bundles.id))
        .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
        .where(and(eq(bundles.schoolId, schoolId), eq(bundles.isPublished, true), sql`${courses.mcleUnits} ?| ${sql.param(areas)}::text[]`))
        .groupBy(bundles.id)
        .orderBy(asc(bundles.name))
        .limit(limit);
    },
    /**
     * Enrolments whose certificate is due (certificateState, in SQL: finished, paid, signed at an MCLE school)
     * and missing.
     */
    async dueWithout(limit: number) {
      const rows = await db
        .select({ id: enrollments.id })
        .from(enrollments)
        .innerJoin(schools, eq(schools.id, enrollments.schoolId))
        .leftJoin(certificates, eq(certificates.enrollmentId, enrollments.id))
        .where(
          and(
            sql`${enrollments.progress} >= 100`,
            isNull(certificates.id),
            notInArray(enrollments.status, [...UNPAID_STATUSES]),
            sql`(not coalesce((${schools.products}->>'mcle')::boolean, false) or exists (select 1 from ${certificationSignatures} s where s.enrollment_id = ${enrollments.id}))`,
          ),
        )
        .orderBy(asc(enrollments.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    /** A course's enrolments (of a compliance period, or all) with the learner, certificate and signature. */
    async courseRecords(schoolId: number, courseId: number, compliancePeriodId: number | undefined) {
      return db
        .select({
          enrollment: enrollments,
          user: { email: users.email, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix },
          certificate: { code: certificates.code, issuedAt: certificates.issuedAt, revokedAt: certificates.revokedAt },
          signature: { fullName: certificationSignatures.fullName, signedAt: certificationSignatures.signedAt, ip: certificationSignatures.ip, userAgent: certificationSignatures.userAgent },
        })
        .from(enrollments)
        .innerJoin(users, eq(users.id, enrollments.userId))
        .leftJoin(certificates, eq(certificates.enrollmentId, enrollments.id))
        .leftJoin(certificationSignatures, eq(certificationSignatures.enrollmentId, enrollments.id))
        .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.courseId, courseId), compliancePeriodId ? eq(enrollments.compliancePeriodId, compliancePeriodId) : undefined))
        .orderBy(asc(enrollments.id));
    },
    /** Each courseware's completion time per enrolment: the progress timeline. */
    async timelines(enrollmentIds: number[]) {
      if (enrollmentIds.length === 0) return [];
      return db
        .select({ enrollmentId: coursewareProgress.enrollmentId, name: coursewares.name, openedAt: coursewareProgress.openedAt, completedAt: coursewareProgress.completedAt })
        .from(coursewareProgress)
        .innerJoin(coursewares, eq(coursewares.id, coursewareProgress.coursewareId))
        .where(inArray(coursewareProgress.enrollmentId, enrollmentIds))
        .orderBy(asc(coursewareProgress.openedAt));
    },
    /** The submitted exam and survey attempts per enrolment. */
    async examResults(enrollmentIds: number[]) {
      if (enrollmentIds.length === 0) return [];
      return db
        .select({ enrollmentId: examSubmissions.enrollmentId, exam: coursewares.name, attempt: examSubmissions.attempt, score: examSubmissions.totalScore, points: examSubmissions.totalPoints, passed: examSubmissions.passed, submittedAt: examSubmissions.submittedAt })
        .from(examSubmissions)
        .innerJoin(exams, eq(exams.id, examSubmissions.examId))
        .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
        .where(and(inArray(examSubmissions.enrollmentId, enrollmentIds), isNotNull(examSubmissions.submittedAt)))
        .orderBy(asc(examSubmissions.submittedAt));
    },
    async periodName(id: number) {
      const [row] = await db.select({ name: compliancePeriods.name }).from(compliancePeriods).where(eq(compliancePeriods.id, id)).limit(1);
      return row?.name;
    },
    async findEnrollment(schoolId: number, id: number) {
      const [row] = await db.select().from(enrollments).where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, id))).limit(1);
      return row;
    },
    async findSignature(enrollmentId: number) {
      const [row] = await db.select().from(certificationSignatures).where(eq(certificationSignatures.enrollmentId, enrollmentId)).limit(1);
      return row;
    },
    /** The signature, once per enrolment: a second one answers null. */
    async addSignature(values: typeof certificationSignatures.$inferInsert) {
      const [row] = await db.insert(certificationSignatures).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
  };
}
