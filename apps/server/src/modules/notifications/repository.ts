import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';

export function notificationRepository(db: Db) {
  return {
    async listByUser(userId: number, page: number, perPage: number) {
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
          .from(notifications)
          .where(eq(notifications.userId, userId)),
      ]);
      return { rows, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
    },
    async markAllRead(userId: number) {
      await db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },
    async create(userId: number, description: string) {
      await db.insert(notifications).values({ userId, description: sanitizeNotification(description) });
    },
  };
}

/** Notifications are shown as HTML: only simple inline markup and safe links survive. */
export function sanitizeNotification(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['b', 'strong', 'i', 'em', 'u', 'a', 'br', 'p', 'span'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
