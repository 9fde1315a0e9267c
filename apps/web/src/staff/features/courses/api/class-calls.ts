import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassFields, StaffClass } from '@school/shared/staff/classes';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';

const classesKey = (courseId: number) => ['staff', 'classes', courseId] as const;

export const useCourseClasses = (courseId: number) => useQuery({ queryKey: classesKey(courseId), queryFn: () => api<StaffClass[]>(`/staff/courses/${courseId}/classes/`), enabled: courseId > 0 });

/** One write to a course's classes: a new class, a whole class saved to its version, or one deleted. */
export type ClassWrite = { kind: 'create'; body: ClassFields } | { kind: 'save'; cls: StaffClass; body: ClassFields } | { kind: 'delete'; cls: StaffClass };

export function useClassWrite(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (write: ClassWrite): Promise<StaffClass | { detail: string }> => {
      if (write.kind === 'create') return api<StaffClass>(`/staff/courses/${courseId}/classes/`, { body: write.body });
      const headers = { 'if-match': etagOf(write.cls.version) };
      if (write.kind === 'save') return api<StaffClass>(`/staff/classes/${write.cls.id}/`, { method: 'PUT', body: write.body, headers });
      return api<{ detail: string }>(`/staff/classes/${write.cls.id}/`, { method: 'DELETE', headers });
    },
    onSettled: () => client.invalidateQueries({ queryKey: classesKey(courseId) }),
  });
}
