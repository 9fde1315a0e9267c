import { infiniteQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Message } from '@school/shared/api/errors';
import type { NotificationPage, Unread } from '@school/shared/notifications/schemas';
import { api, apiRevalidate } from './api-client';
import { useClientConfig } from './client-config';
import { storedToken } from './session';

export const getNotifications = (page: number) => api<NotificationPage>(`/notifications/?page=${page}`);

const listKey = () => ['notifications', storedToken(), 'list'] as const;
const unreadKey = () => ['notifications', storedToken(), 'unread'] as const;

/** Pages from 1, later pages appended (spec 1 §4); the bell and the full page share it. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: listKey(),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
  });

type Badge = Unread & { etag: string | null };
const DEFAULT_POLL_SECONDS = 30;

/**
 * The badge's unread count without a reload: GET /notifications/unread/ polled while the page is visible (the
 * server's interval) and at once when the window regains focus, revalidated by its ETag, so an unchanged count
 * costs a 304. Plain requests work behind any load balancer, with no connection held open. When a newer
 * notification arrives, the list is read again.
 */
export function useUnreadCount() {
  const queryClient = useQueryClient();
  const seconds = useClientConfig().data?.notification_poll_seconds ?? DEFAULT_POLL_SECONDS;
  const key = unreadKey();
  const badge = useQuery({
    queryKey: key,
    queryFn: async (): Promise<Badge> => {
      const last = queryClient.getQueryData<Badge>(key);
      const fresh = await apiRevalidate<Unread>('/notifications/unread/', last?.etag ?? null);
      return fresh ? { ...fresh.body, etag: fresh.etag } : (last ?? { unread: 0, latest: null, etag: null });
    },
    staleTime: 0,
    refetchInterval: seconds * 1000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
  const latest = badge.data?.latest;
  const seen = useRef(latest);
  useEffect(() => {
    if (seen.current !== undefined && latest !== seen.current) void queryClient.invalidateQueries({ queryKey: listKey() });
    seen.current = latest;
  }, [latest, queryClient]);
  return badge.data?.unread ?? 0;
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Message>('/notifications/mark-all-read/', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
