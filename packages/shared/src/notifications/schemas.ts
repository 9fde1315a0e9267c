import { z } from 'zod';
import { listSchema } from '../api/errors';

const notificationSchema = z.object({
  id: z.number(),
  description: z.string().describe('HTML, sanitized when stored'),
  timestamp: z.string(),
  read: z.boolean(),
});
export const notificationPageSchema = listSchema(notificationSchema).extend({ unread: z.number() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const NOTIFICATIONS_PAGE_SIZE = 10;
