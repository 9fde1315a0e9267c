import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@school/shared/api/errors';
import type { NotificationPage } from '@school/shared/notifications/schemas';
import { api } from './api-client';
import { storedToken } from './session';

export const getNotifications = (page: number) => api<NotificationPage>(`/notifications/?page=${page}`);

/** Pages from 1, later pages appended (spec 1 §4). */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['notifications', storedToken()],
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Message>('/notifications/mark-all-read/', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
