import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentitySettings, IdentitySettingsPatch } from '@school/shared/staff/identity-settings';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';

export const identitySettingsKey = ['staff', 'identity-settings'] as const;

export const useIdentitySettings = () => useQuery({ queryKey: identitySettingsKey, queryFn: () => api<IdentitySettings>('/staff/identity-settings/') });

/** Saves to the version the editor loaded (412 holds the settings as they now are). */
export function useUpdateIdentitySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version, patch }: { version: number; patch: IdentitySettingsPatch }) =>
      api<IdentitySettings>('/staff/identity-settings/', { method: 'PATCH', body: patch, headers: { 'if-match': etagOf(version) } }),
    onSuccess: (saved) => {
      client.setQueryData(identitySettingsKey, saved);
      // The school's own settings share its version, and the site's copy holds the primary ID.
      return Promise.all([client.invalidateQueries({ queryKey: ['staff', 'school'] }), client.invalidateQueries({ queryKey: ['school'] })]);
    },
  });
}
