import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCheckouts } from '../../db/schema/index';

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type SandboxStatus = SandboxCheckoutRow['status'];

export function sandboxRepository(db: Db) {
  return {
    async insert(values: typeof sandboxCheckouts.$inferInsert) {
      await db.insert(sandboxCheckouts).values(values);
    },
    async find(reference: string) {
      const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.reference, reference)).limit(1);
      return row;
    },
    /** Moves a checkout from one of `from` to `to`; null when it was not in one of them (a race or a replay). */
    async move(reference: string, from: SandboxStatus[], to: SandboxStatus) {
      const [row] = await db
        .update(sandboxCheckouts)
        .set({ status: to })
        .where(and(eq(sandboxCheckouts.reference, reference), inArray(sandboxCheckouts.status, from)))
        .returning();
      return row ?? null;
    },
  };
}
