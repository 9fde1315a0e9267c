import type { FastifyInstance } from 'fastify';
import type { EnrolmentErrorCode } from '@school/shared/catalogue/enrolment-errors';
import { courseState, enrolmentMessages as msg, firstGate, gateCodes, gateRefusals, selfEnrolBlock, selfEnrolRefusal } from '@school/shared/catalogue/rules';
import type { z } from 'zod';
import type { bundleEnrollmentBodySchema, courseEnrollmentBodySchema } from '@school/shared/catalogue/schemas';
import { isSelectablePeriod } from '@school/shared/lookups/compliance-periods';
import { todayIn } from '@school/shared/school/today';
import { badRequest, forbidden, invalid, notFound } from '../../lib/errors';
import { accountRepository } from '../account/repository';
import type { AuthUser } from '../auth/authenticate';
import { catalogueRepository } from '../catalogue/repository';
import type { SchoolRow } from '../tenancy/repository';
import { enrolmentRepository } from './repository';

type CourseBody = z.output<typeof courseEnrollmentBodySchema>;
type BundleBody = z.output<typeof bundleEnrollmentBodySchema>;

/** Every refusal carries its code (packages/shared), so the page never matches message texts. */
const refuse = (detail: string, code: EnrolmentErrorCode) => badRequest(detail, code);
const refuseField = (field: string, message: string, code: EnrolmentErrorCode) => invalid({ [field]: message }, code);

export function enrolmentService(app: FastifyInstance) {
  const accounts = accountRepository(app.db);
  const catalogue = catalogueRepository(app.db);
  const repo = enrolmentRepository(app.db);

  /** Steps 2 to 7 of spec 2 §4, enforced here whatever the page did. */
  async function gate(user: AuthUser, school: SchoolRow, requireKyc: boolean, compliancePeriod: number | null | undefined) {
    const account = await accounts.findByUserId(user.id);
    if (!account) throw notFound();
    const step = firstGate({
      loggedIn: true,
      role: account.user.role,
      isVerified: account.user.isVerified,
      step: account.student?.step ?? null,
      infoSubmitted: account.student?.infoSubmitted ?? false,
      mcle: school.products.mcle,
      requireKyc,
      // Identity verification arrives with the KYC work; until then nobody has a verified ID.
      kycVerified: false,
    });
    if (step === 'not_student') throw forbidden(gateRefusals.not_student, gateCodes.not_student);
    if (step && step !== 'login') throw refuse(gateRefusals[step], gateCodes[step]);
    if (school.products.mcle) {
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
    async enrolCourse(user: AuthUser, school: SchoolRow, body: CourseBody) {
      const found = await catalogue.findCourse(school.id, body.course);
      if (!found) throw notFound();
      const { course } = found;
      const account = await gate(user, school, course.requireKyc, body.compliance_period);
      const block = selfEnrolBlock({ directEnrollment: course.directEnrollment, allowedDomains: course.allowedDomains, email: account.user.email });
      if (block) throw refuse(selfEnrolRefusal(block, course.allowedDomains), block);
      if (courseState(course.dateStart, course.dateEnd, todayIn(school.timeZone)) === 'ended') throw refuse(msg.courseEnded, 'course_ended');

      let classFee: number | null = null;
      if (course.classEnrollmentOnly && !body.class) {
        throw (await repo.classCount(course.id)) === 0 ? refuse(msg.noClasses, 'no_classes') : refuseField('class', msg.classRequired, 'class_required');
      }
      if (body.class) {
        const cls = await repo.findClass(course.id, body.class);
        if (!cls) throw refuseField('class', msg.classRequired, 'class_required');
        classFee = cls.fee;
      }
      const price = classFee ?? course.fee;
      // A paid course is never enrolled as free; paying goes through the payment page.
      if (body.action === 'free' && price > 0) throw refuse(msg.notFree, 'not_free');
      if (body.action === 'pay_later' && !course.allowPayLater) throw refuse(msg.payLaterNotAllowed, 'pay_later_not_allowed');

      const row = await repo.enrolCourse({
        userId: user.id,
        courseId: course.id,
        classId: body.class ?? null,
        compliancePeriodId: school.products.mcle ? (body.compliance_period ?? null) : null,
        status: body.action === 'free' ? 'free' : 'pay_later',
        startDate: course.dateStart,
      });
      if (!row) throw refuse(msg.alreadyEnrolled, 'already_enrolled');
      return { id: row.id, status: row.status, course: course.id, date_start: course.dateStart };
    },

    async enrolBundle(user: AuthUser, school: SchoolRow, body: BundleBody) {
      const found = await catalogue.findBundle(school.id, body.bundle);
      if (!found) throw notFound();
      await gate(user, school, found.bundle.requireKyc, body.compliance_period);
      if (found.bundle.price > 0) throw refuse(msg.notFree, 'not_free');
      const row = await repo.enrolBundle({ userId: user.id, bundleId: found.bundle.id, compliancePeriodId: school.products.mcle ? (body.compliance_period ?? null) : null, status: 'free' });
      if (!row) throw refuse(msg.alreadyEnrolled, 'already_enrolled');
      return { id: row.id, status: row.status, bundle: found.bundle.id };
    },
  };
}
