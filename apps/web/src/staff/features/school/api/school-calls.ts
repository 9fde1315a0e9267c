import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchoolSettingsPatch, StaffSchool } from '@school/shared/staff/school-settings';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';

export const schoolKey = ['staff', 'school'] as const;

export const useStaffSchool = () => useQuery({ queryKey: schoolKey, queryFn: () => api<StaffSchool>('/staff/school/') });

/** Saves to the version the editor loaded (412 holds the school as it now is); the site's own copy is read again. */
export function useUpdateSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ school, patch }: { school: Pick<StaffSchool, 'version'>; patch: SchoolSettingsPatch }) =>
      api<StaffSchool>('/staff/school/', { method: 'PATCH', body: patch, headers: { 'if-match': etagOf(school.version) } }),
    onSuccess: (saved) => {
      client.setQueryData(schoolKey, saved);
      // The site's school, its links and its FAQ are all under ['school'].
      return client.invalidateQueries({ queryKey: ['school'] });
    },
  });
}
