import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountLinks, authTokens, eventDeliveries, events, loginFailures, oneTimeKeys, rateLimits } from '../src/db/schema/index';
import { maintenanceRepository, SET_ASIDE_KEEP_DAYS } from '../src/modules/maintenance/repository';
import { registerStudent, unique } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();

describe('cleanup of spent rows', () => {
  it('deletes expired sessions, used or expired links, past counters and long set-aside deliveries, and keeps the live ones', async () => {
    const db = ctx.server.database.db;
    const student = await registerStudent(ctx.server.url);
    const past = new Date(Date.now() - 60_000);
    const longAgo = new Date(Date.now() - 3 * 86_400_000);
    const future = new Date(Date.now() + 3_600_000);
    const key = unique('k');
    await db.insert(authTokens).values([
      { userId: student.id, keyHash: `${key}-old`, persistent: false, expiresAt: past },
      { userId: student.id, keyHash: `${key}-live`, persistent: false, expiresAt: future },
    ]);
    await db.insert(accountLinks).values([
      { userId: student.id, purpose: 'reset_password', keyHash: `${key}-expired`, expiresAt: past },
      { userId: student.id, purpose: 'reset_password', keyHash: `${key}-used`, expiresAt: future, usedAt: past },
      { userId: student.id, purpose: 'reset_password', keyHash: `${key}-live`, expiresAt: future },
    ]);
    await db.insert(rateLimits).values([
      { key: `${key}-old`, count: 3, resetAt: past },
      { key: `${key}-live`, count: 3, resetAt: future },
    ]);
    await db.insert(oneTimeKeys).values([
      { key: `${key}-old`, expiresAt: past },
      { key: `${key}-live`, expiresAt: future },
    ]);
    // Two events whose delivery kept failing: one set aside long ago, one lately (a waiting one would be delivered
    // by the workers meanwhile).
    const stuck = await db
      .insert(events)
      .values([0, 1].map(() => ({ type: 'exam.graded', subjectType: 'enrolment', subjectId: 1, data: {} })))
      .returning({ id: events.id });
    const [oldAside, newAside] = stuck.map((e) => e.id);
    await db.insert(eventDeliveries).values([
      { eventId: oldAside!, attempts: 5, failedAt: new Date(Date.now() - (SET_ASIDE_KEEP_DAYS + 1) * 86_400_000) },
      { eventId: newAside!, attempts: 5, failedAt: past },
    ]);
    await db.insert(loginFailures).values([
      { key: `${key}-old`, failures: 9, lockedUntil: longAgo, lastAttemptAt: longAgo },
      { key: `${key}-live`, failures: 9, lockedUntil: future, lastAttemptAt: past },
    ]);

    // Counts, not asserted one by one: on PostgreSQL another test file's server may run its hourly clean-up at the
    // same moment and delete some of these rows first. What is left is what matters.
    const deleted = await maintenanceRepository(db).deleteSpent(new Date());
    expect(Object.values(deleted).every((count) => Number.isInteger(count) && count >= 0)).toBe(true);

    const left = async (table: typeof rateLimits | typeof oneTimeKeys | typeof loginFailures) =>
      (await db.select({ key: table.key }).from(table).where(inArray(table.key, [`${key}-old`, `${key}-live`]))).map((r) => r.key);
    expect(await left(rateLimits)).toEqual([`${key}-live`]);
    expect(await left(oneTimeKeys)).toEqual([`${key}-live`]);
    expect(await left(loginFailures)).toEqual([`${key}-live`]);
    const deliveries = await db.select({ eventId: eventDeliveries.eventId }).from(eventDeliveries).where(inArray(eventDeliveries.eventId, [oldAside!, newAside!]));
    expect(deliveries.map((d) => d.eventId)).toEqual([newAside]);
    await db.delete(events).where(inArray(events.id, [oldAside!, newAside!]));
    const tokens = await db.select({ keyHash: authTokens.keyHash }).from(authTokens).where(eq(authTokens.userId, student.id));
    expect(tokens.map((t) => t.keyHash)).not.toContain(`${key}-old`);
    expect(tokens.map((t) => t.keyHash)).toContain(`${key}-live`);
    const links = await db.select({ keyHash: accountLinks.keyHash }).from(accountLinks).where(eq(accountLinks.userId, student.id));
    expect(links.map((l) => l.keyHash).filter((k) => k.startsWith(key))).toEqual([`${key}-live`]);
    // The student's own session is untouched.
    expect((await ctx.api.get('/api/v1/account/profile/', { token: student.token })).status).toBe(200);
  });
});
