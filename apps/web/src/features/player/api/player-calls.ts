import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attempt, AttendanceBody, AttendanceResult, CompletionResult, Courseware, JoinClassBody, JoinClassResult, ProgressResult, StartResult, StudyRecord, VideoAnswerResult } from '@school/shared/learning/schemas';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const fetchCourseware = (id: number) => api<Courseware>(`/coursewares/${id}/`);
export const coursewareQueryOptions = (id: number, token: string | undefined) =>
  queryOptions({ queryKey: ['player', 'courseware', id, token], queryFn: () => fetchCourseware(id), retry: false, staleTime: 0 });
/** A courseware, asked for once the course has started (`enabled`). */
export const useCourseware = (id: number, enabled: boolean) => useQuery({ ...coursewareQueryOptions(id, useSession()?.token), enabled });

export const useStudyRecord = (enrollmentId: number | null) =>
  useQuery({ queryKey: ['player', 'record', enrollmentId], queryFn: () => api<StudyRecord>(`/enrollments/${enrollmentId}/`), enabled: enrollmentId !== null });

export const startCourse = (courseId: number) => api<StartResult>(`/courses/${courseId}/start/`, { body: {} });
export const endCourse = (courseId: number) => api<{ attempt: Attempt }>(`/courses/${courseId}/end/`, { body: {} });

/** Saves the second reached; the server keeps only forward moves made in real time. */
export const saveProgress = (coursewareId: number, seconds: number, keepalive = false) =>
  api<ProgressResult>('/progress/', { body: { courseware_id: coursewareId, seconds }, keepalive });

/** After a completion the outline's marks, the progress and the course page's button all change. */
function useRefreshStudy() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['player'] }), queryClient.invalidateQueries({ queryKey: ['catalogue'] })]);
}

export function useCompleteCourseware() {
  const refresh = useRefreshStudy();
  return useMutation({ mutationFn: (id: number) => api<CompletionResult>(`/coursewares/${id}/complete/`, { body: {} }), onSuccess: refresh });
}

export function useSaveNotes(enrollmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => api<{ id: number; notes: string }>(`/enrollments/${enrollmentId}/`, { method: 'PATCH', body: { notes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['player', 'record', enrollmentId] }),
  });
}

export const answerVideoQuestion = (id: number, answer: string[]) => api<VideoAnswerResult>(`/video-questions/${id}/answer/`, { body: { answer } });

export const joinClass = (body: JoinClassBody) => api<JoinClassResult>('/conference-rooms/join/', { body });
/** What the conference said (joined, still there, left); `keepalive` so that leaving the page still reports it. */
export const reportAttendance = (body: AttendanceBody) => api<AttendanceResult>('/conference-rooms/attendance/', { body, keepalive: true });

export const reportProblem = (coursewareId: number, detail: string) => api<{ reported: boolean }>(`/coursewares/${coursewareId}/problems/`, { body: { detail } });
