import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityReport, ReportQuery } from '@school/shared/staff/reports';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

export const useActivityReport = (filters: ReportQuery) =>
  useQuery({ queryKey: ['staff', 'reports', 'activity', filters], queryFn: () => api<ActivityReport>(`/staff/reports/activity/?${queryString(filters)}`), placeholderData: keepPreviousData });

export const useReportCourses = () => useQuery({ queryKey: ['staff', 'reports', 'courses'], queryFn: () => api<{ id: number; name: string }[]>('/staff/reports/courses/'), staleTime: 60_000 });
