/// <reference path="./types/fastify.d.ts" />
import Fastify, { type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { powHumanCheck } from './infra/human-check/pow';
import { startJobs } from './infra/jobs/jobs';
import { recaptchaHumanCheck } from './infra/human-check/recaptcha';
import { outboxMailer, smtpMailer, type Mailer } from './infra/mail/mailer';
import { dbOneTimeStore, redisOneTimeStore } from './infra/store/one-time-store';
import { dbRateLimitStore } from './infra/store/rate-limit-store';
import { errorHandler } from './lib/errors';
import { refuseUnstorableText } from './lib/unstorable-text-guard';
import { requestSerializer } from './lib/log-redaction';
import { securityHeaders } from './lib/security-headers';
import multipart from '@fastify/multipart';
import { faceEngineFromConfig } from './infra/face/from-config';
import { storageFromConfig } from './infra/storage/from-config';
import { localMediaRoutes, rememberViewers } from './infra/storage/local';
import type { Storage } from './infra/storage/storage';
import { accountRoutes } from './modules/account/routes';
import { authenticate } from './modules/auth/authenticate';
import { catalogueRoutes } from './modules/catalogue/routes';
import { enrolmentRoutes } from './modules/enrolment/routes';
import { examRoutes } from './modules/exams/routes';
import { forumRoutes } from './modules/forum/routes';
import { learningRoutes } from './modules/learning/routes';
import { authRoutes } from './modules/auth/routes';
import { clientConfigRoutes } from './modules/client-config/routes';
import { devMailboxRoutes } from './modules/dev-mailbox/routes';
import { lookupRoutes } from './modules/lookups/routes';
import { registerSendEmail } from './modules/mail/send-email';
import { scheduleCleanup } from './modules/maintenance/cleanup';
import { certificateRoutes } from './modules/certificates/routes';
import { registerCertificateJobs } from './modules/certificates/service';
import { registerKycJobs } from './modules/kyc/jobs';
import { registerUploadJobs } from './modules/uploads/jobs';
import { registerExportJobs } from './modules/exports/jobs';
import { registerMessageJobs } from './modules/messages/jobs';
import { messageRoutes } from './modules/messages/routes';
import { invitationRoutes } from './modules/team/routes';
import { registerEnrolmentJobs } from './modules/enrolment/jobs';
import { kycRoutes } from './modules/kyc/routes';
import { scheduleExpiry } from './modules/payments/expire';
import { paymentRoutes } from './modules/payments/routes';
import { paymongoGateway } from './infra/payments/paymongo';
import { sandboxGateway, sandboxSecretOf } from './modules/sandbox-gateway/gateway';
import { sandboxRoutes } from './modules/sandbox-gateway/routes';
import { walletRoutes } from './modules/wallet/routes';
import { registerNotificationJobs } from './modules/notifications/jobs';
import { notificationRoutes } from './modules/notifications/routes';
import { socialRoutes } from './modules/social/routes';
import { scheduleRoutes } from './modules/schedule/routes';
import { staffScope } from './modules/staff/scope';
import { healthRoutes } from './modules/health/routes';
import { credentialRoutes } from './modules/certificates/credential-routes';
import { platformRoutes } from './modules/platform/routes';
import { schoolRepository } from './modules/tenancy/repository';
import { cachedSchoolRepository } from './modules/tenancy/school-cache';
import { schoolContext } from './modules/tenancy/school-context';
import { tenancyRoutes } from './modules/tenancy/routes';
import { registerWebApp } from './web/static';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Used by this process's send-email worker (mail is sent by jobs, from whichever process takes them). */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** Content Security Policy: only what the app itself loads, plus the configured outside services. */
function contentSecurityPolicy(config: Config, storage: Storage) {
  const recaptcha = config.HUMAN_CHECK === 'recaptcha' ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  // Lessons play through their providers' players: YouTube (yt), SoundCloud (sc) and Jitsi Meet (live classes).
  const players = ['https://www.youtube.com', 'https://w.soundcloud.com', `https://${config.JITSI_DOMAIN}`];
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...recaptcha, ...players],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...storage.origins],
      mediaSrc: ["'self'", 'blob:', ...storage.origins],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com', ...players, ...recaptcha, ...storage.origins],
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
    // While closing, a request that still arrives on an open connection (a proxy's kept-alive one) is served and
    // that connection closed after it: behind nginx a 503 would lose a POST that nginx may not send elsewhere.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  refuseUnstorableText(app);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2000 }) : null;
  const oneTimeStore = redis ? redisOneTimeStore(redis) : dbOneTimeStore(database.db);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('oneTimeStore', oneTimeStore);
  const storage = storageFromConfig(config);
  app.decorate<Storage>('storage', storage);
  // Every request resolves its school: kept in the process, dropped when any process changes it (school-cache.ts).
  const schools = await cachedSchoolRepository(schoolRepository(database.db), database.listen);
  app.decorate('schools', schools);
  app.addHook('onClose', () => schools.close());
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
    storage.close();
  });

  // The job queue lives in the database; stopped on close, before the caller closes the database.
  const jobs = await startJobs(database, { workers: config.JOBS_WORKERS, pollSeconds: config.JOBS_POLL_SECONDS, maintenanceSeconds: config.JOBS_MAINTENANCE_SECONDS, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());

  const sandboxSecret = sandboxSecretOf(config);
  app.decorate(
    'payments',
    config.PAYMENT_GATEWAY === 'paymongo'
      ? paymongoGateway({ secretKey: config.PAYMONGO_SECRET_KEY!, webhookSecret: config.PAYMONGO_WEBHOOK_SECRET!, apiUrl: config.PAYMONGO_API_URL })
      : sandboxGateway({ db: database.db, secret: sandboxSecret, otcHours: config.OTC_EXPIRY_HOURS, cardError: config.SANDBOX_CARD_ERROR }),
  );

  // Identity verification's faces: nothing is loaded until the first image is examined.
  const face = faceEngineFromConfig(config);
  app.decorate('face', face);
  app.addHook('onClose', () => face.close());

  securityHeaders(app, { contentSecurityPolicy: contentSecurityPolicy(config, storage) });
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
  if (storage.kind === 'local') await localMediaRoutes(app, storage);

  await app.register(
    async (api) => {
      // Answers carry personal data unless a route says it may be cached (public lookups, the school).
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await api.register(schoolContext);
      await api.register(authenticate);
      if (storage.kind === 'local') rememberViewers(api, storage);
      await api.register(accountRoutes);
      await api.register(tenancyRoutes);
      await api.register(authRoutes);
      await api.register(socialRoutes);
      await api.register(clientConfigRoutes);
      await api.register(notificationRoutes);
      await api.register(lookupRoutes);
      await api.register(catalogueRoutes);
      await api.register(enrolmentRoutes);
      await api.register(learningRoutes);
      await api.register(examRoutes);
      await api.register(scheduleRoutes);
      await api.register(walletRoutes);
      await api.register(paymentRoutes);
      await api.register(certificateRoutes);
      await api.register(kycRoutes);
      await api.register(forumRoutes);
      await api.register(messageRoutes);
      await api.register(invitationRoutes);
      await api.register(staffScope, { prefix: '/staff' });
      await api.register(platformRoutes, { prefix: '/admin' });
      // The sandbox gateway's own pages exist only while it is the gateway.
      if (config.PAYMENT_GATEWAY === 'sandbox') await api.register(sandboxRoutes(sandboxSecret));
    },
    { prefix: '/api/v1' },
  );
  if (config.MAIL_TRANSPORT === 'outbox' && config.DEV_MAILBOX) await app.register(devMailboxRoutes);
  await app.register(credentialRoutes);
  await app.register(healthRoutes);
  await registerWebApp(app, config.WEB_DIST_DIR);
  await registerSendEmail(app);
  await scheduleCleanup(app);
  await scheduleExpiry(app);
  await registerCertificateJobs(app);
  await registerKycJobs(app);
  await registerUploadJobs(app);
  await registerExportJobs(app);
  await registerMessageJobs(app);
  await registerEnrolmentJobs(app);
  await registerNotificationJobs(app, database.listen);
  return app;
}
