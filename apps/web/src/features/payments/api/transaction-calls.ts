import { useQuery } from '@tanstack/react-query';
import type { Instruction, Transaction } from '@school/shared/payments/schemas';
import { api } from '@/lib/api-client';

export const useTransaction = (txnId: number | null) =>
  useQuery({ queryKey: ['payments', 'transaction', txnId], queryFn: () => api<Transaction>(`/transaction/${txnId}/`), enabled: txnId !== null, retry: false, staleTime: 0 });

/** The over-the-counter code, how to pay it, and (sandbox only, while payable) the counter to pay it at. */
export const useInstruction = (txnId: number | null) =>
  useQuery({
    queryKey: ['payments', 'instruction', txnId],
    queryFn: () => api<Instruction>(`/payment/bux/fetch_details/?${new URLSearchParams({ txn_id: String(txnId) })}`),
    enabled: txnId !== null,
    retry: false,
    staleTime: 0,
  });
