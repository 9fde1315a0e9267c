import { useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { StaffCourseCounts } from '@school/shared/staff/courses';
import type { WaitingAnswer } from '@school/shared/staff/grading';
import type { StaffPayment } from '@school/shared/staff/payments';
import { api } from '@/lib/api-client';

/** The school's course counts; under the courses' key, so that every course write refreshes them. */
export const useCourseCounts = () => useQuery({ queryKey: ['staff', 'courses', 'counts'], queryFn: () => api<StaffCourseCounts>('/staff/courses/counts/') });

/** How many answers wait for a grade (an instructor: in their courses); under the grading key, so that a grade refreshes it. */
export const useWaitingAnswers = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'grading', 'count'], queryFn: async () => (await api<ListPage<WaitingAnswer>>('/staff/grading/')).count, enabled });

/** How many payments made at the office wait for confirmation; under the payments key, so that settling one refreshes it. */
export const useCashToConfirm = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'payments', 'count'], queryFn: async () => (await api<ListPage<StaffPayment>>('/staff/payments/?mode=cash&status=Pending')).count, enabled });

/** How many payments had their money arrive after the attempt had ended (to refund at the gateway). */
export const useOrphanedPayments = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'payments', 'orphaned-count'], queryFn: async () => (await api<ListPage<StaffPayment>>('/staff/payments/?orphaned=true')).count, enabled });
