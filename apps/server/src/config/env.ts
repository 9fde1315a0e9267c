import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

/** Every setting the server reads; README.md and .env.example list the same keys. */
const envSchema = z
  .object({
    NODE_ENV: z.string().default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// (leave unset for the embedded database)' })
      .optional(),
    DATA_DIR: z.string().default('./data'),
    // Inside DATA_DIR unless set: one folder holds an installation's data.
    MEDIA_DIR: z.string().optional(),
    // Where files are stored: on this machine's disk (MEDIA_DIR), or in an S3-compatible bucket.
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    PGLITE_IN_MEMORY: bool.default(false),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' }).optional(),
    SEED_DEMO: bool.default(true),
    // The platform's name, as certificates' credentials say: "signed by {school} via {platform}".
    // Replaced by host names in the database (school_domains): refused, so that an old setting is not silently dropped.
    SCHOOL_ALIASES: z.never({ error: 'is no longer read: give each school its host names in the platform console (/admin), see README "Running the platform"' }).optional(),
    PLATFORM_NAME: z.string().trim().min(1).max(100).default('SchoolPlatform'),
    // The platform's own host name, where its administrators' console (/admin) answers.
    PLATFORM_HOST: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, { error: 'must be a host name, without scheme or port' })
      .default('localhost'),
    SCHOOL_URL_TEMPLATE: z
      .string()
      .refine((v) => v.includes('{domain}'), { error: 'must contain {domain}' })
      .default('http://{domain}.localhost:3000'),
    TRUST_PROXY: z
      .string()
      .transform((v, ctx): false | number | string[] => {
        if (v === 'false' || v === '0') return false;
        if (/^\d+$/.test(v)) return Number(v);
        // Trusting every hop would let a client choose its own address (and dodge throttling).
        if (v === 'true') ctx.addIssue({ code: 'custom', message: 'use the number of proxies in front or their addresses, not "true"' });
        return v.split(',').map((a) => a.trim()).filter(Boolean);
      })
      .default(false)
      .describe('false, the number of proxies in front (hops), or their addresses/CIDR ranges'),
    WEB_DIST_DIR: z.string().default('apps/web/dist'),
    BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
    SECRET_KEY: z.string().min(32, { error: 'must be at least 32 characters' }),
    TOKEN_TTL_HOURS: positiveInt.default(720),
    SESSION_TOKEN_TTL_HOURS: positiveInt.default(24),
    RESET_TOKEN_TTL_MINUTES: positiveInt.default(60),
    VERIFY_TOKEN_TTL_HOURS: positiveInt.default(72),
    THROTTLE_MAX: positiveInt.default(10),
    THROTTLE_WINDOW_SECONDS: positiveInt.default(60),
    /** Forum posts (questions, answers, comments and their edits) per account per window. */
    FORUM_POST_MAX: positiveInt.default(10),
    FORUM_POST_WINDOW_SECONDS: positiveInt.default(60),
    /** Public forum reads per address per minute: topics read, and searches (each a full-text query). */
    FORUM_READ_MAX: positiveInt.default(120),
    FORUM_SEARCH_MAX: positiveInt.default(60),
    /** Fee breakdowns and payments per account per minute: each may carry a voucher code, and codes can be guessed. */
    PAYMENT_THROTTLE_MAX: positiveInt.default(60),
    HUMAN_CHECK: z.enum(['pow', 'recaptcha']).default('pow'),
    // About half a second of hashing on a phone (three quarters of the cost on average).
    HUMAN_CHECK_POW_COST: positiveInt.default(50_000),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    MAIL_FROM: z.string().default('Learning Platform <no-reply@localhost>'),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' }).optional(),
    // Unset: on only where nobody but this machine can reach it (see the checks below).
    DEV_MAILBOX: bool.optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
    GOOGLE_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    FACEBOOK_APP_ID: z.string().optional(),
    FACEBOOK_APP_SECRET: z.string().optional(),
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
    FACEBOOK_AUTHORIZE_URL: z.url().default('https://www.facebook.com/dialog/oauth'),
    // Background jobs (pg-boss, in the same database): whether this process works them, and how often it looks.
    JOBS_WORKERS: bool.default(true),
    /** Live classes run in Jitsi Meet rooms on this server (its external_api.js is loaded from it). */
    JITSI_DOMAIN: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, { error: 'must be a host name such as meet.jit.si' }).default('meet.jit.si'),
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5, { error: 'must be at least 0.5' }).max(60).default(0.5),
    /** How often one worker of the deployment fails the jobs that ran past their time (a killed process's), so they are retried. */
    JOBS_MAINTENANCE_SECONDS: positiveInt.max(3600).default(30),
    /** A stopping process (SIGTERM) finishes its requests and jobs for at most this long, then exits anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: positiveInt.max(600).default(25),
    /** How often an open page asks whether the bell has news (GET /notifications/unread/, answered 304 while nothing changed). */
    NOTIFICATION_POLL_SECONDS: z.coerce.number().min(1).max(600).default(30),
    // Payments: the built-in sandbox gateway, or PayMongo with its keys.
    PAYMENT_GATEWAY: z.enum(['sandbox', 'paymongo']).default('sandbox'),
    /** Where gateways send their callbacks (this server's own address as the gateway sees it). */
    PAYMENT_CALLBACK_BASE_URL: z.url().optional(),
    /** The sandbox's callback signing secret; by default derived from SECRET_KEY. */
    SANDBOX_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /** The sandbox lets anyone "pay" without money: in production it must be asked for by name. */
    SANDBOX_IN_PRODUCTION: bool.default(false),
    /** Hides the card mode, as a gateway whose card processing is down would (spec 3 §2's card error flag). */
    SANDBOX_CARD_ERROR: bool.default(false),
    /** Hours an over-the-counter reference code stays payable. */
    OTC_EXPIRY_HOURS: positiveInt.max(24 * 30).default(48),
    PAYMONGO_SECRET_KEY: z.string().optional(),
    PAYMONGO_WEBHOOK_SECRET: z.string().optional(),
    PAYMONGO_API_URL: z.url().default('https://api.paymongo.com'),
    // Identity verification's face detection and matching; human: models shipped in its npm package, run on this machine.
    FACE_ENGINE: z.enum(['human']).default('human'),
  })
  .superRefine((env, ctx) => {
    if (env.HUMAN_CHECK === 'recaptcha' && (!env.RECAPTCHA_SITE_KEY || !env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET_KEY'], message: 'HUMAN_CHECK=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY' });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'MAIL_TRANSPORT=smtp needs SMTP_URL' });
    }
    if (env.STORAGE === 's3') {
      for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `STORAGE=s3 needs ${key}` });
      }
    }
    if (env.PAYMENT_GATEWAY === 'sandbox' && env.NODE_ENV === 'production' && !env.SANDBOX_IN_PRODUCTION) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY'],
        message: 'the sandbox gateway lets anyone pay without money: in production set PAYMENT_GATEWAY=paymongo, or SANDBOX_IN_PRODUCTION=true for a demonstration site',
      });
    }
    if (env.PAYMENT_GATEWAY === 'paymongo') {
      for (const key of ['PAYMONGO_SECRET_KEY', 'PAYMONGO_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `PAYMENT_GATEWAY=paymongo needs ${key}` });
      }
    }
    if (env.FACEBOOK_APP_ID && !env.FACEBOOK_APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['FACEBOOK_APP_SECRET'], message: 'FACEBOOK_APP_ID needs FACEBOOK_APP_SECRET' });
    }
    if (env.DEV_MAILBOX && (env.NODE_ENV === 'production' || env.TRUST_PROXY !== false)) {
      // Behind a proxy every visitor arrives from the proxy's address, so "this machine only" means nothing.
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_MAILBOX'],
        message: 'the mail outbox page shows every message, reset links included: it cannot be on in production (NODE_ENV=production) or behind a proxy (TRUST_PROXY); send mail with MAIL_TRANSPORT=smtp',
      });
    }
  })
  .transform((env) => ({
    ...env,
    DEV_MAILBOX: env.DEV_MAILBOX ?? (env.NODE_ENV !== 'production' && env.TRUST_PROXY === false),
    MEDIA_DIR: env.MEDIA_DIR ?? path.join(env.DATA_DIR, 'media'),
  }));

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment, listing every bad key at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
