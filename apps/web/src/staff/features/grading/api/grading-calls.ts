import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { ExamAttempt, ExamStatistics, GradingAnswer, GradingQuery, WaitingAnswer } from '@school/shared/staff/grading';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

const gradingKeys = {
  all: ['staff', 'grading'] as const,
  queue: (filters: GradingQuery) => ['staff', 'grading', 'queue', filters] as const,
  answer: (submission: number, question: number) => ['staff', 'grading', 'answer', submission, question] as const,
};

const queueOf = (filters: GradingQuery) => api<ListPage<WaitingAnswer>>(`/staff/grading/?${queryString(filters)}`);

export const useGradingQueue = (filters: GradingQuery) => useQuery({ queryKey: gradingKeys.queue(filters), queryFn: () => queueOf(filters), placeholderData: keepPreviousData });

/** Shows an answer as the server now has it (a refused grade's current one) without reading it again. */
export function useShowAnswer() {
  const client = useQueryClient();
  return (answer: GradingAnswer) => client.setQueryData(gradingKeys.answer(answer.submission_id, answer.question_id), answer);
}

export const useGradingAnswer = (submission: number, question: number) =>
  useQuery({ queryKey: gradingKeys.answer(submission, question), queryFn: () => api<GradingAnswer>(`/staff/grading/${submission}/questions/${question}/`), enabled: submission > 0 && question > 0 });

/** The first waiting answer other than the one just graded, under the queue's filters; null when none waits. */
export function useNextWaiting() {
  const client = useQueryClient();
  return async (filters: GradingQuery, after: { submission: number; question: number }) => {
    const queue = await client.fetchQuery({ queryKey: gradingKeys.queue({ ...filters, page: 1 }), queryFn: () => queueOf({ ...filters, page: 1 }), staleTime: 0 });
    return queue.data.find((a) => a.submission_id !== after.submission || a.question_id !== after.question) ?? null;
  };
}

/** Grades an answer at the version the grader saw (a 412 holds it as graded since); the queue, the dashboard's count and the exam's results read again. */
export function useGrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ answer, score, feedback }: { answer: GradingAnswer; score: number; feedback: string }) =>
      api<GradingAnswer>(`/staff/grading/${answer.submission_id}/questions/${answer.question_id}/`, { method: 'PUT', body: { score, feedback }, headers: { 'if-match': etagOf(answer.version) } }),
    onSuccess: async (saved) => {
      client.setQueryData(gradingKeys.answer(saved.submission_id, saved.question_id), saved);
      // Every list and count, and the attempt's other answers (their result line and may_grade change too).
      await client.invalidateQueries({
        queryKey: gradingKeys.all,
        predicate: (q) => q.queryKey[2] !== 'answer' || (q.queryKey[3] === saved.submission_id && q.queryKey[4] !== saved.question_id),
      });
      await client.invalidateQueries({ queryKey: ['staff', 'exams', saved.exam.id] });
    },
  });
}

export const useExamAttempts = (examId: number, page: number) =>
  useQuery({ queryKey: ['staff', 'exams', examId, 'attempts', page], queryFn: () => api<ListPage<ExamAttempt>>(`/staff/exams/${examId}/attempts/?page=${page}`), placeholderData: keepPreviousData });

export const useExamStatistics = (examId: number) => useQuery({ queryKey: ['staff', 'exams', examId, 'statistics'], queryFn: () => api<ExamStatistics>(`/staff/exams/${examId}/statistics/`) });
