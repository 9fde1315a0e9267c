import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';

const unread = sql<number>`count(*) filter (where ${notifications.readAt} is null)`;

/** A page of the bell, newest first, with the user's total and unread counts beside each row: one statement. */
const preparePage = (db: Db) =>
  db
    .select({ notification: notifications, total: sql<number>`count(*) over ()`.mapWith(Number), unread: sql<number>`${unread} over ()`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notifications_page');
/** The counts alone, for a page past the last one. */
const prepareCounts = (db: Db) =>
  db
    .select({ total: count(), unread: unread.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .prepare('notifications_counts');

export function notificationRepository(db: Db) {
  let pageOf: ReturnType<typeof preparePage> | undefined;
  let countsOf: ReturnType<typeof prepareCounts> | undefined;
  return {
    async listByUser(userId: number, page: number, perPage: number) {
      pageOf ??= preparePage(db);
      const rows = await pageOf.execute({ userId, limit: perPage, offset: (page - 1) * perPage });
      const [totals] = rows.length || page === 1 ? rows : await (countsOf ??= prepareCounts(db)).execute({ userId });
      return { rows: rows.map((r) => r.notification), total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
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
function sanitizeNotification(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['b', 'strong', 'i', 'em', 'u', 'a', 'br', 'p', 'span'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
