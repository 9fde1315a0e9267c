import { useQuery } from '@tanstack/react-query';
import type { StaffCourseCounts } from '@school/shared/staff/courses';
import { api } from '@/lib/api-client';

/** The school's course counts; under the courses' key, so that every course write refreshes them. */
export const useCourseCounts = () => useQuery({ queryKey: ['staff', 'courses', 'counts'], queryFn: () => api<StaffCourseCounts>('/staff/courses/counts/') });
