import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { serverMessages } from '@school/shared/auth/messages';
import {
  newSchoolHostSchema,
  newSchoolSchema,
  platformSchoolPatchSchema,
  platformSchoolQuerySchema,
  platformSchoolSchema,
  schoolHostParamsSchema,
  schoolHostPatchSchema,
  schoolHostSchema,
} from '@school/shared/platform/schools';
import { idParamsSchema } from '@school/shared/school/schemas';
import { etagOf } from '@school/shared/staff/versions';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors';
import { expectedVersion } from '../../lib/versions';
import { auditContextOf } from '../audit/service';
import { signedInActor } from '../auth/actor';
import { versionedResponses } from '../staff/route-schema';
import { hostName } from '../tenancy/resolve-domain';
import { platformService, type PlatformContext } from './service';

const route = { tags: ['platform'], security: [{ token: [] }] };
const hosts = z.array(schoolHostSchema);

/**
 * `/api/v1/admin/...`: the platform's console. It serves no school (`config.school` false), answers only on the
 * platform's own host (404 elsewhere, as if it did not exist), and only to its administrators (SU).
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = platformService(app);
  app.addHook('onRoute', (options) => {
    options.config = { ...options.config, school: false };
  });
  app.addHook('onRequest', async (request) => {
    if (hostName(request.host) !== app.config.PLATFORM_HOST) throw notFound();
    if (signedInActor(request).role !== 'SU') throw forbidden(serverMessages.permissionDenied);
  });
  const contextOf = (request: Parameters<typeof signedInActor>[0]): PlatformContext => {
    const actor = signedInActor(request);
    return { actor, audit: auditContextOf(request, actor.userId) };
  };

  app.get(
    '/schools/',
    { schema: { ...route, summary: 'Every school by name with its counts; search words of the name or domain; state all, active or inactive', querystring: platformSchoolQuerySchema, response: { 200: listSchema(platformSchoolSchema), ...errorResponses } } },
    async (request) => platform.list(contextOf(request), request.query),
  );

  app.post(
    '/schools/',
    { schema: { ...route, summary: 'Creates a school (name, domain, products) and invites its first administrator by e-mail', body: newSchoolSchema, response: { 201: platformSchoolSchema, ...errorResponses } } },
    async (request, reply) => {
      const created = await platform.create(contextOf(request), request.body);
      return reply.code(201).header('etag', etagOf(created.version)).send(created);
    },
  );

  app.get(
    '/schools/:id/',
    { schema: { ...route, summary: 'A school with its counts; the ETag is its version', params: idParamsSchema, response: { 200: platformSchoolSchema, ...errorResponses } } },
    async (request, reply) => {
      const school = await platform.get(contextOf(request), request.params.id);
      return reply.header('etag', etagOf(school.version)).send(school);
    },
  );

  app.patch(
    '/schools/:id/',
    {
      schema: {
        ...route,
        summary: "Changes a school's name or products, or deactivates it (its site then says it is not available; nothing is deleted) or opens it again; If-Match: its version",
        params: idParamsSchema,
        body: platformSchoolPatchSchema,
        response: { 200: platformSchoolSchema, ...versionedResponses(platformSchoolSchema) },
      },
    },
    async (request, reply) => {
      const saved = await platform.update(contextOf(request), request.params.id, expectedVersion(request), request.body);
      return reply.header('etag', etagOf(saved.version)).send(saved);
    },
  );

  app.get(
    '/schools/:id/domains/',
    { schema: { ...route, summary: "The host names a school answers on besides its platform address, the primary one first", params: idParamsSchema, response: { 200: hosts, ...errorResponses } } },
    async (request) => platform.hosts(contextOf(request), request.params.id),
  );

  app.post(
    '/schools/:id/domains/',
    { schema: { ...route, summary: 'Gives a school a host name (refused: taken by another school, one of the platform’s own, not a host name); answers its host names', params: idParamsSchema, body: newSchoolHostSchema, response: { 201: hosts, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await platform.addHost(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/schools/:id/domains/:hostId/',
    { schema: { ...route, summary: "Makes a host name the school's primary one, which its e-mails link to (or no longer); answers its host names", params: schoolHostParamsSchema, body: schoolHostPatchSchema, response: { 200: hosts, ...errorResponses } } },
    async (request) => platform.setPrimary(contextOf(request), request.params.id, request.params.hostId, request.body.is_primary),
  );

  app.delete(
    '/schools/:id/domains/:hostId/',
    { schema: { ...route, summary: 'Takes a host name from a school; answers its host names', params: schoolHostParamsSchema, response: { 200: hosts, ...errorResponses } } },
    async (request) => platform.removeHost(contextOf(request), request.params.id, request.params.hostId),
  );
};
