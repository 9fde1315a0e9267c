import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountLinks, authTokens, loginFailures, oneTimeKeys, rateLimits } from '../../db/schema/index';
import { LOGIN_FAILURE_MEMORY_SECONDS } from '../auth/login-delay';

export function maintenanceRepository(db: Db) {
  return {
    /** Deletes what can no longer be used: expired sessions, used or expired links, past counters. */
    async deleteSpent(now: Date) {
      const forgotten = new Date(now.getTime() - LOGIN_FAILURE_MEMORY_SECONDS * 1000);
      const count = (rows: unknown[]) => rows.length;
      return {
        tokens: count(await db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ id: authTokens.id })),
        links: count(await db.delete(accountLinks).where(or(isNotNull(accountLinks.usedAt), lt(accountLinks.expiresAt, now))).returning({ id: accountLinks.id })),
        throttles: count(await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key })),
        oneTimeKeys: count(await db.delete(oneTimeKeys).where(lt(oneTimeKeys.expiresAt, now)).returning({ key: oneTimeKeys.key })),
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
