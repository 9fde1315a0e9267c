import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { rolePermissions } from '@school/shared/staff/permissions';
import { staffMeSchema } from '@school/shared/staff/schemas';
import { staffActor } from '../auth/actor';
import { staffRoute } from './route-schema';

export const staffMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/',
    { schema: { ...staffRoute, summary: "The caller's staff role and permissions at the site's school", response: { 200: staffMeSchema, ...errorResponses } } },
    async (request) => {
      const { staffRole: role } = staffActor(request);
      const { id, domain, name } = request.school;
      return { school: { id, domain, name }, role, permissions: [...rolePermissions[role]] };
    },
  );
};
