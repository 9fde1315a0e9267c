import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { RefundBody, StaffPayment, StaffPaymentDetail, StaffPaymentQuery } from '@school/shared/staff/payments';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

const paymentKeys = {
  all: ['staff', 'payments'] as const,
  list: (filters: StaffPaymentQuery) => ['staff', 'payments', 'list', filters] as const,
  one: (id: number) => ['staff', 'payments', 'one', id] as const,
};

export const useStaffPayments = (filters: StaffPaymentQuery) =>
  useQuery({ queryKey: paymentKeys.list(filters), queryFn: () => api<ListPage<StaffPayment>>(`/staff/payments/?${queryString(filters)}`), placeholderData: keepPreviousData });

export const useStaffPayment = (id: number) => useQuery({ queryKey: paymentKeys.one(id), queryFn: () => api<StaffPaymentDetail>(`/staff/payments/${id}/`), enabled: id > 0 });

/** Confirms (no reason) or declines (a reason) a payment made at the office; every payments view reads again. */
export function useSettlePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decline }: { id: number; decline?: { reason: string } }) =>
      api<StaffPaymentDetail>(`/staff/payments/${id}/${decline ? 'decline' : 'confirm'}/`, { method: 'POST', body: decline ?? {} }),
    onSuccess: async (settled) => {
      client.setQueryData(paymentKeys.one(settled.id), settled);
      await client.invalidateQueries({ queryKey: paymentKeys.all });
      // A settled payment enrols the student or takes the waiting enrolment away: their page reads again.
      await client.invalidateQueries({ queryKey: ['staff', 'students'] });
    },
  });
}

/** Gives money back (and maybe ends the enrolment); the key makes a retried click the same refund. */
export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: RefundBody; key: string }) =>
      api<StaffPaymentDetail>(`/staff/payments/${id}/refunds/`, { method: 'POST', body, headers: { 'idempotency-key': key } }),
    onSuccess: async (refunded) => {
      client.setQueryData(paymentKeys.one(refunded.id), refunded);
      await client.invalidateQueries({ queryKey: paymentKeys.all });
      await client.invalidateQueries({ queryKey: ['staff', 'students'] });
    },
  });
}
