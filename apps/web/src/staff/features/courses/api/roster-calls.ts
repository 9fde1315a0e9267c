import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { RosterEntry, RosterExam, RosterQuery } from '@school/shared/staff/roster';
import type { ImportPlan, ImportRun } from '@school/shared/staff/roster-import';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

const rosterKey = (courseId: number) => ['staff', 'roster', courseId] as const;

export const useRoster = (courseId: number, filters: RosterQuery) =>
  useQuery({
    queryKey: [...rosterKey(courseId), filters],
    queryFn: () => api<ListPage<RosterEntry>>(`/staff/courses/${courseId}/students/?${queryString(filters)}`),
    enabled: courseId > 0,
    placeholderData: keepPreviousData,
  });

/** A roster write: enrol (no enrolment), or move, reset-timer or cancel an enrolment; the roster and the students' pages read again. */
export function useRosterWrite(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ enrolment, action, body }: { enrolment?: number; action?: 'move' | 'reset-timer' | 'cancel'; body: object }) =>
      api<{ id: number; status: string }>(`/staff/courses/${courseId}/students/${enrolment ? `${enrolment}/${action}/` : ''}`, { method: 'POST', body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rosterKey(courseId) });
      await client.invalidateQueries({ queryKey: ['staff', 'students'] });
    },
  });
}

/** The dry run of a CSV file: what each line would do. */
export const planImport = (courseId: number, file: Blob) =>
  api<ImportPlan>(`/staff/courses/${courseId}/students/import/?dry_run=true`, { method: 'POST', body: file, headers: { 'content-type': 'text/csv' } });

/** Starts the import of a file; its progress is read with useImportRun. */
export function useStartImport(courseId: number) {
  return useMutation({
    mutationFn: ({ file, as, note }: { file: Blob; as: string; note: string }) =>
      api<ImportRun>(`/staff/courses/${courseId}/students/import/?${new URLSearchParams({ as, note })}`, { method: 'POST', body: file, headers: { 'content-type': 'text/csv' } }),
  });
}

/** An import's progress, read every second until it is over; the roster reads again when it is. */
export function useImportRun(courseId: number, id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['staff', 'roster-import', courseId, id],
    queryFn: async () => {
      const run = await api<ImportRun>(`/staff/courses/${courseId}/students/import/${id}/`);
      if (run.state === 'done' || run.state === 'failed') await client.invalidateQueries({ queryKey: rosterKey(courseId) });
      return run;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'done' || query.state.data?.state === 'failed' ? false : 1_000),
  });
}

const examsKey = (courseId: number, enrolment: number) => ['staff', 'roster', courseId, 'exams', enrolment] as const;

/** A roster row's exams with the student's attempts, read when its Attempts dialog opens. */
export const useRosterExams = (courseId: number, enrolment: number, enabled: boolean) =>
  useQuery({ queryKey: examsKey(courseId, enrolment), queryFn: () => api<RosterExam[]>(`/staff/courses/${courseId}/students/${enrolment}/exams/`), enabled });

/** One more attempt at an exam for the student; their exams are read again. */
export function useAllowAttempt(courseId: number, enrolment: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exam: number) => api<RosterExam>(`/staff/courses/${courseId}/students/${enrolment}/exams/${exam}/allow-attempt/`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: examsKey(courseId, enrolment) }),
  });
}
