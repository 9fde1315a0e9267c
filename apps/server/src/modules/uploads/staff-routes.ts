import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { uploadStatusSchema } from '@school/shared/staff/uploads';
import { SERVER_ERROR } from '../../lib/errors';
import { loggableError } from '../../lib/log-redaction';
import { staffContextOf, type StaffContext } from '../staff/context';
import { uploadService } from './service';
import { staffRoute } from '../staff/route-schema';

const uploadParams = z.object({ id: z.string().max(64) });

/**
 * `/staff/uploads/`: the tus protocol (creation, HEAD, PATCH, DELETE) handed to @tus/server with the raw
 * request, in a scope that leaves every body unread (tus streams it into the storage); and GET `{id}/`, where
 * the upload stands.
 */
export const uploadStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = uploadService(app);

  const tus: FastifyPluginAsync = async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    /**
     * tus answers by itself on the raw response, once the route's own checks have passed. Fastify no longer
     * answers for a hijacked reply, so a failure here is answered here: 500 in the API's shape, or, with the
     * answer begun, the connection closed (the sender resumes from HEAD).
     */
    const handOver = async (request: FastifyRequest, reply: FastifyReply, ctx: StaffContext, uploadId: string | null) => {
      reply.hijack();
      try {
        await uploads.handle(ctx, request.raw, reply.raw, uploadId);
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'upload failed');
        if (reply.raw.headersSent) return void reply.raw.destroy();
        reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        reply.raw.end(JSON.stringify({ detail: SERVER_ERROR }));
      }
    };
    scope.post('/uploads/', { schema: { ...staffRoute, summary: 'tus creation: Upload-Length, Upload-Metadata (filename, filetype); answers 201 with Location' } }, async (request, reply) => {
      const ctx = staffContextOf(request);
      uploads.mayCreate(ctx);
      await handOver(request, reply, ctx, null);
    });
    const resume = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const ctx = staffContextOf(request);
      const row = await uploads.mine(ctx, request.params.id, request.method === 'DELETE' ? 'cancel' : 'read');
      await handOver(request, reply, ctx, row.id);
    };
    // HEAD before GET's route: Fastify would otherwise answer HEAD with the status GET below.
    scope.head('/uploads/:id', { schema: { ...staffRoute, summary: 'tus: the offset to resume from', params: uploadParams } }, resume);
    scope.patch('/uploads/:id', { schema: { ...staffRoute, summary: 'tus: more bytes at Upload-Offset (application/offset+octet-stream)', params: uploadParams } }, resume);
    scope.delete('/uploads/:id', { schema: { ...staffRoute, summary: 'tus termination of an upload still receiving', params: uploadParams } }, resume);
  };
  await app.register(tus);

  app.get(
    '/uploads/:id/',
    { exposeHeadRoute: false, schema: { ...staffRoute, summary: 'Where an upload stands: receiving, processing, ready (with what the probe found) or failed', params: uploadParams, response: { 200: uploadStatusSchema, ...errorResponses } } },
    async (request) => uploads.status(staffContextOf(request), request.params.id),
  );
};
