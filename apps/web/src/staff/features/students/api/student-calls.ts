import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { AuditEntry } from '@school/shared/staff/audit';
import type { StaffStudent, StaffStudentDetail, StaffStudentQuery } from '@school/shared/staff/students';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

export const useStaffStudents = (filters: StaffStudentQuery) =>
  useQuery({ queryKey: ['staff', 'students', filters], queryFn: () => api<ListPage<StaffStudent>>(`/staff/students/?${queryString(filters)}`), placeholderData: keepPreviousData });

export const useStaffStudent = (id: number) => useQuery({ queryKey: ['staff', 'students', 'one', id], queryFn: () => api<StaffStudentDetail>(`/staff/students/${id}/`), enabled: id > 0 });

/** The latest staff actions about the student's records (the audit log's own list, filtered to them). */
export const useStudentAudit = (id: number, enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'audit', { student: id }], queryFn: () => api<ListPage<AuditEntry>>(`/staff/audit/?student=${id}`), enabled: enabled && id > 0 });
