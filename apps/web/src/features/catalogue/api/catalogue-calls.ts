import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import { LIST_PAGE_SIZE } from '@school/shared/catalogue/rules';
import type {
  BundleCard,
  BundleEnrollmentBody,
  BundleEnrollmentResult,
  CourseCard,
  CourseEnrollmentBody,
  CourseEnrollmentResult,
  FeaturedMaterial,
  Schedule,
  Subcategory,
} from '@school/shared/catalogue/schemas';
import { api } from '@/lib/api-client';
import { useSchool } from '@/lib/school';
import { useSession } from '@/lib/session';

export interface ListParams {
  page: number;
  sort: string;
  search: string;
  subcategory: number | null;
}

const query = (params: Record<string, string | number | null | undefined>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== null && v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();

/** Lists carry the caller's enrolments when a token is sent, so the session is part of the key. */
function useListQuery<T>(kind: 'courses' | 'bundles', params: ListParams) {
  const { data: school } = useSchool();
  const session = useSession();
  return useQuery({
    queryKey: ['catalogue', kind, school?.id, session?.token, params],
    queryFn: () =>
      api<ListPage<T>>(
        `/schools/${school!.id}/${kind}/?${query({
          page: params.page,
          perpage: LIST_PAGE_SIZE,
          sort: params.sort,
          [kind === 'courses' ? 'search_course' : 'bundle_name']: params.search,
          subcategory: params.subcategory,
        })}`,
      ),
    enabled: Boolean(school),
    placeholderData: keepPreviousData,
  });
}

export const useCourses = (params: ListParams) => useListQuery<CourseCard>('courses', params);
export const useBundles = (params: ListParams) => useListQuery<BundleCard>('bundles', params);

export function useSubcategories() {
  const { data: school } = useSchool();
  return useQuery({
    queryKey: ['catalogue', 'subcategories', school?.id],
    queryFn: () => api<Subcategory[]>(`/schools/${school!.id}/subcategories/`),
    enabled: Boolean(school),
    staleTime: 5 * 60_000,
  });
}

export function useSimilarCourses(id: number) {
  return useQuery({ queryKey: ['catalogue', 'similar', id], queryFn: () => api<CourseCard[]>(`/courses/${id}/similar_courses/`) });
}

export function useLanding() {
  const { data: school } = useSchool();
  const featured = useQuery({ queryKey: ['catalogue', 'featured', school?.id], queryFn: () => api<FeaturedMaterial>(`/schools/${school!.id}/featured_material/`), enabled: Boolean(school) });
  const top = useQuery({ queryKey: ['catalogue', 'top', school?.id], queryFn: () => api<CourseCard[]>(`/schools/${school!.id}/top_courses/`), enabled: Boolean(school) });
  return { featured, top };
}

export const useSchedule = (classId: number | null) =>
  useQuery({ queryKey: ['catalogue', 'schedule', classId], queryFn: () => api<Schedule>(`/classes/${classId}/schedule/`), enabled: classId !== null });

/** After an enrolment or a refusal, the page and every list show the server's state (enrolled, or ended). */
function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['catalogue'] });
}

export function useEnrolCourse() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (body: CourseEnrollmentBody) => api<CourseEnrollmentResult>('/student/enrollment/', { body }),
    onSettled: refresh,
  });
}

export function useEnrolBundle() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (body: BundleEnrollmentBody) => api<BundleEnrollmentResult>('/enrollment/bundle/', { body }),
    onSettled: refresh,
  });
}
