import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { STUDENTS_PAGE_SIZE, staffStudentDetailSchema, staffStudentQuerySchema, staffStudentSchema } from '@school/shared/staff/students';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { staffStudentService } from './staff-student-service';

/** The school's students in the console. */
export const studentStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const studentsList = staffStudentService(app);
  app.get(
    '/students/',
    {
      schema: {
        ...staffRoute,
        summary: "The school's students (enrolled in one of its courses or bundles; an instructor: their courses' students), the latest enrolled first; search by name, e-mail or roll number, or one course's",
        querystring: staffStudentQuerySchema,
        response: { 200: listSchema(staffStudentSchema), ...errorResponses },
      },
    },
    async (request) => studentsList.list(staffContextOf(request), request.query, STUDENTS_PAGE_SIZE),
  );

  app.get(
    '/students/:id/',
    {
      schema: {
        ...staffRoute,
        summary: "A student's page: profile and MCLE profile (read only), their latest identity check, enrolments with progress, status and certificate, bundles",
        params: idParamsSchema,
        response: { 200: staffStudentDetailSchema, ...errorResponses },
      },
    },
    async (request) => studentsList.get(staffContextOf(request), request.params.id),
  );
};
