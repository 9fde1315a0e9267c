import type { FastifyInstance } from 'fastify';
import type { EnrolmentErrorCode } from '@school/shared/catalogue/enrolment-errors';
import { courseState, enrolmentMessages as msg, firstGate, gateCodes, gateRefusals, selfEnrolBlock, selfEnrolRefusal } from '@school/shared/catalogue/rules';
import type { z } from 'zod';
import type { bundleEnrollmentBodySchema, courseEnrollmentBodySchema } from '@school/shared/catalogue/schemas';
import { isSelectablePeriod } from '@school/shared/lookups/compliance-periods';
import { todayIn } from '@school/shared/school/dates';
import type { Db } from '../../db/client';
import { badRequest, invalid, notFound } from '../../lib/errors';
import { accountService } from '../account/service';
import type { SignedInActor } from '../auth/actor';
import { bundlePolicy, coursePolicy } from '../catalogue/policy';
import { catalogueService } from '../catalogue/service';
import { recordEvent } from '../events/service';
import { kycService } from '../kyc/service';
import type { SchoolRow } from '../tenancy/repository';
import { enrolmentRepository } from './repository';

type CourseBody = z.output<typeof courseEnrollmentBodySchema>;
type BundleBody = z.output<typeof bundleEnrollmentBodySchema>;

/** Every refusal carries its code (packages/shared), so the page never matches message texts. */
const refuse = (detail: string, code: EnrolmentErrorCode) => badRequest(detail, code);
const refuseField = (field: string, message: string, code: EnrolmentErrorCode) => invalid({ [field]: message }, code);

