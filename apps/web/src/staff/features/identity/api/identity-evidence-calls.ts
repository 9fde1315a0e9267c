import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentityTimeline, identityFlagsSchema } from '@school/shared/kyc/schemas';
import type { CompletionResult } from '@school/shared/learning/schemas';
import type { z } from 'zod';
import { api, apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useSession } from '@/lib/session';

export type IdentityFlags = z.infer<typeof identityFlagsSchema>;

/** A compliance period's id as the query asks for it; '' leaves the query out: every period. */
const periodQuery = (period: string) => (period ? `?${new URLSearchParams({ compliance_period: period })}` : '');

/** An enrolment's identity evidence (its id as the address gives it; the server checks it). */
export function useIdentityTimeline(enrollmentId: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['identity-timeline', session?.token, enrollmentId],
    queryFn: () => api<IdentityTimeline>(`/enrollments/${encodeURIComponent(enrollmentId)}/identity/`),
  });
}

/** A course's enrolments with flagged snapshots, of one compliance period or all. */
export function useIdentityFlags(courseId: string, period: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['identity-flags', session?.token, courseId, period],
    queryFn: () => api<IdentityFlags>(`/courses/${encodeURIComponent(courseId)}/identity-flags/${periodQuery(period)}`),
    placeholderData: keepPreviousData,
  });
}

/** The course's records export (CSV) of the period, fetched with the token and saved. */
export function useDownloadRecords(courseId: string) {
  return useMutation({
    mutationFn: async (period: string) => saveFile(await apiFile(`/courses/${encodeURIComponent(courseId)}/records.csv${periodQuery(period)}`), `course-${courseId}-records.csv`),
  });
}

/** Marks a lesson complete for the enrolment's student (the school's administrators), then reads the timeline again. */
export function useCompleteFor(enrollmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coursewareId: number) => api<CompletionResult>(`/enrollments/${encodeURIComponent(enrollmentId)}/coursewares/${coursewareId}/complete/`, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['identity-timeline'] }),
  });
}
