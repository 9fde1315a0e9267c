import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { socialAccounts, users } from '../../db/schema/index';

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
    async link(provider: 'google' | 'facebook', subject: string, userId: number) {
      await db.insert(socialAccounts).values({ provider, subject, userId }).onConflictDoNothing();
    },
  };
}
