import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';

/** The outbox as the dev mailbox reads it: newest first. */
export function mailboxRepository(db: Db) {
  return {
    list(to: string | undefined, limit: number) {
      return db
        .select({ id: outboxMessages.id, to: outboxMessages.toAddress, subject: outboxMessages.subject, createdAt: outboxMessages.createdAt })
        .from(outboxMessages)
        .where(to ? eq(outboxMessages.toAddress, to) : undefined)
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
    },

    listWithBodies(to: string, limit: number) {
      return db
        .select({ id: outboxMessages.id, to: outboxMessages.toAddress, from: outboxMessages.fromAddress, subject: outboxMessages.subject, html: outboxMessages.html, text: outboxMessages.text, headers: outboxMessages.headers })
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, to))
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
    },

    async findById(id: number) {
      const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
      return message;
    },
  };
}
