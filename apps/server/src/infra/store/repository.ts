import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeKeys, rateLimits } from '../../db/schema/index';

/** The database side of the shared store (when no Redis is configured): one-time keys and throttling counters. */
export function storeRepository(db: Db) {
  return {
    /** Drops the spent keys, then inserts this one; answers whether this call inserted it (a second claim loses). */
    async claimKey(key: string, expiresAt: Date) {
      await db.delete(oneTimeKeys).where(lt(oneTimeKeys.expiresAt, sql`now()`));
      const rows = await db.insert(oneTimeKeys).values({ key, expiresAt }).onConflictDoNothing().returning({ key: oneTimeKeys.key });
      return rows.length === 1;
    },

    /** One upsert per hit: the count goes up, or starts again at 1 once its window has passed. */
    async countHit(key: string, windowMs: number) {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: new Date(Date.now() + windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      return row!;
    },
  };
}
