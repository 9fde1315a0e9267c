import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { StaffVoucher, StaffVoucherListQuery, VoucherFields, VoucherTargets } from '@school/shared/staff/vouchers';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';
import { queryString } from '../../../lib/query-string';

const voucherKeys = {
  all: ['staff', 'vouchers'] as const,
  list: (filters: StaffVoucherListQuery) => ['staff', 'vouchers', 'list', filters] as const,
  targets: ['staff', 'vouchers', 'targets'] as const,
};

export const useStaffVouchers = (filters: StaffVoucherListQuery) =>
  useQuery({ queryKey: voucherKeys.list(filters), queryFn: () => api<ListPage<StaffVoucher>>(`/staff/vouchers/?${queryString(filters)}`), placeholderData: keepPreviousData });

export const useVoucherTargets = () => useQuery({ queryKey: voucherKeys.targets, queryFn: () => api<VoucherTargets>('/staff/vouchers/targets/'), staleTime: 60_000 });

/** A new voucher (no id) or a whole voucher saved to the version it was loaded at (a 412 holds the current one). */
export function useSaveVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ voucher, body }: { voucher: StaffVoucher | null; body: VoucherFields }) =>
      voucher ? api<StaffVoucher>(`/staff/vouchers/${voucher.id}/`, { method: 'PUT', body, headers: { 'if-match': etagOf(voucher.version) } }) : api<StaffVoucher>('/staff/vouchers/', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: voucherKeys.all, refetchType: 'active' }),
  });
}
