import type { FastifyInstance } from 'fastify';
import { FORUM_MODERATION_PAGE_SIZE, type ModeratedPost, type ModerationQuery } from '@school/shared/staff/forum';
import { pageOf } from '../../lib/pagination';
import { displayName } from '../account/presenter';
import type { StaffContext } from '../staff/context';
import { forumModerationPolicy } from './policy';
import { forumModerationRepository } from './staff-repository';

/**
 * `/staff/forum/`: the posts the school's administrators hid (each shown again with the forum's own unhide calls)
 * and the questions their authors closed.
 */
export function forumModerationService(app: FastifyInstance) {
  const repo = forumModerationRepository(app.db);

  return {
    async list(ctx: StaffContext, q: ModerationQuery) {
      forumModerationPolicy.authorize(ctx.actor, 'moderate', ctx.school);
      if (q.state === 'hidden') {
        const { rows, count } = await repo.hidden(ctx.school.id, q.page);
        const posts: ModeratedPost[] = rows.map((r) => ({
          kind: r.kind,
          id: r.id,
          on: r.on,
          question: { id: r.questionId, title: r.title },
          excerpt: r.excerpt,
          author: displayName(r),
          created_at: new Date(r.createdAt).toISOString(),
          hidden_at: new Date(r.hiddenAt).toISOString(),
        }));
        return pageOf(posts, count, q.page, FORUM_MODERATION_PAGE_SIZE);
      }
      const { rows, count } = await repo.closed(ctx.school.id, q.page);
      const posts: ModeratedPost[] = rows.map((r) => ({
        kind: 'question',
        id: r.id,
        on: null,
        question: { id: r.id, title: r.title },
        excerpt: r.excerpt,
        author: displayName(r),
        created_at: r.createdAt.toISOString(),
        hidden_at: null,
      }));
      return pageOf(posts, count, q.page, FORUM_MODERATION_PAGE_SIZE);
    },
  };
}
