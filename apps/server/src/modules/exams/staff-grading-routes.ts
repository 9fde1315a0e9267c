import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { gradeBodySchema } from '@school/shared/exams/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import {
  answerParamsSchema,
  examAttemptSchema,
  examStatisticsSchema,
  GRADING_PAGE_SIZE,
  gradingAnswerSchema,
  gradingQuerySchema,
  RESULTS_PAGE_SIZE,
  resultsQuerySchema,
  waitingAnswerSchema,
} from '@school/shared/staff/grading';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffRoute, versionedResponses } from '../staff/route-schema';
import { gradingService } from './staff-grading-service';

/** The grading queue, one answer to grade (and regrade), and an exam's attempts and answer statistics. */
export const gradingStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const grading = gradingService(app);

  app.get(
    '/grading/',
    {
      schema: {
        ...staffRoute,
        summary: 'Written and file answers waiting for a grade, oldest first (an instructor: their courses only); filter by course, exam, student',
        querystring: gradingQuerySchema,
        response: { 200: listSchema(waitingAnswerSchema), ...errorResponses },
      },
    },
    async (request) => grading.queue(staffContextOf(request), request.query, GRADING_PAGE_SIZE),
  );

  app.get(
    '/grading/:id/questions/:questionId/',
    {
      schema: {
        ...staffRoute,
        summary: "One written or file answer of an attempt with its question, grade, the attempt's result and the certificate; the ETag is the answer's version",
        params: answerParamsSchema,
        response: { 200: gradingAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await grading.answer(staffContextOf(request), request.params.id, request.params.questionId);
      return reply.header('etag', etagOf(answer.version)).send(answer);
    },
  );

  app.put(
    '/grading/:id/questions/:questionId/',
    {
      schema: {
        ...staffRoute,
        summary:
          'Grades an answer at the version named in If-Match (412 with the answer as it now is if somebody graded it since, 428 without it); the last grade settles the attempt and tells the student. Changing a grade given is for administrators, audited; an issued certificate stays',
        params: answerParamsSchema,
        body: gradeBodySchema,
        response: { 200: gradingAnswerSchema, ...versionedResponses(gradingAnswerSchema) },
      },
    },
    async (request, reply) => {
      const version = expectedVersion(request);
      const saved = await grading.grade(staffContextOf(request), request.params.id, request.params.questionId, { ...request.body, version });
      return reply.header('etag', etagOf(saved.version)).send(saved);
    },
  );

  app.get(
    '/exams/:id/attempts/',
    { schema: { ...staffRoute, summary: "An exam's attempts, the latest first: student, score, status, time taken", params: idParamsSchema, querystring: resultsQuerySchema, response: { 200: listSchema(examAttemptSchema), ...errorResponses } } },
    async (request) => grading.attempts(staffContextOf(request), request.params.id, request.query.page, RESULTS_PAGE_SIZE),
  );

  app.get(
    '/exams/:id/statistics/',
    { schema: { ...staffRoute, summary: "How an exam's questions were answered over its submitted attempts: answers, average score, each choice's count", params: idParamsSchema, response: { 200: examStatisticsSchema, ...errorResponses } } },
    async (request) => grading.statistics(staffContextOf(request), request.params.id),
  );
};
