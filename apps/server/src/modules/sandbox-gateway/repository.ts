import { and, eq, inArray, sql } from 'drizzle-orm';
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
    /** Gives back part of a paid checkout once per refund id, never more than it took; false when refused. */
    async refund(reference: string, refundId: string, amount: number) {
      const c = sandboxCheckouts;
      const [row] = await db
        .update(c)
        .set({ refunded: sql`${c.refunded} + ${amount}`, refunds: sql`${c.refunds} || jsonb_build_array(${refundId}::text)` })
        .where(and(eq(c.reference, reference), eq(c.status, 'paid'), sql`${c.refunded} + ${amount} <= ${c.amount}`, sql`not ${c.refunds} @> jsonb_build_array(${refundId}::text)`))
        .returning({ reference: c.reference });
      return Boolean(row);
    },
  };
}
