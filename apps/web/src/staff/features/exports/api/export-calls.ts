import { useQuery } from '@tanstack/react-query';
import type { StaffExport } from '@school/shared/staff/exports';
import { api, apiFile } from '@/lib/api-client';

const exportKeys = { all: ['staff', 'exports'] as const };

/** The caller's exports, read again every two seconds while one is still being made. */
export const useStaffExports = () =>
  useQuery({
    queryKey: exportKeys.all,
    queryFn: () => api<StaffExport[]>('/staff/exports/'),
    refetchInterval: (query) => (query.state.data?.some((e) => e.state === 'queued' || e.state === 'running') ? 2_000 : false),
  });

export const downloadExport = (id: number) => apiFile(`/staff/exports/${id}/file/`);
