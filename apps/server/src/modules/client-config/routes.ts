import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientConfigSchema, type ClientConfig } from '@school/shared/school/schemas';
import { throttle } from '../auth/throttle';

export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const body: ClientConfig = {
    human_check: { provider: app.humanCheck.provider, site_key: app.humanCheck.siteKey },
    social: {
      google: config.GOOGLE_CLIENT_ID ? { client_id: config.GOOGLE_CLIENT_ID, authorize_url: config.GOOGLE_AUTHORIZE_URL } : null,
      facebook: config.FACEBOOK_APP_ID ? { app_id: config.FACEBOOK_APP_ID, authorize_url: config.FACEBOOK_AUTHORIZE_URL } : null,
    },
    live_class: { domain: config.JITSI_DOMAIN },
    notification_poll_seconds: config.NOTIFICATION_POLL_SECONDS,
  };

  app.get(
    '/client-config/',
    { schema: { tags: ['platform'], summary: 'Which human check, sign-in providers and live-class server the browser uses', response: { 200: clientConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );

  app.get(
    '/human-check/challenge/',
    {
      // Each challenge is cheap to make but must not be handed out without end.
      preHandler: throttle(app, 'challenge', null),
      schema: {
        tags: ['platform'],
        summary: 'A fresh proof-of-work challenge (ALTCHA v2) to solve before sign up, forgot, reset and resend',
        response: { 200: z.unknown() },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.humanCheck.challenge();
    },
  );
};
