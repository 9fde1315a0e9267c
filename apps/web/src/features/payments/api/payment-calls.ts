import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApplyCoinsBody, ApplyCoinsResult, Channels, ContentType, Fees, FeesBody, ProcessBody, ProcessResult, VoucherResult } from '@school/shared/payments/schemas';
import { api } from '@/lib/api-client';

/** Voucher and coin paths name a course or a bundle; a class is bought under its course. */
export type ItemKind = 'course' | 'bundle';

export const useChannels = (contentType: ContentType, objectId: number) =>
  useQuery({
    queryKey: ['payments', 'channels', contentType, objectId],
    queryFn: () => api<Channels>(`/payment/fetch_channels/?${new URLSearchParams({ content_type: contentType, object_id: String(objectId) })}`),
  });

const feesQueryOptions = (body: FeesBody) => ({
  queryKey: ['payments', 'fees', body] as const,
  queryFn: () => api<Fees>('/payment/fees/', { body }),
  // The breakdown is what will be charged: asked again whenever the form comes back to the same choices.
  staleTime: 0,
});

/** The server's breakdown for the form's current choices; the last one stays on screen while the next loads. */
export const useFees = (body: FeesBody) => useQuery({ ...feesQueryOptions(body), placeholderData: keepPreviousData });

/** The breakdown for choices about to be made, for the transitions that depend on it (a waived total). */
export const fetchFees = (queryClient: QueryClient, body: FeesBody) => queryClient.fetchQuery(feesQueryOptions(body));

export const useVoucherCheck = () =>
  useMutation({
    mutationFn: ({ code, kind, id }: { code: string; kind: ItemKind; id: number }) => api<VoucherResult>(`/vouchers/${encodeURIComponent(code)}/${kind}/${id}/`),
  });

export const useApplyCoins = () =>
  useMutation({
    mutationFn: ({ kind, id, body }: { kind: ItemKind; id: number; body: ApplyCoinsBody }) => api<ApplyCoinsResult>(`/wallets/apply_coins/${kind}/${id}/`, { body }),
  });

/** One purchase attempt; the key makes a retried or double-sent request count once. */
export function useProcessPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ProcessBody; idempotencyKey: string }) =>
      api<ProcessResult>('/payment/process/', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    // The item's enrolment and the wallet may have changed (coins spent), whatever the answer.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['catalogue'] }), queryClient.invalidateQueries({ queryKey: ['wallet'] })]),
  });
}
