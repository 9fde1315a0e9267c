import type { Notification } from '@school/shared/notifications/schemas';
import type { NotificationRow } from './repository';

export const presentNotification = (n: NotificationRow): Notification => ({
  id: n.id,
  kind: n.kind,
  description: n.description,
  link: n.link,
  timestamp: n.createdAt.toISOString(),
  read: n.readAt !== null,
});

/** A strong validator of the badge's answer: it changes whenever the count or the newest notification does. */
export const unreadEtag = (userId: number, unread: number, latest: number | null) => `"${userId}-${unread}-${latest ?? 0}"`;
