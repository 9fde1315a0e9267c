import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountLinks, authTokens, eventDeliveries, forumViews, loginFailures, oneTimeKeys, rateLimits } from '../../db/schema/index';
import { LOGIN_FAILURE_MEMORY_SECONDS } from '../auth/login-delay';

/** How long an event whose delivery kept failing stays set aside (logged when set aside) for someone to look at. */
export const SET_ASIDE_KEEP_DAYS = 30;

export function maintenanceRepository(db: Db) {
  return {
    /**
     * Deletes what can no longer be used: expired sessions, used or expired links, past counters, forum views of
     * past days, and deliveries set aside more than SET_ASIDE_KEEP_DAYS ago.
     */
    async deleteSpent(now: Date) {
      const forgotten = new Date(now.getTime() - LOGIN_FAILURE_MEMORY_SECONDS * 1000);
      const count = (rows: unknown[]) => rows.length;
      return {
        tokens: count(await db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ id: authTokens.id })),
        links: count(await db.delete(accountLinks).where(or(isNotNull(accountLinks.usedAt), lt(accountLinks.expiresAt, now))).returning({ id: accountLinks.id })),
        throttles: count(await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key })),
        oneTimeKeys: count(await db.delete(oneTimeKeys).where(lt(oneTimeKeys.expiresAt, now)).returning({ key: oneTimeKeys.key })),
        // A view counts once per viewer per (school's) day: two days back covers every time zone.
        forumViews: count(await db.delete(forumViews).where(lt(forumViews.day, sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date - 1`)).returning({ day: forumViews.day })),
        setAsideDeliveries: count(
          await db
            .delete(eventDeliveries)
            .where(lt(eventDeliveries.failedAt, new Date(now.getTime() - SET_ASIDE_KEEP_DAYS * 86_400_000)))
            .returning({ eventId: eventDeliveries.eventId }),
        ),
        loginFailures: count(
          await db
            .delete(loginFailures)
            .where(and(lt(loginFailures.lastAttemptAt, forgotten), lt(loginFailures.lockedUntil, now)))
            .returning({ key: loginFailures.key }),
        ),
      };
    },
  };
}
