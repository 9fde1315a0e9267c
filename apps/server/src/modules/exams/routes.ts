import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { ANSWER_FILE_MAX_BYTES, examMessages as msg } from '@school/shared/exams/rules';
import { answerBodySchema, examSchema, gradeBodySchema, gradeParamsSchema, gradeResultSchema } from '@school/shared/exams/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import { DomainError, invalid } from '../../lib/errors';
import { auditContextOf } from '../audit/service';
import { signedInActor } from '../auth/actor';
import { examService } from './service';

/** Exams and surveys (spec 2 §7): an exam with the caller's attempt, start, answer, and staff grading. */
export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = examService(app);
  const tags = ['exams'];
  const security = [{ token: [] }];

  app.get(
    '/exams/:id/',
    { schema: { tags, security, summary: "An exam or survey with the caller's latest attempt; staff get the questions with their answers", params: idParamsSchema, response: { 200: examSchema, ...errorResponses } } },
    async (request) => service.view(signedInActor(request), request.school, request.params.id),
  );

  app.post(
    '/exams/:id/start/',
    { schema: { tags, security, summary: 'Start an attempt (or get the running one): dates, attempts and a passed exam are checked', params: idParamsSchema, response: { 200: examSchema, ...errorResponses } } },
    async (request) => service.start(signedInActor(request), request.school, request.params.id),
  );

  app.post(
    '/exam/questions/:id/submit/',
    {
      schema: {
        tags,
        security,
        summary: 'Save an answer of the running attempt (JSON, or multipart with the file as "answer" and "final"); with final the attempt is submitted and scored, once, within its time',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamsSchema,
        body: answerBodySchema.nullish(),
        response: { 200: examSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = signedInActor(request);
      if (!request.isMultipart()) {
        if (!request.body) throw invalid({ answer: msg.required });
        return service.answer(actor, request.school, request.params.id, request.body.answer, request.body.final ?? false);
      }
      // A file answer: multipart fields "answer" (the file) and "final".
      let file: { name: string; type: string; data: Buffer } | null = null;
      let final = false;
      try {
        for await (const part of request.parts({ limits: { fileSize: ANSWER_FILE_MAX_BYTES, files: 1, fields: 5 } })) {
          if (part.type === 'file' && part.fieldname === 'answer') file = { name: part.filename, type: part.mimetype, data: await part.toBuffer() };
          else if (part.type === 'file') await part.toBuffer(); // read and dropped: an unread file part never ends the request
          else if (part.fieldname === 'final') final = part.value === 'true';
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError(413, { answer: [msg.fileTooLarge] });
        throw invalid({ answer: msg.noFile });
      }
      return service.answerFile(actor, request.school, request.params.id, file, final);
    },
  );

  app.post(
    '/exam-submissions/:id/questions/:questionId/grade/',
    {
      schema: {
        tags,
        security,
        summary: "Staff of the school grade a written or file answer; the last grade settles the attempt and tells the student",
        params: gradeParamsSchema,
        body: gradeBodySchema,
        response: { 200: gradeResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = signedInActor(request);
      return service.grade(actor, request.school, request.params.id, request.params.questionId, request.body.score, request.body.feedback, auditContextOf(request, actor.userId));
    },
  );
};
