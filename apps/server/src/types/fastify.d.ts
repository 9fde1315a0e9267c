import type { Redis } from 'ioredis';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import type { HumanCheck } from '../infra/human-check/human-check';
import type { Mailer } from '../infra/mail/mailer';
import type { OneTimeStore } from '../infra/store/one-time-store';
import type { AuthUser } from '../modules/auth/authenticate';
import type { SchoolRepository } from '../modules/tenancy/repository';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    redis: Redis | null;
    mailer: Mailer;
    humanCheck: HumanCheck;
    oneTimeStore: OneTimeStore;
    schools: SchoolRepository;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
