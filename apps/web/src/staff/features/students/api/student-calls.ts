import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { StaffStudent, StaffStudentDetail, StaffStudentQuery } from '@school/shared/staff/students';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

export const useStaffStudents = (filters: StaffStudentQuery) =>
  useQuery({ queryKey: ['staff', 'students', filters], queryFn: () => api<ListPage<StaffStudent>>(`/staff/students/?${queryString(filters)}`), placeholderData: keepPreviousData });

export const useStaffStudent = (id: number) => useQuery({ queryKey: ['staff', 'students', 'one', id], queryFn: () => api<StaffStudentDetail>(`/staff/students/${id}/`), enabled: id > 0 });
