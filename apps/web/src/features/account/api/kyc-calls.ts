import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycStatus, KycTemplate, KycUploadBody } from '@school/shared/kyc/schemas';
import { api } from '@/lib/api-client';
import { kycStatusQueryOptions } from '@/lib/kyc-status';
import { useSession } from '@/lib/session';

/** The kinds of ID the school accepts (GET /kyc/template_ids/). */
export const useKycTemplates = () => useQuery({ queryKey: ['kyc-templates'], queryFn: () => api<KycTemplate[]>('/kyc/template_ids/'), staleTime: Infinity });

/** POST /kyc/upload/: the IDs and the selfie; the answer is the new status, which every reader of it then shows. */
export function useKycUpload() {
  const token = useSession()?.token;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycUploadBody) => api<KycStatus>('/kyc/upload/', { method: 'POST', body }),
    onSuccess: (status) => queryClient.setQueryData(kycStatusQueryOptions(token).queryKey, status),
  });
}

/** POST /kyc/verify/notify/: tells the school's administrators that a manual submission waits for them. */
export const notifyKycReviewers = (school: number) => api<unknown>('/kyc/verify/notify/', { method: 'POST', body: { school } });
