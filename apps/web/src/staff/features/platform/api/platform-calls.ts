import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { NewSchool, NewSchoolHost, PlatformSchool, PlatformSchoolPatch, PlatformSchoolQuery, SchoolHost } from '@school/shared/platform/schools';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

const keys = {
  all: ['platform', 'schools'] as const,
  school: (id: number) => ['platform', 'schools', id] as const,
  hosts: (id: number) => ['platform', 'schools', id, 'hosts'] as const,
};

export const usePlatformSchools = (filters: PlatformSchoolQuery, enabled = true) =>
  useQuery({ queryKey: [...keys.all, 'list', filters], enabled, queryFn: () => api<ListPage<PlatformSchool>>(`/admin/schools/?${queryString(filters)}`), placeholderData: keepPreviousData });

/** Where one school's answer is kept: a page that learns the school as it now is (a 412's) puts it there. */
export const platformSchoolKey = keys.school;

export const usePlatformSchool = (id: number) => useQuery({ queryKey: keys.school(id), queryFn: () => api<PlatformSchool>(`/admin/schools/${id}/`) });

export function useCreateSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSchool) => api<PlatformSchool>('/admin/schools/', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Saves to the version the page loaded (412 holds the school as it now is). */
export function useUpdateSchool(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version, patch }: { version: number; patch: PlatformSchoolPatch }) =>
      api<PlatformSchool>(`/admin/schools/${id}/`, { method: 'PATCH', body: patch, headers: { 'if-match': etagOf(version) } }),
    onSuccess: (saved) => {
      client.setQueryData(keys.school(id), saved);
      return client.invalidateQueries({ queryKey: [...keys.all, 'list'] });
    },
  });
}

export const useSchoolHosts = (id: number) => useQuery({ queryKey: keys.hosts(id), queryFn: () => api<SchoolHost[]>(`/admin/schools/${id}/domains/`) });

/** A change of a school's host names; each answers the whole list, which replaces the one shown. */
function useHostWrite<V>(id: number, call: (vars: V) => Promise<SchoolHost[]>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (hosts) => {
      client.setQueryData(keys.hosts(id), hosts);
      // The school's address and the list's column follow its primary host name.
      return Promise.all([client.invalidateQueries({ queryKey: keys.school(id), exact: true }), client.invalidateQueries({ queryKey: [...keys.all, 'list'] })]);
    },
  });
}

export const useAddHost = (id: number) => useHostWrite(id, (body: NewSchoolHost) => api<SchoolHost[]>(`/admin/schools/${id}/domains/`, { method: 'POST', body }));
export const useSetPrimaryHost = (id: number) =>
  useHostWrite(id, ({ hostId, primary }: { hostId: number; primary: boolean }) => api<SchoolHost[]>(`/admin/schools/${id}/domains/${hostId}/`, { method: 'PATCH', body: { is_primary: primary } }));
export const useRemoveHost = (id: number) => useHostWrite(id, (hostId: number) => api<SchoolHost[]>(`/admin/schools/${id}/domains/${hostId}/`, { method: 'DELETE' }));
