import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffVideoQuestions, VideoQuestionsPut } from '@school/shared/staff/video-questions';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';
import { courseKeys } from './course-calls';

const questionsKey = (lessonId: number) => ['staff', 'video-questions', lessonId] as const;

export const fetchVideoQuestions = (lessonId: number) => api<StaffVideoQuestions>(`/staff/coursewares/${lessonId}/video-questions/`);

export const useVideoQuestions = (lessonId: number) => useQuery({ queryKey: questionsKey(lessonId), queryFn: () => fetchVideoQuestions(lessonId), refetchOnWindowFocus: false });

/** Saves to the lesson version the editor loaded; the outline (which shows that version) is read again. */
export function useSaveVideoQuestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ loaded, body }: { loaded: StaffVideoQuestions; body: VideoQuestionsPut }) =>
      api<StaffVideoQuestions>(`/staff/coursewares/${loaded.lesson.id}/video-questions/`, { method: 'PUT', body, headers: { 'if-match': etagOf(loaded.lesson.version) } }),
    onSuccess: (saved) => {
      client.setQueryData(questionsKey(saved.lesson.id), saved);
      void client.invalidateQueries({ queryKey: courseKeys.one(saved.course.id) });
    },
  });
}

/** Shows the questions the server sent back (a 412's current ones) in place of those being edited. */
export function useShowVideoQuestions() {
  const client = useQueryClient();
  return (current: StaffVideoQuestions) => client.setQueryData(questionsKey(current.lesson.id), current);
}

/** The lesson's version moved with another save (its fields, its file): the questions are read again with it. */
export function useReloadVideoQuestions() {
  const client = useQueryClient();
  return (lessonId: number) => client.invalidateQueries({ queryKey: questionsKey(lessonId) });
}
