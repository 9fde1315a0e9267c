import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffExam, StaffExamPut } from '@school/shared/staff/exams';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';

const examKey = (id: number) => ['staff', 'exams', id] as const;

export const useStaffExam = (id: number) => useQuery({ queryKey: examKey(id), queryFn: () => api<StaffExam>(`/staff/exams/${id}/`), enabled: id > 0, refetchOnWindowFocus: false });

/** Saves to the version the editor loaded: a 412 comes back as an ApiError holding the exam as it now is. */
export function useSaveExam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ exam, body }: { exam: StaffExam; body: StaffExamPut }) => api<StaffExam>(`/staff/exams/${exam.id}/`, { method: 'PUT', body, headers: { 'if-match': etagOf(exam.version) } }),
    onSuccess: (saved) => client.setQueryData(examKey(saved.id), saved),
  });
}

/** Shows the exam the server sent back (a 412's current one) in place of the one being edited. */
export function useShowExam() {
  const client = useQueryClient();
  return (exam: StaffExam) => client.setQueryData(examKey(exam.id), exam);
}
