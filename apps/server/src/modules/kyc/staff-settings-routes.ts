import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { identitySettingsPatchSchema, identitySettingsSchema } from '@school/shared/staff/identity-settings';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffRoute, versionedResponses } from '../staff/route-schema';
import { identitySettingsService } from './staff-settings-service';

/** `/staff/identity-settings/`: the school's administrators set how its students' identity is checked. */
export const identitySettingsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = identitySettingsService(app);

  app.get(
    '/identity-settings/',
    {
      schema: {
        ...staffRoute,
        summary: "The kinds of ID students choose from (the primary one), how long photos are kept, and which courses take snapshots; the ETag is the school's version",
        response: { 200: identitySettingsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const current = await settings.get(staffContextOf(request));
      return reply.header('etag', etagOf(current.version)).send(current);
    },
  );

  app.patch(
    '/identity-settings/',
    {
      schema: {
        ...staffRoute,
        summary: 'Changes them at the version named in If-Match (412 if somebody saved the school since, 428 without it); a kind students have sent is renamed, never removed',
        body: identitySettingsPatchSchema,
        response: { 200: identitySettingsSchema, ...versionedResponses(identitySettingsSchema) },
      },
    },
    async (request, reply) => {
      const saved = await settings.update(staffContextOf(request), expectedVersion(request), request.body);
      return reply.header('etag', etagOf(saved.version)).send(saved);
    },
  );
};
