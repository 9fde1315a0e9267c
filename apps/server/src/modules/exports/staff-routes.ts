import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { exportRequestSchema, staffExportSchema } from '@school/shared/staff/exports';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { exportService, presentExport } from './service';

/** Files made in the background: asked for from a list (its filters), listed, downloaded by their requester. */
export const exportStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const exports = exportService(app);

  app.post(
    '/exports/',
    {
      schema: {
        ...staffRoute,
        summary: "Asks for a file of a list or report with its filters (payments: payment.read; reports and the MCLE attendance report, CSV or PDF: report.read); a job makes it and the bell tells the requester",
        body: exportRequestSchema,
        response: { 202: staffExportSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return presentExport(await exports.request(staffContextOf(request), request.body));
    },
  );

  app.get(
    '/exports/',
    { schema: { ...staffRoute, summary: "The caller's exports at this school, newest first (the last 20)", response: { 200: z.array(staffExportSchema), ...errorResponses } } },
    async (request) => (await exports.list(staffContextOf(request))).map(presentExport),
  );

  app.get(
    '/exports/:id/',
    { schema: { ...staffRoute, summary: "One of the caller's exports (404 for anybody else's)", params: idParamsSchema, response: { 200: staffExportSchema, ...errorResponses } } },
    async (request) => presentExport(await exports.mine(staffContextOf(request), request.params.id)),
  );

  app.get(
    '/exports/:id/file/',
    { schema: { ...staffRoute, summary: 'The finished file (text/csv, or application/pdf for a PDF kind), to its requester only', params: idParamsSchema, produces: ['text/csv', 'application/pdf'] } },
    async (request, reply) => {
      const { bytes, name, contentType } = await exports.file(staffContextOf(request), request.params.id);
      return reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store').send(bytes);
    },
  );
};
