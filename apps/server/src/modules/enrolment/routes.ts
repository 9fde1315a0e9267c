import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import {
  bundleEnrollmentBodySchema,
  bundleEnrollmentResultSchema,
  courseEnrollmentBodySchema,
  courseEnrollmentResultSchema,
  myEnrollmentListSchema,
  myEnrollmentQuerySchema,
} from '@school/shared/catalogue/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import { publicUrlOf } from '../../infra/storage/storage';
import { pageOf } from '../../lib/pagination';
import { accountAccess } from '../account/access';
import { signedInActor } from '../auth/actor';
import { schoolUrl } from '../tenancy/resolve-domain';
import { enrolmentRepository } from './repository';
import { enrolmentService } from './service';

export const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = enrolmentService(app);
  const repo = enrolmentRepository(app.db);
  const accounts = accountAccess(app.db);
  const tags = ['enrolment'];
  const security = [{ token: [] }];

  app.post(
    '/student/enrollment/',
    {
      schema: {
        tags,
        security,
        summary: 'Enrol in a course for free or pay later; the gates of spec 2 §4 are checked here',
        body: courseEnrollmentBodySchema,
        response: { 201: courseEnrollmentResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.enrolCourse(signedInActor(request), request.school, request.body);
      reply.code(201);
      return result;
    },
  );

  app.post(
    '/enrollment/bundle/',
    {
      schema: {
        tags,
        security,
        summary: 'Enrol in a free bundle: the bundle and every course of it, in one transaction',
        body: bundleEnrollmentBodySchema,
        response: { 201: bundleEnrollmentResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.enrolBundle(signedInActor(request), request.school, request.body);
      reply.code(201);
      return result;
    },
  );

  app.get(
    '/students/:id/enrollments/',
    { schema: { tags, security, summary: "The caller's enrolments at every school (My Courses)", params: idParamsSchema, querystring: myEnrollmentQuerySchema, response: { 200: myEnrollmentListSchema, ...errorResponses } } },
    async (request) => {
      const account = await accounts.byStudentId(signedInActor(request), request.params.id, 'view');
      const q = request.query;
      const { rows, total } = await repo.listMine(account.user.id, q);
      return pageOf(
        rows.map((r) => ({
          id: r.enrollment.id,
          progress: r.enrollment.progress,
          status: r.enrollment.status,
          date_enrolled: r.enrollment.dateEnrolled.toISOString(),
          course: {
            id: r.course.id,
            name: r.course.name,
            image: publicUrlOf(app.storage, r.course.image),
            school_name: r.school.name,
            course_detail_link: schoolUrl(app.config.SCHOOL_URL_TEMPLATE, r.school, `/course/${r.course.slug}`),
          },
        })),
        total,
        q.page,
        q.perpage,
      );
    },
  );
};
