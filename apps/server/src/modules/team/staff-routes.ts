import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { newInvitationSchema, staffInvitationSchema, teamCourseSchema, teamCoursesSchema, teamMemberSchema, teamRoleChangeSchema } from '@school/shared/staff/team';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { detailSchema, staffRoute, versionedResponses } from '../staff/route-schema';
import { teamService } from './service';

const members = z.array(teamMemberSchema);
const invitations = z.array(staffInvitationSchema);
const refusals = { ...errorResponses, 409: detailSchema };

/** `/staff/team/` and `/staff/invitations/`: the school's administrators run its team. */
export const teamStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = teamService(app);

  app.get('/team/', { schema: { ...staffRoute, summary: "The school's administrators and instructors, with each instructor's courses", response: { 200: members, ...errorResponses } } }, async (request) =>
    team.members(staffContextOf(request)),
  );

  app.get(
    '/team/courses/',
    { schema: { ...staffRoute, summary: "The school's courses an instructor can be given, by name (archived last)", response: { 200: z.array(teamCourseSchema), ...errorResponses } } },
    async (request) => team.courses(staffContextOf(request)),
  );

  app.patch(
    '/team/:id/',
    {
      schema: {
        ...staffRoute,
        summary: "Changes a member's role (If-Match: the member's version); 409 when it would leave the school without an administrator",
        params: idParamsSchema,
        body: teamRoleChangeSchema,
        response: { 200: teamMemberSchema, ...versionedResponses(teamMemberSchema), 409: detailSchema },
      },
    },
    async (request, reply) => {
      const saved = await team.changeRole(staffContextOf(request), request.params.id, expectedVersion(request), request.body.role);
      return reply.header('etag', etagOf(saved.version)).send(saved);
    },
  );

  app.delete(
    '/team/:id/',
    { schema: { ...staffRoute, summary: 'Removes a member from the team (their account stays); 409 for the last administrator. Answers the team left', params: idParamsSchema, response: { 200: members, ...refusals } } },
    async (request) => {
      const ctx = staffContextOf(request);
      await team.remove(ctx, request.params.id);
      return team.members(ctx);
    },
  );

  app.put(
    '/team/:id/courses/',
    { schema: { ...staffRoute, summary: "Sets an instructor's courses at the school (the whole list)", params: idParamsSchema, body: teamCoursesSchema, response: { 200: teamMemberSchema, ...refusals } } },
    async (request) => team.setCourses(staffContextOf(request), request.params.id, request.body.courses),
  );

  app.get('/invitations/', { schema: { ...staffRoute, summary: 'Invitations sent and neither used nor taken back, the newest first', response: { 200: invitations, ...errorResponses } } }, async (request) =>
    team.invitations(staffContextOf(request)),
  );

  app.post(
    '/invitations/',
    { schema: { ...staffRoute, summary: 'Invites an address to the team as an administrator or an instructor (replaces its open invitation); the e-mail carries a link that works once, for 7 days', body: newInvitationSchema, response: { 201: staffInvitationSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await team.invite(staffContextOf(request), request.body)),
  );

  app.delete(
    '/invitations/:id/',
    { schema: { ...staffRoute, summary: 'Takes back an open invitation: its link stops working. Answers the invitations left', params: idParamsSchema, response: { 200: invitations, ...errorResponses } } },
    async (request) => {
      const ctx = staffContextOf(request);
      await team.revoke(ctx, request.params.id);
      return team.invitations(ctx);
    },
  );
};
