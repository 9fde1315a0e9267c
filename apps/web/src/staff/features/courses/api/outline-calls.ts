import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LessonCreate, LessonPatch, OutlineOrder, StaffOutline } from '@school/shared/staff/outline';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';
import { courseKeys } from './course-calls';

const outlineKey = (courseId: number) => [...courseKeys.one(courseId), 'outline'] as const;

export const useOutline = (courseId: number) =>
  useQuery({ queryKey: outlineKey(courseId), queryFn: () => api<StaffOutline>(`/staff/courses/${courseId}/outline/`), enabled: courseId > 0, refetchOnWindowFocus: false });

/** One outline write: every one answers the whole outline, which replaces the one shown. */
export type OutlineWrite =
  | { kind: 'order'; version: number; order: OutlineOrder }
  | { kind: 'add-module'; name: string }
  | { kind: 'rename-module'; id: number; version: number; name: string }
  | { kind: 'delete-module'; id: number; version: number }
  | { kind: 'add-lesson'; moduleId: number; lesson: LessonCreate }
  | { kind: 'edit-lesson'; id: number; version: number; patch: LessonPatch }
  | { kind: 'delete-lesson'; id: number; version: number };

function send(courseId: number, write: OutlineWrite) {
  const ifMatch = (version: number) => ({ 'if-match': etagOf(version) });
  switch (write.kind) {
    case 'order':
      return api<StaffOutline>(`/staff/courses/${courseId}/outline/`, { method: 'PUT', body: write.order, headers: ifMatch(write.version) });
    case 'add-module':
      return api<StaffOutline>(`/staff/courses/${courseId}/modules/`, { body: { name: write.name } });
    case 'rename-module':
      return api<StaffOutline>(`/staff/modules/${write.id}/`, { method: 'PATCH', body: { name: write.name }, headers: ifMatch(write.version) });
    case 'delete-module':
      return api<StaffOutline>(`/staff/modules/${write.id}/`, { method: 'DELETE', headers: ifMatch(write.version) });
    case 'add-lesson':
      return api<StaffOutline>(`/staff/modules/${write.moduleId}/coursewares/`, { body: write.lesson });
    case 'edit-lesson':
      return api<StaffOutline>(`/staff/coursewares/${write.id}/`, { method: 'PATCH', body: write.patch, headers: ifMatch(write.version) });
    case 'delete-lesson':
      return api<StaffOutline>(`/staff/coursewares/${write.id}/`, { method: 'DELETE', headers: ifMatch(write.version) });
  }
}

export function useOutlineWrite(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (write: OutlineWrite) => send(courseId, write),
    onSuccess: (outline) => {
      client.setQueryData(outlineKey(courseId), outline);
      // The course's version moved with a new order; its settings page reloads it.
      void client.invalidateQueries({ queryKey: courseKeys.one(courseId), exact: true });
    },
  });
}

/** Shows an outline the server sent back (a 412's current one) in place of the one on screen. */
export function useShowOutline(courseId: number) {
  const client = useQueryClient();
  return (outline: StaffOutline) => client.setQueryData(outlineKey(courseId), outline);
}
