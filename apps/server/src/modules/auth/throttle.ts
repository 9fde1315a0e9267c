import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { serverMessages } from '@school/shared/auth/messages';
import { DomainError } from '../../lib/errors';

/** The account the request is about, so that one user's attempts are counted together. */
function identifier(request: FastifyRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const value = body.username ?? body.email ?? body.uid_and_token_b64 ?? '';
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 200) : '';
}

/**
 * Two limits for an abuse-prone call: per address and account (THROTTLE_MAX per window), and per
 * address alone (five times that), so that spraying many accounts from one address is limited too.
 * Counters live in the rate-limit plugin's store (database or Redis), shared by every process.
 */
export function throttle(app: FastifyInstance, name: string): preHandlerAsyncHookHandler {
  const { THROTTLE_MAX: max, THROTTLE_WINDOW_SECONDS: seconds } = app.config;
  const timeWindow = seconds * 1000;
  const limits = [
    app.createRateLimit({ max: max * 5, timeWindow, keyGenerator: (r) => `${name}:ip:${r.ip}` }),
    app.createRateLimit({ max, timeWindow, keyGenerator: (r) => `${name}:id:${r.ip}:${identifier(r)}` }),
  ];
  return async (request, reply) => {
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new DomainError(429, { detail: serverMessages.throttled });
      }
    }
  };
}
