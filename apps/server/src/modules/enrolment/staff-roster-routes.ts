import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { cancelEnrolmentSchema, enrolOnBehalfSchema, moveClassSchema, ROSTER_PAGE_SIZE, rosterEntrySchema, rosterExamSchema, rosterQuerySchema } from '@school/shared/staff/roster';
import { staffContextOf } from '../staff/context';
import { detailSchema, staffRoute } from '../staff/route-schema';
import { staffRosterService } from './staff-roster-service';

const enrolmentParams = idParamsSchema.extend({ enrolment: z.coerce.number().int().positive().max(2147483647) });
/** A roster write answers the enrolment's id and where it stands now; the page reads the roster again. */
const written = z.object({ id: z.number(), status: z.string(), class_id: z.number().nullable() });
const answer = (row: { id: number; status: string; classId: number | null }) => ({ id: row.id, status: row.status, class_id: row.classId });

/** A course's roster in the console: read by its staff, changed by those who manage enrolments. */
export const rosterStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const roster = staffRosterService(app);

  app.get(
    '/courses/:id/students/',
    {
      schema: {
        ...staffRoute,
        summary: "A course's enrolments, the latest first, with progress, class, status and last activity; search by name, e-mail or roll number, filter by standing or class",
        params: idParamsSchema,
        querystring: rosterQuerySchema,
        response: { 200: listSchema(rosterEntrySchema), ...errorResponses },
      },
    },
    async (request) => roster.list(staffContextOf(request), request.params.id, request.query, ROSTER_PAGE_SIZE),
  );

  app.post(
    '/courses/:id/students/',
    {
      schema: {
        ...staffRoute,
        summary: "Enrols a student (by their account's e-mail) on behalf of the school: free, marked paid with how, or to pay later; with a class and a compliance period; a cancelled enrolment is taken up again",
        params: idParamsSchema,
        body: enrolOnBehalfSchema,
        response: { 201: written, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return answer(await roster.enrol(staffContextOf(request), request.params.id, request.body));
    },
  );

  app.post(
    '/courses/:id/students/:enrolment/move/',
    { schema: { ...staffRoute, summary: 'Moves an enrolment to another class of the course (or out of any)', params: enrolmentParams, body: moveClassSchema, response: { 200: written, ...errorResponses } } },
    async (request) => answer(await roster.move(staffContextOf(request), request.params.id, request.params.enrolment, request.body.class)),
  );

  app.post(
    '/courses/:id/students/:enrolment/reset-timer/',
    { schema: { ...staffRoute, summary: "Clears a timed course's running attempt: the timer starts again at the student's next lesson", params: enrolmentParams, response: { 200: written, ...errorResponses } } },
    async (request) => answer(await roster.resetTimer(staffContextOf(request), request.params.id, request.params.enrolment)),
  );

  app.get(
    '/courses/:id/students/:enrolment/exams/',
    {
      schema: {
        ...staffRoute,
        summary: "The course's exams with this student's attempts (taken, of how many with the extra allowed, passed) and whether another attempt may be allowed",
        params: enrolmentParams,
        response: { 200: z.array(rosterExamSchema), ...errorResponses },
      },
    },
    async (request) => roster.exams(staffContextOf(request), request.params.id, request.params.enrolment),
  );

  app.post(
    '/courses/:id/students/:enrolment/exams/:exam/allow-attempt/',
    {
      schema: {
        ...staffRoute,
        summary: 'Allows the student one more attempt at an exam whose attempts they used without passing; their attempts and scores stay (409 when it may not: no limit, passed, waiting for a grade, attempts left)',
        params: enrolmentParams.extend({ exam: z.coerce.number().int().positive().max(2147483647) }),
        response: { 200: rosterExamSchema, 409: detailSchema, ...errorResponses },
      },
    },
    async (request) => roster.allowAttempt(staffContextOf(request), request.params.id, request.params.enrolment, request.params.exam),
  );

  app.post(
    '/courses/:id/students/:enrolment/cancel/',
    {
      schema: {
        ...staffRoute,
        summary: 'Ends an enrolment the school made or that was not paid for (with the reason the student reads); one bought is ended by refunding its payment',
        params: enrolmentParams,
        body: cancelEnrolmentSchema,
        response: { 200: written, ...errorResponses },
      },
    },
    async (request) => answer(await roster.cancel(staffContextOf(request), request.params.id, request.params.enrolment, request.body.reason)),
  );
};
