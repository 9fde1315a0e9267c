import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { walletEntries, wallets } from '../../db/schema/index';

export type WalletReason = (typeof walletEntries.$inferInsert)['reason'];

export function walletRepository(db: Db) {
  return {
    async find(userId: number) {
      const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId)).limit(1);
      return row;
    },
    /** The wallet row, made on first use; locked for the rest of the caller's transaction. */
    async lock(userId: number) {
      await db.insert(wallets).values({ userId }).onConflictDoNothing();
      const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
      return row!;
    },
    /** Takes coins only if the balance covers them (one statement: no race can overdraw). */
    async withdraw(userId: number, amount: number) {
      const [row] = await db
        .update(wallets)
        .set({ balance: sql`${wallets.balance} - ${amount}`, updatedAt: new Date() })
        .where(and(eq(wallets.userId, userId), gte(wallets.balance, amount)))
        .returning({ balance: wallets.balance });
      return row?.balance ?? null;
    },
    async deposit(userId: number, amount: number) {
      await db.insert(wallets).values({ userId }).onConflictDoNothing();
      const [row] = await db
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${amount}`, updatedAt: new Date() })
        .where(eq(wallets.userId, userId))
        .returning({ balance: wallets.balance });
      return row!.balance;
    },
    async addEntry(values: typeof walletEntries.$inferInsert) {
      await db.insert(walletEntries).values(values);
    },
    /** Whether a one-time credit was already paid (checked under the wallet's lock). */
    async hasOnce(userId: number, onceKey: string) {
      const [row] = await db.select({ id: walletEntries.id }).from(walletEntries).where(and(eq(walletEntries.userId, userId), eq(walletEntries.onceKey, onceKey))).limit(1);
      return Boolean(row);
    },
    async listEntries(userId: number, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db.select().from(walletEntries).where(eq(walletEntries.userId, userId)).orderBy(desc(walletEntries.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, userId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async setNonce(userId: number, address: string, nonce: string, expiresAt: Date) {
      await db.insert(wallets).values({ userId }).onConflictDoNothing();
      await db.update(wallets).set({ nonce, nonceAddress: address, nonceExpiresAt: expiresAt, updatedAt: new Date() }).where(eq(wallets.userId, userId));
    },
    /** Uses the nonce once: read under the row's lock and cleared in the same transaction. */
    async takeNonce(userId: number, address: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ nonce: wallets.nonce })
          .from(wallets)
          .where(and(eq(wallets.userId, userId), eq(wallets.nonceAddress, address), sql`${wallets.nonceExpiresAt} > now()`))
          .for('update');
        if (!row?.nonce) return null;
        await tx.update(wallets).set({ nonce: null, nonceAddress: null, nonceExpiresAt: null }).where(eq(wallets.userId, userId));
        return row.nonce;
      });
    },
    async setLoginNonce(userId: number, nonce: string, expiresAt: Date) {
      await db.update(wallets).set({ loginNonce: nonce, loginNonceExpiresAt: expiresAt }).where(eq(wallets.userId, userId));
    },
    /** The login nonce, used once: read under the row's lock and cleared in the same transaction. */
    async takeLoginNonce(userId: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ nonce: wallets.loginNonce })
          .from(wallets)
          .where(and(eq(wallets.userId, userId), sql`${wallets.loginNonceExpiresAt} > now()`))
          .for('update');
        if (!row?.nonce) return null;
        await tx.update(wallets).set({ loginNonce: null, loginNonceExpiresAt: null }).where(eq(wallets.userId, userId));
        return row.nonce;
      });
    },
    async connect(userId: number, address: string) {
      const [row] = await db
        .update(wallets)
        .set({ address, verified: true, updatedAt: new Date() })
        .where(eq(wallets.userId, userId))
        .returning({ address: wallets.address });
      return row;
    },
    async setCoinsApproval(userId: number, approval: { bundleId: number; coins: number; expiresAt: string } | null) {
      await db.update(wallets).set({ coinsApproval: approval }).where(eq(wallets.userId, userId));
    },
    async findByAddress(address: string) {
      const [row] = await db.select().from(wallets).where(eq(wallets.address, address)).limit(1);
      return row;
    },
  };
}
