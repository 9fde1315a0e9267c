import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingPayment, Transaction } from '@school/shared/payments/schemas';
import { api } from './api-client';
import { useSession } from './session';

/** The caller's payments at this site's school that have not gone through: not enrolments (docs/decisions.md). */
export function usePendingPayments(enabled = true) {
  const token = useSession()?.token;
  return useQuery({
    queryKey: ['payments', 'pending', token],
    queryFn: () => api<PendingPayment[]>('/payment/pending/'),
    enabled: enabled && Boolean(token),
    // A payment settles elsewhere (the gateway, the school): what it is now, whenever it is shown.
    staleTime: 0,
  });
}

/** Cancels one; the enrolment it made, the course count and the lists are read again, refused or not. */
export function useCancelPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Transaction>(`/payment/transactions/${id}/cancel/`, { method: 'POST' }),
    onSettled: () => Promise.all(['payments', 'catalogue', 'profile', 'my-courses'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}
