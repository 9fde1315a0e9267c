import { useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { StaffCourseRow } from '@school/shared/staff/courses';
import { api } from '@/lib/api-client';

/** How many courses of the school are in a state; under the courses' key, so that every course write refreshes it. */
export const useCourseCount = (status: 'published' | 'draft') =>
  useQuery({
    queryKey: ['staff', 'courses', 'count', status],
    queryFn: async () => (await api<ListPage<StaffCourseRow>>(`/staff/courses/?status=${status}`)).count,
  });
