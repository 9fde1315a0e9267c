import { z } from 'zod';

export const FORUM_MODERATION_PAGE_SIZE = 50;
export const MODERATION_STATES = ['hidden', 'closed'] as const;

/** The console's forum list: the posts its administrators hid, or the questions their authors closed. */
export const moderationQuerySchema = z.object({
  state: z.enum(MODERATION_STATES).default('hidden'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

export const moderatedPostSchema = z.object({
  kind: z.enum(['question', 'answer', 'comment']),
  id: z.number(),
  /** For a comment: whether it is on the question itself or on one of its answers (its Show call's path). */
  on: z.enum(['question', 'answer']).nullable(),
  question: z.object({ id: z.number(), title: z.string() }),
  excerpt: z.string().describe('the start of the post as plain text'),
  author: z.string(),
  created_at: z.string(),
  hidden_at: z.string().nullable(),
});
export type ModeratedPost = z.infer<typeof moderatedPostSchema>;
