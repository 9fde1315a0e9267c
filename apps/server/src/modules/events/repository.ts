import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventDeliveries, events } from '../../db/schema/index';
import { EVENT_DELIVERY } from './types';

export type EventRow = typeof events.$inferSelect;

/** Events are written, never updated. `db` is the transaction of the change they record. */
export function eventRepository(db: Db) {
  return {
    async insert(values: typeof events.$inferInsert) {
      const [row] = await db.insert(events).values(values).returning({ id: events.id });
      return row!.id;
    },

    /** Queues the event for delivery; the NOTIFY reaches the listeners at commit, and never after a rollback. */
    async queueDelivery(eventId: number) {
      await db.insert(eventDeliveries).values({ eventId });
      await db.execute(sql`select pg_notify(${EVENT_DELIVERY}, '')`);
    },

    /**
     * Whether an event of this type about this subject, with this value in its data, was recorded in the last
     * `minutes`; under a transaction-level lock of the subject, so that two callers at once see one another.
     */
    async recordedLately(type: string, subjectId: number, match: { key: string; value: string }, minutes: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${type}), ${subjectId})`);
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            eq(events.type, type),
            eq(events.subjectId, subjectId),
            sql`${events.data}->>${match.key} = ${match.value}`,
            sql`${events.createdAt} > now() - make_interval(mins => ${minutes})`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async listBySubject(subjectType: string, subjectId: number): Promise<EventRow[]> {
      return db.select().from(events).where(and(eq(events.subjectType, subjectType), eq(events.subjectId, subjectId))).orderBy(asc(events.id));
    },
  };
}
