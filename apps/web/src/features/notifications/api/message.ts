import { useQuery } from '@tanstack/react-query';
import type { StudentMessage } from '@school/shared/staff/messages';
import { api } from '@/lib/api-client';

/** An announcement the caller received (the bell links to its page). */
export const useMessage = (id: number) => useQuery({ queryKey: ['messages', id], queryFn: () => api<StudentMessage>(`/messages/${id}/`), enabled: id > 0 });
