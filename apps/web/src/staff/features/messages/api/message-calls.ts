import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { MessageAudiences, MessageRecipient, NewMessage, StaffMessage } from '@school/shared/staff/messages';
import { api } from '@/lib/api-client';

const messageKeys = { all: ['staff', 'messages'] as const };
const delivering = (m: StaffMessage | undefined) => m?.state === 'queued' || m?.state === 'sending';

export const useMessageAudiences = (enabled: boolean) => useQuery({ queryKey: [...messageKeys.all, 'audiences'], queryFn: () => api<MessageAudiences>('/staff/messages/audiences/'), enabled });

/** The history, read again every two seconds while a message on the page is still being sent. */
export const useStaffMessages = (page: number) =>
  useQuery({
    queryKey: [...messageKeys.all, 'list', page],
    queryFn: () => api<ListPage<StaffMessage>>(`/staff/messages/?page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(delivering) ? 2_000 : false),
  });

export const useStaffMessage = (id: number) =>
  useQuery({
    queryKey: [...messageKeys.all, 'one', id],
    queryFn: () => api<StaffMessage>(`/staff/messages/${id}/`),
    enabled: id > 0,
    refetchInterval: (query) => (delivering(query.state.data) ? 2_000 : false),
  });

export const useMessageRecipients = (id: number, page: number, delivered: boolean) =>
  useQuery({
    queryKey: [...messageKeys.all, 'one', id, 'recipients', page, delivered],
    queryFn: () => api<ListPage<MessageRecipient>>(`/staff/messages/${id}/recipients/?page=${page}`),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMessage) => api<StaffMessage>('/staff/messages/', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
