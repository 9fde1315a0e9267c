import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { BundleCourse, BundleFields, StaffBundle, StaffBundleListQuery, StaffBundleRow } from '@school/shared/staff/bundles';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

const bundleKeys = {
  all: ['staff', 'bundles'] as const,
  list: (filters: StaffBundleListQuery) => ['staff', 'bundles', 'list', filters] as const,
  one: (id: number) => ['staff', 'bundles', 'one', id] as const,
  courses: ['staff', 'bundles', 'courses'] as const,
};

export const useStaffBundles = (filters: StaffBundleListQuery) =>
  useQuery({ queryKey: bundleKeys.list(filters), queryFn: () => api<ListPage<StaffBundleRow>>(`/staff/bundles/?${queryString(filters)}`), placeholderData: keepPreviousData });

export const useStaffBundle = (id: number) => useQuery({ queryKey: bundleKeys.one(id), queryFn: () => api<StaffBundle>(`/staff/bundles/${id}/`), enabled: id > 0 });

export const useBundleCourseChoices = () => useQuery({ queryKey: bundleKeys.courses, queryFn: () => api<BundleCourse[]>('/staff/bundles/courses/') });

/** A new bundle (its name is enough: the rest has defaults). */
export function useCreateBundle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<BundleFields>) => api<StaffBundle>('/staff/bundles/', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: bundleKeys.all }),
  });
}

/** The whole bundle saved to the version it was loaded at (a 412 holds the current one). */
export function useSaveBundle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bundle, body }: { bundle: Pick<StaffBundle, 'id' | 'version'>; body: BundleFields }) =>
      api<StaffBundle>(`/staff/bundles/${bundle.id}/`, { method: 'PUT', body, headers: { 'if-match': etagOf(bundle.version) } }),
    onSuccess: (saved) => client.setQueryData(bundleKeys.one(saved.id), saved),
    onSettled: () => client.invalidateQueries({ queryKey: bundleKeys.all, refetchType: 'active' }),
  });
}

export function useDeleteBundle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bundle: Pick<StaffBundleRow, 'id' | 'version'>) => api<{ detail: string }>(`/staff/bundles/${bundle.id}/`, { method: 'DELETE', headers: { 'if-match': etagOf(bundle.version) } }),
    onSettled: () => client.invalidateQueries({ queryKey: bundleKeys.all }),
  });
}
