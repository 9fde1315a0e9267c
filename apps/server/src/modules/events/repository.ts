import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/index';

export type EventRow = typeof events.$inferSelect;

/** Events are written, never updated. `db` is the transaction of the change they record. */
export function eventRepository(db: Db) {
  return {
    async insert(values: typeof events.$inferInsert) {
      await db.insert(events).values(values);
    },

    async listBySubject(subjectType: string, subjectId: number): Promise<EventRow[]> {
      return db.select().from(events).where(and(eq(events.subjectType, subjectType), eq(events.subjectId, subjectId))).orderBy(asc(events.id));
    },
  };
}
