import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResult } from '@school/shared/notifications/schemas';
import { api } from '@/lib/api-client';

/** An e-mail's unsubscribe link, sent without a login: the token names the account and the kind. */
export const useUnsubscribe = () =>
  useMutation({ mutationFn: (token: string) => api<UnsubscribeResult>('/notifications/unsubscribe/', { method: 'POST', body: { token }, handleUnauthorized: false }) });
