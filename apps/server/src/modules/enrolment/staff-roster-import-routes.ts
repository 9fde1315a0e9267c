import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { IMPORT_MAX_BYTES, importOptionsSchema, importPlanSchema, importRunSchema } from '@school/shared/staff/roster-import';
import { badRequest } from '../../lib/errors';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { rosterImportService } from './staff-roster-import-service';

const importParams = idParamsSchema.extend({ import: z.coerce.number().int().positive().max(2147483647) });

/** A course's CSV import: the file is the request's body (text/csv), read as bytes so that its encoding is checked here. */
export const rosterImportStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = rosterImportService(app);
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
  const fileOf = (body: unknown) => {
    if (!Buffer.isBuffer(body)) throw badRequest('Send the CSV file as the body, with Content-Type: text/csv.', 'csv_required');
    return body;
  };

  app.post(
    '/courses/:id/students/import/',
    {
      schema: {
        ...staffRoute,
        summary:
          'Imports students from a CSV file (text/csv; columns email and class): with dry_run=true, what each line would do (invite, enrol, already enrolled, or why not); otherwise the import starts as a job (202) whose progress GET …/import/{import}/ reports',
        consumes: ['text/csv'],
        params: idParamsSchema,
        querystring: importOptionsSchema,
        response: { 200: importPlanSchema, 202: importRunSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = staffContextOf(request);
      const { dry_run: dryRun, as, note } = request.query;
      if (dryRun === 'true') return imports.dryRun(ctx, request.params.id, fileOf(request.body));
      reply.code(202);
      return imports.start(ctx, request.params.id, fileOf(request.body), { as, note });
    },
  );

  app.get(
    '/courses/:id/students/import/:import/',
    { schema: { ...staffRoute, summary: "An import's progress, counts and the lines it could not import", params: importParams, response: { 200: importRunSchema, ...errorResponses } } },
    async (request) => imports.status(staffContextOf(request), request.params.id, request.params.import),
  );
};
