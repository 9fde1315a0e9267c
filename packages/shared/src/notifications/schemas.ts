import { z } from 'zod';
import { listSchema } from '../api/errors';
import { MAIL_KINDS, NOTIFICATION_KINDS } from './kinds';

const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  description: z.string().describe('text with escaped values (&lt; &amp;) and <strong>/<em> emphasis, no other markup'),
  link: z.string().nullable().describe('a path on the site: what the notification is about'),
  timestamp: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationPageSchema = listSchema(notificationSchema).extend({ unread: z.number() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** The badge's poll: answered 304 while nothing changed (ETag). */
export const unreadSchema = z.object({ unread: z.number(), latest: z.number().nullable().describe('the newest notification id') });
export type Unread = z.infer<typeof unreadSchema>;

/** Which e-mails the account receives, one setting per kind. */
export const mailPreferencesSchema = z.object(Object.fromEntries(MAIL_KINDS.map((k) => [k, z.boolean()])) as Record<(typeof MAIL_KINDS)[number], z.ZodBoolean>);
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
export const mailPreferencesPatchSchema = mailPreferencesSchema.partial();
export const unsubscribeBodySchema = z.object({ token: z.string().min(1).max(500) });
export const unsubscribeResultSchema = z.object({ kind: z.enum(MAIL_KINDS), detail: z.string() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const NOTIFICATIONS_PAGE_SIZE = 10;
