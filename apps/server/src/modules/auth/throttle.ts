import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { serverMessages } from '@school/shared/auth/messages';
import { DomainError } from '../../lib/errors';

/** Whom a request is about: the signed-in user, or the account named in its body; null for nobody. */
export type Subject = (request: FastifyRequest) => string | null;

/**
 * The address and the account the body names, so that one user's attempts from there count together
 * (login adds its own per-account limit across addresses, see login-delay.ts).
 */
const namedAccount: Subject = (request) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const value = body.username ?? body.email ?? body.uid_and_token_b64 ?? '';
  return `${request.ip}:${typeof value === 'string' ? value.trim().toLowerCase().slice(0, 200) : ''}`;
};

/** The signed-in account, from any address (a caller without one is refused by the route anyway). */
export const signedInUser: Subject = (request) => (request.user ? `user:${request.user.id}` : null);

/**
 * Two limits for an abuse-prone call: per subject (THROTTLE_MAX per window, or the call's own `max`), and per
 * address alone (five times that), so that spraying many accounts from one address is limited too.
 * With no subject, only the per-address limit applies (e.g. handing out human-check challenges).
 * Counters live in the rate-limit plugin's store (database or Redis), shared by every process.
 */
export function throttle(
  app: FastifyInstance,
  name: string,
  subject: Subject | null = namedAccount,
  { max, seconds }: { max: number; seconds: number } = { max: app.config.THROTTLE_MAX, seconds: app.config.THROTTLE_WINDOW_SECONDS },
): preHandlerAsyncHookHandler {
  const timeWindow = seconds * 1000;
  const perAddress = app.createRateLimit({ max: max * 5, timeWindow, keyGenerator: (r) => `${name}:ip:${r.ip}` });
  const perSubject = subject && app.createRateLimit({ max, timeWindow, keyGenerator: (r) => `${name}:id:${subject(r)}` });
  return async (request) => {
    const limits = perSubject && subject(request) !== null ? [perAddress, perSubject] : [perAddress];
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) throw throttled(result.ttlInSeconds);
    }
  };
}

/**
 * One limit per address alone (`max` per window), for public reads that anybody may make, but nobody by the
 * thousand: they cost the database more than a page of a list.
 */
export function addressThrottle(app: FastifyInstance, name: string, { max, seconds }: { max: number; seconds: number }): preHandlerAsyncHookHandler {
  const limit = app.createRateLimit({ max, timeWindow: seconds * 1000, keyGenerator: (r) => `${name}:ip:${r.ip}` });
  return async (request) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw throttled(result.ttlInSeconds);
  };
}

/** The 429 answer, with how long to wait. */
export function throttled(seconds: number) {
  return new DomainError(429, { detail: serverMessages.throttled }, { 'retry-after': String(Math.max(1, Math.ceil(seconds))) });
}
