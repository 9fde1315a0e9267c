import type { Redis } from 'ioredis';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import type { FaceEngine } from '../infra/face/engine';
import type { HumanCheck } from '../infra/human-check/human-check';
import type { Jobs } from '../infra/jobs/jobs';
import type { Mailer } from '../infra/mail/mailer';
import type { PaymentGateway } from '../infra/payments/gateway';
import type { OneTimeStore } from '../infra/store/one-time-store';
import type { Storage } from '../infra/storage/storage';
import type { AuthUser } from '../modules/auth/authenticate';
import type { SchoolRow } from '../modules/tenancy/repository';
import type { CachedSchoolRepository } from '../modules/tenancy/school-cache';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    redis: Redis | null;
    mailer: Mailer;
    /** Background jobs (infra/jobs): send inside the transaction that causes them. */
    jobs: Jobs;
    humanCheck: HumanCheck;
    oneTimeStore: OneTimeStore;
    /** Schools by domain, kept in the process and dropped on any change (modules/tenancy/school-cache.ts). */
    schools: CachedSchoolRepository;
    /** Stored files (local disk or S3): keys in, addresses out. */
    storage: Storage;
    /** The payment gateway (the built-in sandbox, or PayMongo): infra/payments/gateway.ts. */
    payments: PaymentGateway;
    /** Faces in images and how alike two are (identity verification): infra/face/engine.ts. */
    face: FaceEngine;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /**
     * The school of the site, set by modules/tenancy/school-context.ts for every school-scoped route. Reading it
     * on a route with `config.school: false` throws; code that runs on both kinds reads `siteSchoolId(request)`,
     * typed `number | null`.
     */
    school: SchoolRow;
  }
  interface FastifyContextConfig {
    /** false: the route serves every school and has no `request.school`. */
    school?: false;
    /** The route signs its caller out: the answer also drops the media viewer cookie (infra/storage/local.ts). */
    signsOut?: true;
  }
}
