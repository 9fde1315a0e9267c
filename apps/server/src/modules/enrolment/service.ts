import type { FastifyInstance } from 'fastify';
import { courseState, enrolmentMessages as msg, firstGate, gateRefusals, selfEnrollAllowed } from '@school/shared/catalogue/rules';
import type { z } from 'zod';
import type { bundleEnrollmentBodySchema, courseEnrollmentBodySchema } from '@school/shared/catalogue/schemas';
import { DomainError, badRequest, forbidden, invalid, notFound } from '../../lib/errors';
import { accountRepository } from '../account/repository';
import type { AuthUser } from '../auth/authenticate';
import { catalogueRepository } from '../catalogue/repository';
import { todayIn } from '../catalogue/presenter';
import type { SchoolRow } from '../tenancy/repository';
import { enrolmentRepository } from './repository';

type CourseBody = z.output<typeof courseEnrollmentBodySchema>;
type BundleBody = z.output<typeof bundleEnrollmentBodySchema>;

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
    if (step === 'not_student') throw forbidden(gateRefusals.not_student);
    if (step) throw badRequest(gateRefusals[step as Exclude<typeof step, 'login'>]);
    if (school.products.mcle) {
      if (!compliancePeriod) throw invalid({ compliance_period: msg.complianceRequired });
      if (!(await repo.compliancePeriodExists(compliancePeriod))) throw invalid({ compliance_period: msg.complianceRequired });
    }
    return account;
  }

  return {
    async enrolCourse(user: AuthUser, school: SchoolRow, body: CourseBody) {
      const found = await catalogue.findCourse(school.id, body.course);
      if (!found) throw notFound();
      const { course } = found;
      const account = await gate(user, school, course.requireKyc, body.compliance_period);
      if (!selfEnrollAllowed({ staff: false, directEnrollment: course.directEnrollment, allowedDomains: course.allowedDomains, email: account.user.email })) {
        throw badRequest(msg.selfEnrollNotAllowed);
      }
      if (courseState(course.dateStart, course.dateEnd, todayIn(school.timeZone)) === 'ended') throw badRequest(msg.courseEnded);

      let classFee: number | null = null;
      if (course.classEnrollmentOnly && !body.class) {
        throw (await repo.classCount(course.id)) === 0 ? badRequest(msg.noClasses) : invalid({ class: msg.classRequired });
      }
      if (body.class) {
        const cls = await repo.findClass(course.id, body.class);
        if (!cls) throw invalid({ class: msg.classRequired });
        classFee = cls.fee;
      }
      const price = classFee ?? course.fee;
      // A paid course is never enrolled as free; paying goes through the payment page.
      if (body.action === 'free' && price > 0) throw badRequest(msg.notFree);
      if (body.action === 'pay_later' && !course.allowPayLater) throw badRequest(msg.payLaterNotAllowed);

      const row = await repo.enrolCourse({
        userId: user.id,
        courseId: course.id,
        classId: body.class ?? null,
        compliancePeriodId: school.products.mcle ? (body.compliance_period ?? null) : null,
        status: body.action === 'free' ? 'free' : 'pay_later',
        startDate: course.dateStart,
      });
      if (!row) throw new DomainError(400, { detail: msg.alreadyEnrolled });
      return { id: row.id, status: row.status, course: course.id, date_start: course.dateStart };
    },

    async enrolBundle(user: AuthUser, school: SchoolRow, body: BundleBody) {
      const found = await catalogue.findBundle(school.id, body.bundle);
      if (!found) throw notFound();
      await gate(user, school, found.bundle.requireKyc, body.compliance_period);
      if (found.bundle.price > 0) throw badRequest(msg.notFree);
      const row = await repo.enrolBundle({ userId: user.id, bundleId: found.bundle.id, compliancePeriodId: school.products.mcle ? (body.compliance_period ?? null) : null, status: 'free' });
      if (!row) throw new DomainError(400, { detail: msg.alreadyEnrolled });
      return { id: row.id, status: row.status, bundle: found.bundle.id };
    },
  };
}