export function enrolmentService(app: FastifyInstance) {
  const accounts = accountService(app);
  const catalogue = catalogueService(app);
  const repo = enrolmentRepository(app.db);

  /** Steps 4 to 7 of spec 2 §4 (login and the student check are the policy's), enforced whatever the page did. */
  const kyc = kycService(app);

  async function gate(userId: number, school: SchoolRow, requireKyc: boolean, compliancePeriod: number | null | undefined, periodRequired = true) {
    const account = await accounts.findAccount(userId);
    if (!account) throw notFound();
    const step = firstGate({
      loggedIn: true,
      // coursePolicy/bundlePolicy have already let this account enrol.
      mayEnrol: true,
      isVerified: account.user.isVerified,
      step: account.student?.step ?? null,
      infoSubmitted: account.student?.infoSubmitted ?? false,
      mcle: school.products.mcle,
      kyc: school.products.kyc,
      requireKyc,
      kycVerified: requireKyc && school.products.kyc && (await kyc.verified(userId, school)),
    });
    if (step && step !== 'login') throw refuse(gateRefusals[step], gateCodes[step]);
    if (school.products.mcle && periodRequired) {
      const period = compliancePeriod ? await repo.findCompliancePeriod(compliancePeriod) : undefined;
      if (!period) throw refuseField('compliance_period', msg.complianceRequired, 'compliance_period_required');
      // Units can only be earned for the current or a later period.
      if (!isSelectablePeriod({ date_start: period.dateStart, date_end: period.dateEnd }, todayIn(school.timeZone))) {
        throw refuseField('compliance_period', msg.compliancePeriodEnded, 'compliance_period_ended');
      }
    }
    return account;
  }

  return {
    /**
     * Every check of a course enrolment before anything is written (spec 2 §4): the course of this school, the
     * policy, the gates, direct enrolment, dates and class. Paying a pay-later enrolment needs no new period.
     */
    async checkCourse(actor: SignedInActor, school: SchoolRow, body: { course: number; class?: number | null; compliance_period?: number | null }, periodRequired = true) {
      const found = await catalogue.findCourse(school.id, body.course);
      if (!found) throw notFound();
      const { course } = found;
      coursePolicy.authorize(actor, 'enrol', course);
      const account = await gate(actor.userId, school, course.requireKyc, body.compliance_period, periodRequired);
      const block = selfEnrolBlock({ directEnrollment: course.directEnrollment, allowedDomains: course.allowedDomains, email: account.user.email });
      if (block) throw refuse(selfEnrolRefusal(block, course.allowedDomains), block);
      if (courseState(course.dateStart, course.dateEnd, todayIn(school.timeZone)) === 'ended') throw refuse(msg.courseEnded, 'course_ended');
      if (course.classEnrollmentOnly && !body.class) {
        throw (await repo.classCount(course.id)) === 0 ? refuse(msg.noClasses, 'no_classes') : refuseField('class', msg.classRequired, 'class_required');
      }
      const cls = body.class ? await repo.findClass(course.id, body.class) : null;
      if (body.class && !cls) throw refuseField('class', msg.classRequired, 'class_required');
      return { course, cls, price: cls ? cls.fee : course.fee };
    },

    /** The bundle of this school, the policy and the gates. */
    async checkBundle(actor: SignedInActor, school: SchoolRow, body: { bundle: number; compliance_period?: number | null }) {
      const found = await catalogue.findBundle(school.id, body.bundle);
      if (!found) throw notFound();
      bundlePolicy.authorize(actor, 'enrol', found.bundle);
      await gate(actor.userId, school, found.bundle.requireKyc, body.compliance_period);
      return found.bundle;
    },

    /** The course of a class at this school (a class variant is bought by its id). */
    courseOfClass: (school: SchoolRow, classId: number) => repo.findClassAt(school.id, classId),

    async enrolCourse(actor: SignedInActor, school: SchoolRow, body: CourseBody) {
      const { course, price } = await this.checkCourse(actor, school, body);
      // A paid course is never enrolled as free; paying goes through the payment page.
      if (body.action === 'free' && price > 0) throw refuse(msg.notFree, 'not_free');
      if (body.action === 'pay_later' && !course.allowPayLater) throw refuse(msg.payLaterNotAllowed, 'pay_later_not_allowed');

      // The enrolment and its event in one transaction.
      const row = await app.db.transaction(async (tx) => {
        const enrolled = await enrolmentRepository(tx).enrolCourse({
          userId: actor.userId,
          schoolId: school.id,
          courseId: course.id,
          classId: body.class ?? null,
          compliancePeriodId: school.products.mcle ? (body.compliance_period ?? null) : null,
          status: body.action === 'free' ? 'free' : 'pay_later',
          startDate: course.dateStart,
        });
        if (enrolled) {
          const data = { courseId: course.id, classId: enrolled.classId, status: enrolled.status };
          await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'enrolment.course', subjectId: enrolled.id, data });
        }
        return enrolled;
      });
      if (!row) throw refuse(msg.alreadyEnrolled, 'already_enrolled');
      return { id: row.id, status: row.status, course: course.id, date_start: course.dateStart };
    },

    async enrolBundle(actor: SignedInActor, school: SchoolRow, body: BundleBody) {
      const bundle = await this.checkBundle(actor, school, body);
      if (bundle.price > 0) throw refuse(msg.notFree, 'not_free');
      const row = await app.db.transaction(async (tx) => {
        const enrolled = await enrolmentRepository(tx).enrolBundle({ userId: actor.userId, schoolId: school.id, bundleId: bundle.id, compliancePeriodId: school.products.mcle ? (body.compliance_period ?? null) : null, status: 'free' });
        if (enrolled) {
          const data = { bundleId: bundle.id, status: enrolled.status };
          await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'enrolment.bundle', subjectId: enrolled.id, data });
        }
        return enrolled;
      });
      if (!row) throw refuse(msg.alreadyEnrolled, 'already_enrolled');
      return { id: row.id, status: row.status, bundle: bundle.id };
    },
  };
}

/**
 * What a payment does to enrolments, inside the payment's own transaction (payments/service.ts): the enrolment
 * follows its transaction's status (spec 3 §4).
 */
export function paymentEnrolments(tx: Db) {
  const repo = enrolmentRepository(tx);
  return {
    findCourse: repo.findCourseEnrolment,
    findBundle: repo.findBundleEnrolment,
    lockCourse: repo.lockCourseEnrolment,
    lockBundle: repo.lockBundleEnrolment,
    bundleMembers: repo.bundleMembers,
    enrolCourse: repo.enrolCourse,
    enrolBundle: repo.enrolBundle,
    setCourseStatus: repo.setCourseStatus,
    setBundleStatus: repo.setBundleStatus,
    removeCourseAwaiting: repo.removeCourseAwaiting,
    removeBundleAwaiting: repo.removeBundleAwaiting,
    cancelCourse: repo.cancelCourse,
    cancelBundle: repo.cancelBundle,
  };
}
