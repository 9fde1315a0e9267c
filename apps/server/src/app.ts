/// <reference path="./types/fastify.d.ts" />
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { powHumanCheck } from './infra/human-check/pow';
import { recaptchaHumanCheck } from './infra/human-check/recaptcha';
import { outboxMailer, smtpMailer, type Mailer } from './infra/mail/mailer';
import { dbOneTimeStore, redisOneTimeStore } from './infra/store/one-time-store';
import { dbRateLimitStore } from './infra/store/rate-limit-store';
import { errorHandler } from './lib/errors';
import { refuseNullCharacters } from './lib/null-character-guard';
import { requestSerializer } from './lib/log-redaction';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { localStorage, LOCAL_MEDIA_PREFIX } from './infra/storage/storage';
import { accountRoutes } from './modules/account/routes';
import { authenticate } from './modules/auth/authenticate';
import { catalogueRoutes } from './modules/catalogue/routes';
import { enrolmentRoutes } from './modules/enrolment/routes';
import { authRoutes } from './modules/auth/routes';
import { clientConfigRoutes } from './modules/client-config/routes';
import { devMailboxRoutes } from './modules/dev-mailbox/routes';
import { lookupRoutes } from './modules/lookups/routes';
import { scheduleCleanup } from './modules/maintenance/cleanup';
import { notificationRoutes } from './modules/notifications/routes';
import { socialRoutes } from './modules/social/routes';
import { schoolRepository } from './modules/tenancy/repository';
import { tenancyRoutes } from './modules/tenancy/routes';
import { registerWebApp } from './web/static';

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** Content Security Policy: only what the app itself loads, plus the configured outside services. */
function contentSecurityPolicy(config: Config) {
  const recaptcha = config.HUMAN_CHECK === 'recaptcha' ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...recaptcha],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', ...recaptcha],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestSerializer },
    },
    // A hop count trusts that many proxies in front of us, and no further.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number) : config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  refuseNullCharacters(app);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2000 }) : null;
  const oneTimeStore = redis ? redisOneTimeStore(redis) : dbOneTimeStore(database.db);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('oneTimeStore', oneTimeStore);
  app.decorate('schools', schoolRepository(database.db));
  app.decorate(
    'mailer',
    options.mailer ??
      (config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(database.db, config.MAIL_FROM)),
  );
  app.decorate(
    'humanCheck',
    config.HUMAN_CHECK === 'recaptcha'
      ? recaptchaHumanCheck({
          siteKey: config.RECAPTCHA_SITE_KEY!,
          secretKey: config.RECAPTCHA_SECRET_KEY!,
          verifyUrl: config.RECAPTCHA_VERIFY_URL,
          minScore: config.RECAPTCHA_MIN_SCORE,
        })
      : powHumanCheck({ secret: config.SECRET_KEY, cost: config.HUMAN_CHECK_POW_COST, store: oneTimeStore }),
  );
  app.addHook('onClose', async () => {
    await redis?.quit();
  });

  await app.register(helmet, { contentSecurityPolicy: contentSecurityPolicy(config) });
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis ? { redis } : { store: dbRateLimitStore(database.db) }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Learning platform API', version: '1' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <key>' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(multipart);
  mkdirSync(config.MEDIA_DIR, { recursive: true });
  const storage = localStorage(config.MEDIA_DIR);
  await app.register(fastifyStatic, {
    root: path.resolve(config.MEDIA_DIR),
    prefix: LOCAL_MEDIA_PREFIX,
    decorateReply: false,
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
  });

  await app.register(
    async (api) => {
      // Answers carry personal data unless a route says it may be cached (public lookups, the school).
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(authenticate);
      await api.register(accountRoutes, { storage });
      await api.register(tenancyRoutes);
      await api.register(authRoutes);
      await api.register(socialRoutes);
      await api.register(clientConfigRoutes);
      await api.register(notificationRoutes);
      await api.register(lookupRoutes);
      await api.register(catalogueRoutes);
      await api.register(enrolmentRoutes);
    },
    { prefix: '/api/v1' },
  );
  if (config.MAIL_TRANSPORT === 'outbox' && config.DEV_MAILBOX) await app.register(devMailboxRoutes);
  await registerWebApp(app, config.WEB_DIST_DIR);
  scheduleCleanup(app);
  return app;
}
