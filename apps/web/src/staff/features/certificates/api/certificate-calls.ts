import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { CertificateSettings, CertificateSettingsPatch, StaffCertificate, StaffCertificateQuery } from '@school/shared/staff/certificates';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

const keys = {
  list: ['staff', 'certificates'] as const,
  settings: ['staff', 'certificate-settings'] as const,
};

export const useStaffCertificates = (filters: StaffCertificateQuery) =>
  useQuery({ queryKey: [...keys.list, filters], queryFn: () => api<ListPage<StaffCertificate>>(`/staff/certificates/?${queryString(filters)}`), placeholderData: keepPreviousData });

function useCertificateWrite<V>(call: (vars: V) => Promise<StaffCertificate>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.list }) });
}

export const useRevokeCertificate = () =>
  useCertificateWrite(({ id, reason }: { id: number; reason: string }) => api<StaffCertificate>(`/staff/certificates/${id}/revoke/`, { method: 'POST', body: { reason } }));

export const useReissueCertificate = () => useCertificateWrite((id: number) => api<StaffCertificate>(`/staff/certificates/${id}/reissue/`, { method: 'POST', body: {} }));

export const useCertificateSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => api<CertificateSettings>('/staff/certificate-settings/') });

/** Saves to the version the editor loaded (412 holds the settings as they now are); the school's settings share it. */
export function useUpdateCertificateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version, patch }: { version: number; patch: CertificateSettingsPatch }) =>
      api<CertificateSettings>('/staff/certificate-settings/', { method: 'PATCH', body: patch, headers: { 'if-match': etagOf(version) } }),
    onSuccess: (saved) => {
      client.setQueryData(keys.settings, saved);
      return client.invalidateQueries({ queryKey: ['staff', 'school'] });
    },
  });
}

export const certificateSettingsKey = keys.settings;
