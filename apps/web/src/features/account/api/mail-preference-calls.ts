import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailPreferences } from '@school/shared/notifications/schemas';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

const key = (token: string) => ['mail-preferences', token];

/** Which notification e-mails the account receives, one setting per kind. */
export function useMailPreferences() {
  const session = useSession()!;
  return useQuery({ queryKey: key(session.token), queryFn: () => api<MailPreferences>('/notifications/preferences/') });
}

export function useSaveMailPreferences() {
  const session = useSession()!;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<MailPreferences>) => api<MailPreferences>('/notifications/preferences/', { method: 'PATCH', body: changes }),
    onSuccess: (saved) => queryClient.setQueryData(key(session.token), saved),
  });
}
