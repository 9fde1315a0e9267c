import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { z } from 'zod';
import type { CourseCreate, courseDeletedSchema, CoursePatch, StaffCourse, StaffCourseListQuery, StaffCourseRow } from '@school/shared/staff/courses';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

type ListFilters = Partial<Omit<StaffCourseListQuery, 'page' | 'sort'>> & Pick<StaffCourseListQuery, 'page' | 'sort'>;

export const courseKeys = {
  all: ['staff', 'courses'] as const,
  list: (filters: ListFilters) => ['staff', 'courses', 'list', filters] as const,
  one: (id: number) => ['staff', 'courses', id] as const,
};

/** A page of the school's courses; the page shown stays while the next one loads. */
export const useStaffCourses = (filters: ListFilters) =>
  useQuery({ queryKey: courseKeys.list(filters), queryFn: () => api<ListPage<StaffCourseRow>>(`/staff/courses/?${queryString(filters)}`), placeholderData: keepPreviousData });

export const useStaffCourse = (id: number) => useQuery({ queryKey: courseKeys.one(id), queryFn: () => api<StaffCourse>(`/staff/courses/${id}/`), enabled: id > 0 });

/** After any write, the lists and the course hold what the server now has. */
function useRefresh() {
  const client = useQueryClient();
  return (course?: StaffCourse) => {
    if (course) client.setQueryData(courseKeys.one(course.id), course);
    return client.invalidateQueries({ queryKey: courseKeys.all, refetchType: 'active' });
  };
}

export function useCreateCourse() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CourseCreate) => api<StaffCourse>('/staff/courses/', { body }), onSuccess: (course) => refresh(course) });
}

/** Saves changes to the version the editor loaded: a 412 comes back as an ApiError holding the course as it now is. */
export function useUpdateCourse() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ course, patch }: { course: Pick<StaffCourse, 'id' | 'version'>; patch: CoursePatch }) =>
      api<StaffCourse>(`/staff/courses/${course.id}/`, { method: 'PATCH', body: patch, headers: { 'if-match': etagOf(course.version) } }),
    onSuccess: (course) => refresh(course),
  });
}

export type CourseAction = 'publish' | 'unpublish' | 'duplicate' | 'delete';
type CourseDeleted = z.infer<typeof courseDeletedSchema>;

/** Publish, unpublish, duplicate or delete (which archives a course with enrolments). */
export function useCourseAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ course, action }: { course: Pick<StaffCourse, 'id' | 'version'>; action: CourseAction }): Promise<StaffCourse | CourseDeleted> =>
      action === 'delete'
        ? api<CourseDeleted>(`/staff/courses/${course.id}/`, { method: 'DELETE', headers: { 'if-match': etagOf(course.version) } })
        : api<StaffCourse>(`/staff/courses/${course.id}/${action}/`, { method: 'POST', body: {} }),
    onSuccess: () => refresh(),
  });
}
