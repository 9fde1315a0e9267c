import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { AuditEntry, AuditQuery } from '@school/shared/staff/audit';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

export const useAuditLog = (filters: AuditQuery) =>
  useQuery({ queryKey: ['staff', 'audit', filters], queryFn: () => api<ListPage<AuditEntry>>(`/staff/audit/?${queryString(filters)}`), placeholderData: keepPreviousData });
