import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Exam } from '@school/shared/exams/schemas';
import { api } from '@/lib/api-client';

const examKey = (id: number) => ['player', 'exam', id];

export const useExam = (id: number) => useQuery({ queryKey: examKey(id), queryFn: () => api<Exam>(`/exams/${id}/`), retry: false });

/** Every exam call answers the exam with the caller's attempt: the cache takes it as it is. */
function useExamMutation<T>(id: number, call: (input: T) => Promise<Exam>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (exam) => queryClient.setQueryData(examKey(id), exam) });
}

export const useStartExam = (id: number) => useExamMutation(id, () => api<Exam>(`/exams/${id}/start/`, { body: {} }));

/** An answer: JSON for the written and choice types, a form upload (field "answer") for a file. */
export const useSubmitAnswer = (id: number) =>
  useExamMutation(id, ({ questionId, answer, final }: { questionId: number; answer: string[] | File; final: boolean }) => {
    if (answer instanceof File) {
      const form = new FormData();
      form.append('final', String(final));
      form.append('answer', answer);
      return api<Exam>(`/exam/questions/${questionId}/submit/`, { body: form });
    }
    return api<Exam>(`/exam/questions/${questionId}/submit/`, { body: { answer, final } });
  });
