import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { idFromSlug } from '@school/shared/catalogue/rules';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { api } from './api-client';
import { queryClient } from './query-client';
import { getSession, useSession } from './session';

/** One course with the caller's enrolment and abilities: the course page and the player both read it. */
export const courseQueryOptions = (id: number, token: string | undefined) =>
  queryOptions({ queryKey: ['catalogue', 'course', id, token], queryFn: () => api<CourseDetail>(`/courses/${id}/`), retry: false });
export const useCourse = (id: number) => useQuery(courseQueryOptions(id, useSession()?.token));

/** A course route's loader: asks for the course while the page's code loads; the page reads the cache. */
export function prefetchCourse({ params }: LoaderFunctionArgs) {
  const id = idFromSlug(params.slug ?? '');
  if (id !== null) void queryClient.prefetchQuery(courseQueryOptions(id, getSession()?.token));
  return null;
}
