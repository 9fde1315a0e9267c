import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCertificate } from '@school/shared/certificates/schemas';
import { api } from '@/lib/api-client';

/** A certificate by its verification code: public, no login, on any school's host. */
export const getCertificate = (code: string) => api<PublicCertificate>(`/certificates/${encodeURIComponent(code)}/`);

/** Its image and PDF addresses last an hour: read again before they lapse on a page left open. */
const FILE_REFRESH_MS = 45 * 60_000;

export const certificateQueryOptions = (code: string) =>
  queryOptions({ queryKey: ['certificate', code], queryFn: () => getCertificate(code), staleTime: 0, refetchInterval: FILE_REFRESH_MS });

export const useCertificate = (code: string | null) => useQuery({ ...certificateQueryOptions(code ?? ''), enabled: code !== null });
