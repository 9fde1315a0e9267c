import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, messageSchema } from '@school/shared/api/errors';
import { staffSignupSchema, tokenResponseSchema } from '@school/shared/auth/schemas';
import { publicInvitationSchema, teamMessages } from '@school/shared/staff/team';
import { auditContextOf } from '../audit/service';
import { requireUser } from '../auth/authenticate';
import { addressThrottle, throttle } from '../auth/throttle';
import { detailSchema } from '../staff/route-schema';
import { invitationService } from './invitation-service';

const tags = ['team'];
const params = z.object({ key: z.string().min(20).max(100).regex(/^[\w-]+$/) });
const refusals = { ...errorResponses, 409: detailSchema };

/** A team invitation's link on the school's site: what it offers, accepting it, or signing up through it. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = invitationService(app);
  const reads = addressThrottle(app, 'invitation', { max: 60, seconds: 60 });

  app.get(
    '/invitations/:key/',
    { preHandler: reads, schema: { tags, summary: "An invitation to the site's school's team: the role, the address and whether it can still be used", params, response: { 200: publicInvitationSchema, ...errorResponses } } },
    async (request) => invitations.show(request.params.key, request.school),
  );

  app.post(
    '/invitations/:key/accept/',
    {
      preHandler: reads,
      schema: { tags, security: [{ token: [] }], summary: 'The signed-in staff account of the invited address joins the team (once)', params, response: { 200: messageSchema, ...refusals } },
    },
    async (request) => {
      const user = requireUser(request);
      const { role } = await invitations.accept(request.params.key, request.school, user.id, auditContextOf(request, user.id));
      return { message: teamMessages.joined(request.school.name, role) };
    },
  );

  app.post(
    '/invitations/:key/signup/',
    {
      preHandler: throttle(app, 'invitation-signup'),
      schema: { tags, summary: 'A new staff account for the invited address, on the team at once; answers its session', params, body: staffSignupSchema, response: { 200: tokenResponseSchema, ...refusals } },
    },
    async (request) => invitations.signUp(request.params.key, request.school, request.body, auditContextOf(request, 0)),
  );
};
