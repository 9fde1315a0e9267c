import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, socialAccounts, users } from '../../db/schema/index';

export function socialRepository(db: Db) {
  return {
    async findUser(provider: 'google' | 'facebook', subject: string) {
      const [row] = await db
        .select({ user: users })
        .from(socialAccounts)
        .innerJoin(users, eq(users.id, socialAccounts.userId))
        .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)))
        .limit(1);
      return row?.user;
    },
    /**
     * Links a provider identity to the account that uses its (provider-verified) address. An account
     * whose address was never verified may have been registered by someone else in advance: it is taken
     * over by the address's owner, so its password and sessions are dropped and the address counts as verified.
     */
    async linkByEmail(provider: 'google' | 'facebook', subject: string, user: { id: number; isVerified: boolean }) {
      await db.transaction(async (tx) => {
        if (!user.isVerified) {
          await tx.update(users).set({ isVerified: true, passwordHash: null, updatedAt: new Date() }).where(eq(users.id, user.id));
          await tx.delete(authTokens).where(eq(authTokens.userId, user.id));
        }
        await tx.insert(socialAccounts).values({ provider, subject, userId: user.id }).onConflictDoNothing();
      });
    },
  };
}
