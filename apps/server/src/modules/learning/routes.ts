import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import {
  completionResultSchema,
  attendanceBodySchema,
  attendanceResultSchema,
  enrollmentCoursewareParamsSchema,
  problemReportBodySchema,
  problemReportResultSchema,
  joinClassBodySchema,
  joinClassResultSchema,
  coursewareSchema,
  notesBodySchema,
  notesResultSchema,
  progressBodySchema,
  progressResultSchema,
  startResultSchema,
  studyRecordSchema,
  videoAnswerBodySchema,
  videoAnswerResultSchema,
  attemptSchema,
} from '@school/shared/learning/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import { z } from 'zod';
import { auditContextOf } from '../audit/service';
import { signedInActor } from '../auth/actor';
import { learningService } from './service';

/** The course player's calls (spec 2 §7): open, save progress, complete, timer, notes, video questions. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = learningService(app);
  const tags = ['player'];
  const security = [{ token: [] }];

  app.get(
    '/coursewares/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Open a courseware: 403 with code locked and the courseware to go to when a student may not open it yet',
        params: idParamsSchema,
        response: { 200: coursewareSchema, ...errorResponses },
      },
    },
    async (request) => service.open(signedInActor(request), request.school, request.params.id),
  );

  app.post(
    '/progress/',
    {
      schema: {
        tags,
        security,
        summary: 'Save the second reached in a video or audio: only forward, and not faster than real time unless seeking is allowed',
        body: progressBodySchema,
        response: { 200: progressResultSchema, ...errorResponses },
      },
    },
    async (request) => service.saveProgress(signedInActor(request), request.school, request.body.courseware_id, request.body.seconds),
  );

  app.post(
    '/coursewares/:id/complete/',
    { schema: { tags, security, summary: 'Complete a courseware; a video or audio needs its watched time', params: idParamsSchema, response: { 200: completionResultSchema, ...errorResponses } } },
    async (request) => service.complete(signedInActor(request), request.school, request.params.id),
  );

  app.post(
    '/conference-rooms/join/',
    {
      schema: {
        tags,
        security,
        summary: 'Join a live class: from 15 minutes before its start until its end; answers the room to open',
        body: joinClassBodySchema,
        response: { 200: joinClassResultSchema, ...errorResponses },
      },
    },
    async (request) => service.joinClass(signedInActor(request), request.school, request.body.confRoomName),
  );

  app.post(
    '/conference-rooms/attendance/',
    {
      schema: {
        tags,
        security,
        summary: "Report presence in a live class's conference (joined, present every 30 s, left); enough presence completes it",
        body: attendanceBodySchema,
        response: { 200: attendanceResultSchema, ...errorResponses },
      },
    },
    async (request) => service.attend(signedInActor(request), request.school, request.body.code, request.body.event),
  );

  app.post(
    '/enrollments/:id/coursewares/:coursewareId/complete/',
    {
      schema: {
        tags,
        security,
        summary: "The school's administrators: mark a lesson complete for a student who cannot study it (recorded with who did it)",
        params: enrollmentCoursewareParamsSchema,
        response: { 200: completionResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = signedInActor(request);
      return service.completeFor(actor, request.school, request.params.id, request.params.coursewareId, auditContextOf(request, actor.userId));
    },
  );

  app.post(
    '/coursewares/:id/problems/',
    {
      schema: {
        tags,
        security,
        summary: "Report a lesson that cannot be studied (an outside player blocked, say): the school's administrators are told",
        params: idParamsSchema,
        body: problemReportBodySchema,
        response: { 200: problemReportResultSchema, ...errorResponses },
      },
    },
    async (request) => service.reportProblem(signedInActor(request), request.school, request.params.id, request.body.detail),
  );

  app.post(
    '/courses/:id/start/',
    { schema: { tags, security, summary: 'Start or resume a course; a timed attempt that ran out starts over with its progress reset', params: idParamsSchema, response: { 200: startResultSchema, ...errorResponses } } },
    async (request) => service.start(signedInActor(request), request.school, request.params.id),
  );

  app.post(
    '/courses/:id/end/',
    { schema: { tags, security, summary: "End the running attempt of a timed course (its timer reached zero)", params: idParamsSchema, response: { 200: z.object({ attempt: attemptSchema }), ...errorResponses } } },
    async (request) => service.end(signedInActor(request), request.school, request.params.id),
  );

  app.get(
    '/enrollments/:id/',
    { schema: { tags, security, summary: "The student's study record of a course: progress, completed coursewares, notes, timer", params: idParamsSchema, response: { 200: studyRecordSchema, ...errorResponses } } },
    async (request) => service.studyRecord(signedInActor(request), request.school, request.params.id),
  );

  app.patch(
    '/enrollments/:id/',
    { schema: { tags, security, summary: "Save the student's notes of an enrolment", params: idParamsSchema, body: notesBodySchema, response: { 200: notesResultSchema, ...errorResponses } } },
    async (request) => service.saveNotes(signedInActor(request), request.school, request.params.id, request.body.notes),
  );

  app.post(
    '/video-questions/:id/answer/',
    {
      schema: {
        tags,
        security,
        summary: 'Answer an interactive-video question; the correct answer comes back once the question is done',
        params: idParamsSchema,
        body: videoAnswerBodySchema,
        response: { 200: videoAnswerResultSchema, ...errorResponses },
      },
    },
    async (request) => service.answerVideoQuestion(signedInActor(request), request.school, request.params.id, request.body.answer),
  );
};
