import { useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { StaffCourseCounts } from '@school/shared/staff/courses';
import type { WaitingAnswer } from '@school/shared/staff/grading';
import type { KycReview } from '@school/shared/kyc/schemas';
import type { AuditEntry } from '@school/shared/staff/audit';
import type { StaffPayment } from '@school/shared/staff/payments';
import type { WeekActivity } from '@school/shared/staff/reports';
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

/** How many ID submissions wait for a person's review (the review queue's first page tells the count). */
export const useIdReviews = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'kyc', 'reviews', 'count'], queryFn: async () => (await api<ListPage<KycReview>>('/kyc/submissions/?status=manual')).count, enabled });

/** Enrolments and revenue in the last 7 days against the 7 before. */
export const useWeekActivity = (enabled: boolean) => useQuery({ queryKey: ['staff', 'reports', 'week'], queryFn: () => api<WeekActivity>('/staff/reports/week/'), enabled });

/** The latest staff actions at the school (the audit log's first entries). */
export const useLatestAudit = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'audit', 'latest'], queryFn: async () => (await api<ListPage<AuditEntry>>('/staff/audit/')).data.slice(0, 5), enabled });
