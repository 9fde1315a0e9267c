import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { oneTimeKeys } from '../../db/schema/index';

/** Claims a key once across every server process: the second claim of the same key answers false. */
export interface OneTimeStore {
  claim(key: string, ttlSeconds: number): Promise<boolean>;
}

export function dbOneTimeStore(db: Db): OneTimeStore {
  return {
    async claim(key, ttlSeconds) {
      await db.delete(oneTimeKeys).where(lt(oneTimeKeys.expiresAt, sql`now()`));
      const rows = await db
        .insert(oneTimeKeys)
        .values({ key, expiresAt: new Date(Date.now() + ttlSeconds * 1000) })
        .onConflictDoNothing()
        .returning({ key: oneTimeKeys.key });
      return rows.length === 1;
    },
  };
}

export function redisOneTimeStore(redis: Redis): OneTimeStore {
  return {
    async claim(key, ttlSeconds) {
      return (await redis.set(`once:${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
  };
}
