import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycStatus } from '@school/shared/kyc/schemas';
import { api } from './api-client';
import { useSession } from './session';

/** While the automatic check runs, the status is read again this often. */
const POLL_MS = 2_000;

export const kycStatusQueryOptions = (token: string | undefined) => queryOptions({ queryKey: ['kyc-status', token], queryFn: () => api<KycStatus>('/kyc/status/') });

/**
 * The caller's identity verification (GET /kyc/status/): the Authenticate ID tab, its warning icon and the
 * enrolment gate read it. Only a student at a school with the kyc product has one; `enabled` says so. With `poll`
 * (one reader on a page is enough) it is read again every 2 s while a check runs, and every reader sees the result.
 */
export function useKycStatus(enabled: boolean, poll = false) {
  const token = useSession()?.token;
  return useQuery({
    ...kycStatusQueryOptions(token),
    enabled: enabled && Boolean(token),
    refetchInterval: poll ? (query) => (query.state.data?.status === 'pending' ? POLL_MS : false) : false,
  });
}
