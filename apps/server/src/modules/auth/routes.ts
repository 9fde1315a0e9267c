import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, messageSchema } from '@school/shared/api/errors';
import { profileSchema } from '@school/shared/auth/profile';
import {
  changePasswordSchema,
  emailWithHumanCheckSchema,
  loginBodySchema,
  registerBodySchema,
  resendBodySchema,
  resetBodySchema,
  redeemedSessionSchema,
  signInCodeBodySchema,
  signInCodeHolderSchema,
  signInCodeSchema,
  registeredSchema,
  tokenResponseSchema,
  verifyEmailBodySchema,
} from '@school/shared/auth/schemas';
import { requireUser } from './authenticate';
import { authService } from './service';
import { signedInUser, throttle } from './throttle';

const tags = ['auth'];
const security = [{ token: [] }];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService(app);

  app.post(
    '/api-token-auth/',
    {
      // Accounts belong to the platform: a login needs no school, so the platform's own host takes one too.
      config: { school: false },
      preHandler: throttle(app, 'login'),
      schema: { tags, summary: 'Log in with username or email', body: loginBodySchema, response: { 200: tokenResponseSchema, ...errorResponses } },
    },
    async (request) => auth.login(request.body),
  );

  app.post(
    '/logout/',
    { config: { signsOut: true, school: false }, schema: { tags, security, summary: 'Revoke the token used for this call', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      await auth.logout(requireUser(request).tokenId);
      return { message: 'User logged out.' };
    },
  );

  app.post(
    '/student/register/',
    {
      preHandler: throttle(app, 'register'),
      schema: {
        tags,
        summary: 'Create a student account at this school and send the verification e-mail',
        body: registerBodySchema,
        response: { 201: registeredSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const school = request.school;
      reply.code(201);
      return auth.register(request.body, school, request.ip);
    },
  );

  app.post(
    '/account/verify-email/',
    { schema: { tags, summary: 'Confirm an e-mail address with the key from the verification link', body: verifyEmailBodySchema, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => auth.verifyEmail(request.body.key, request.school),
  );

  app.post(
    '/account/resend-email/',
    {
      preHandler: throttle(app, 'resend'),
      schema: { tags, summary: "Send the verification e-mail again (the caller's, or the given address's)", body: resendBodySchema, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) =>
      auth.resendVerification({
        email: request.body.email,
        userId: request.user?.id,
        humanToken: request.body['g-recaptcha-response'],
        ip: request.ip,
        school: request.school,
      }),
  );

  app.post(
    '/account/forgot-password/',
    {
      preHandler: throttle(app, 'forgot'),
      schema: { tags, summary: 'Mail a single-use password reset link', body: emailWithHumanCheckSchema, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) =>
      auth.forgotPassword(request.body.email, request.body['g-recaptcha-response'], request.ip, request.school),
  );

  app.post(
    '/account/reset-password/',
    {
      preHandler: throttle(app, 'reset'),
      schema: { tags, summary: 'Set a new password with a reset link; every session is revoked', body: resetBodySchema, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => auth.resetPassword(request.body, request.ip, request.school),
  );

  app.put(
    '/account/change-password/',
    {
      // Each wrong old password costs a password hash: limited per account as well as per address.
      preHandler: throttle(app, 'change-password', signedInUser),
      schema: { tags, security, summary: "Change the password; the user's other sessions are revoked", body: changePasswordSchema, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const user = requireUser(request);
      return auth.changePassword(user.id, user.tokenId, request.body);
    },
  );

  app.post(
    '/auth/sign-in-codes/',
    {
      preHandler: throttle(app, 'sign-in-code-create', signedInUser),
      schema: { tags, security, summary: "A single-use code, valid for a minute, that opens the caller's session on another school's host", response: { 201: signInCodeSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.code(201);
      return auth.createSignInCode(user.id, user.tokenId);
    },
  );

  app.post(
    '/auth/sign-in-codes/holder/',
    {
      preHandler: throttle(app, 'sign-in-code', null),
      schema: { tags, summary: 'Whose account a sign-in code opens (the code stays usable)', body: signInCodeBodySchema, response: { 200: signInCodeHolderSchema, ...errorResponses } },
    },
    async (request) => auth.signInCodeHolder(request.body.code),
  );

  app.post(
    '/auth/sign-in-codes/redeem/',
    {
      preHandler: throttle(app, 'sign-in-code', null),
      schema: { tags, summary: 'Exchange a sign-in code for a session, once', body: signInCodeBodySchema, response: { 200: redeemedSessionSchema, ...errorResponses } },
    },
    async (request) => auth.redeemSignInCode(request.body.code),
  );

  app.get(
    '/account/profile/',
    { schema: { tags, security, summary: 'The profile of the token holder', response: { 200: profileSchema, ...errorResponses } } },
    async (request) => auth.profile(requireUser(request).id),
  );
};
