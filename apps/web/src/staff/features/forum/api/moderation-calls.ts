import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { ModeratedPost, ModerationQuery } from '@school/shared/staff/forum';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

const key = ['staff', 'forum'] as const;

export const useModeration = (filters: ModerationQuery) =>
  useQuery({ queryKey: [...key, filters], queryFn: () => api<ListPage<ModeratedPost>>(`/staff/forum/?${queryString(filters)}`), placeholderData: keepPreviousData });

/** The forum's own call that shows a hidden post again, by its kind. */
const unhidePath = (post: ModeratedPost) =>
  post.kind === 'question' ? `/forums/questions/${post.id}/unhide/` : post.kind === 'answer' ? `/forums/answers/${post.id}/unhide/` : `/forums/${post.on}/comments/${post.id}/unhide/`;

export function useShowPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: ModeratedPost) => api<unknown>(unhidePath(post), { method: 'POST', body: {} }),
    // The forum's own lists hold the post again too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['forum'] })]),
  });
}
