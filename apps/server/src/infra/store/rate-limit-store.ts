import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/client';
import { storeRepository } from './repository';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store that keeps counters in the database, so that every server process
 * shares them when no Redis is configured. One upsert per request: the window restarts once passed.
 * The plugin hands each call its route's window, so one store serves every route.
 */
export function dbRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const repo = storeRepository(db);
  async function count(key: string, windowMs: number) {
    const row = await repo.countHit(key, windowMs);
    return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - Date.now()) };
  }

  return class DbRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      count(key, timeWindow).then((result) => cb(null, result), cb);
    }

    child() {
      return this;
    }
  };
}
