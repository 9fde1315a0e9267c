import type { FastifyPluginAsync } from 'fastify';
import { auditStaffRoutes } from '../audit/staff-routes';
import { staffActor } from '../auth/actor';
import { bundleStaffRoutes } from '../catalogue/staff-bundle-routes';
import { certificateStaffRoutes } from '../certificates/staff-routes';
import { coursePackageStaffRoutes } from '../course-packages/staff-routes';
import { classStaffRoutes } from '../catalogue/staff-class-routes';
import { categoryStaffRoutes } from '../catalogue/staff-category-routes';
import { outlineStaffRoutes } from '../catalogue/staff-outline-routes';
import { catalogueStaffRoutes } from '../catalogue/staff-routes';
import { gradingStaffRoutes } from '../exams/staff-grading-routes';
import { forumStaffRoutes } from '../forum/staff-routes';
import { rosterImportStaffRoutes } from '../enrolment/staff-roster-import-routes';
import { rosterStaffRoutes } from '../enrolment/staff-roster-routes';
import { studentStaffRoutes } from '../enrolment/staff-student-routes';
import { examStaffRoutes } from '../exams/staff-routes';
import { exportStaffRoutes } from '../exports/staff-routes';
import { identitySettingsStaffRoutes } from '../kyc/staff-settings-routes';
import { learningStaffRoutes } from '../learning/staff-routes';
import { messageStaffRoutes } from '../messages/staff-routes';
import { paymentStaffRoutes } from '../payments/staff-routes';
import { transactionStaffRoutes } from '../payments/staff-transaction-routes';
import { reportStaffRoutes } from '../reports/staff-routes';
import { teamStaffRoutes } from '../team/staff-routes';
import { schoolStaffRoutes } from '../tenancy/staff-school-routes';
import { uploadStaffRoutes } from '../uploads/staff-routes';
import { staffMeRoutes } from './me-routes';

/**
 * `/api/v1/staff/...`: every staff route of every module, behind one hook that refuses anybody without a staff
 * role at the site's school (401 nobody logged in, 403 a student). The routes' own policies then ask for the
 * permission each action needs.
 */
export const staffScope: FastifyPluginAsync = async (staff) => {
  staff.addHook('onRequest', async (request) => {
    staffActor(request);
  });
  await staff.register(staffMeRoutes);
  await staff.register(auditStaffRoutes);
  await staff.register(catalogueStaffRoutes);
  await staff.register(outlineStaffRoutes);
  await staff.register(categoryStaffRoutes);
  await staff.register(bundleStaffRoutes);
  await staff.register(classStaffRoutes);
  await staff.register(coursePackageStaffRoutes);
  await staff.register(uploadStaffRoutes);
  await staff.register(examStaffRoutes);
  await staff.register(gradingStaffRoutes);
  await staff.register(learningStaffRoutes);
  await staff.register(paymentStaffRoutes);
  await staff.register(transactionStaffRoutes);
  await staff.register(studentStaffRoutes);
  await staff.register(rosterStaffRoutes);
  await staff.register(rosterImportStaffRoutes);
  await staff.register(exportStaffRoutes);
  await staff.register(reportStaffRoutes);
  await staff.register(messageStaffRoutes);
  await staff.register(schoolStaffRoutes);
  await staff.register(teamStaffRoutes);
  await staff.register(identitySettingsStaffRoutes);
  await staff.register(certificateStaffRoutes);
  await staff.register(forumStaffRoutes);
};
