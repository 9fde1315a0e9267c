import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { serverMessages } from '@school/shared/auth/messages';
import { socialLoginBodySchema, socialProviderSchema, socialSignupBodySchema, tokenResponseSchema } from '@school/shared/auth/schemas';
import { newKey } from '../../lib/crypto';
import { formError, invalid } from '../../lib/errors';
import type { Actor } from '../../lib/policy';
import { actorOf } from '../auth/actor';
import { authService } from '../auth/service';
import { throttle } from '../auth/throttle';
import type { SchoolRow } from '../tenancy/repository';
import { providerPolicy } from './policy';
import { socialRepository } from './repository';
import { facebookVerifier, googleVerifier, type SocialIdentity } from './verify';
import { isUniqueViolation } from '../../lib/db-errors';

const providerParams = z.object({ provider: socialProviderSchema });

/** Social sign-in (spec 1 §7): login finds the linked or same-address account; sign-up creates a student. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService(app);
  const links = socialRepository(app.db);
  const verifiers = { google: googleVerifier(app.config), facebook: facebookVerifier(app.config) };

  /** The person the provider vouches for, where the platform and this school have the provider on. */
  async function identify(actor: Actor, provider: 'google' | 'facebook', token: string | undefined, school: SchoolRow) {
    const verify = verifiers[provider];
    providerPolicy.authorize(actor, 'sign_in', { schoolId: school.id, provider, configured: Boolean(verify), products: school.products });
    const identity = token && verify ? await verify(token) : null;
    if (!identity) throw formError(serverMessages.socialTokenInvalid);
    return identity;
  }

  async function existingUser(identity: SocialIdentity) {
    const linked = await links.findUser(identity.provider, identity.subject);
    if (linked) return linked;
    // The provider vouches for the address, so the account that uses it is the same person.
    const byEmail = await auth.findUserByEmail(identity.email);
    if (byEmail) await links.linkByEmail(identity.provider, identity.subject, byEmail);
    return byEmail;
  }

  app.post(
    '/account/login/:provider/',
    {
      preHandler: throttle(app, 'social-login'),
      schema: { tags: ['auth'], summary: 'Log in with a Google ID token or a Facebook access token', params: providerParams, body: socialLoginBodySchema, response: { 200: tokenResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const school = request.school;
      const identity = await identify(actorOf(request), request.params.provider, request.body.id_token ?? request.body.access_token, school);
      const user = await existingUser(identity);
      if (!user) throw formError('No account uses this sign-in yet. Please sign up first.');
      return auth.issueToken(user, request.body.remember_me ?? false);
    },
  );

  app.post(
    '/account/signup/:provider/',
    {
      preHandler: throttle(app, 'social-signup'),
      schema: { tags: ['auth'], summary: 'Create a student account from a social sign-in (or log in if it exists)', params: providerParams, body: socialSignupBodySchema, response: { 200: tokenResponseSchema, 201: tokenResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const school = request.school;
      if (request.body.school_id !== school.id) throw invalid({ school_id: 'Invalid school.' });
      const identity = await identify(actorOf(request), request.params.provider, request.body.token, school);
      const existing = await existingUser(identity);
      if (existing) return auth.issueToken(existing, true);
      const base = identity.email.split('@')[0]!.replace(/[^\w.+-]/g, '').slice(0, 120) || 'student';
      const taken = await auth.usernameOrEmailTaken(base, identity.email);
      const username = taken.username ? `${base}-${newKey().slice(0, 6)}` : base;
      // The account and its sign-up event in one transaction.
      const created = await auth
        .createStudent({
          username,
          email: identity.email,
          passwordHash: null,
          schoolId: school.id,
          isVerified: true,
          firstName: identity.firstName,
          lastName: identity.lastName,
          social: { provider: identity.provider, subject: identity.subject },
        }, school)
        .catch(async (error: unknown) => {
          // The same person signing up twice at once: the other request created the account.
          if (!isUniqueViolation(error)) throw error;
          return null;
        });
      if (!created) {
        const raced = await existingUser(identity);
        if (!raced) throw formError(serverMessages.socialTokenInvalid);
        return auth.issueToken(raced, true);
      }
      reply.code(201);
      return auth.issueToken(created.user, true);
    },
  );
};
