import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { KycReview, kycReviewQuerySchema } from '@school/shared/kyc/schemas';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export type ReviewStatus = z.infer<typeof kycReviewQuerySchema>['status'];

/** The school's submissions of one status (manual: those waiting for a decision), newest first. */
export function useKycReviews(status: ReviewStatus, page: number) {
  const session = useSession();
  return useQuery({
    queryKey: ['kyc-reviews', session?.token, status, page],
    queryFn: () => api<ListPage<KycReview>>(`/kyc/submissions/?${new URLSearchParams({ status, page: String(page) })}`),
    placeholderData: keepPreviousData,
  });
}

/** Approves or rejects a submission; the queue is read again. */
export function useKycDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason: string }) => api<KycReview>(`/kyc/submissions/${id}/${approve ? 'approve' : 'reject'}/`, { body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kyc-reviews'] }),
  });
}
