import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { RosterEntry, RosterQuery } from '@school/shared/staff/roster';
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
