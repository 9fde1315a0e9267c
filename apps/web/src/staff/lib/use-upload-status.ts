import { useQuery } from '@tanstack/react-query';
import type { UploadStatus } from '@school/shared/staff/uploads';
import { api } from '@/lib/api-client';

const POLL_MS = 1000;

/** Where a sent file stands, asked every second until the server has probed it (ready or refused). */
export const useUploadStatus = (id: string | null) =>
  useQuery({
    queryKey: ['staff', 'upload', id],
    queryFn: () => api<UploadStatus>(`/staff/uploads/${id}/`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'ready' || query.state.data?.state === 'failed' ? false : POLL_MS),
  });
