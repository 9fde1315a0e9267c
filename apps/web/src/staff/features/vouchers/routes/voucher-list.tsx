import { useState } from 'react';
import { shortDate } from '@school/shared/school/dates';
import { staffVoucherListQuerySchema, VOUCHER_PAGE_SIZE, voucherStatusLabels, voucherValueText, type StaffVoucher } from '@school/shared/staff/vouchers';
import { Button } from '@/components/button';
import { InlineSelect } from '@/components/inline-select';
import { SearchBox } from '@/components/search-box';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useListFilters } from '../../../lib/use-list-filters';
import { useSaveVoucher, useStaffVouchers } from '../api/voucher-calls';
import { VoucherDialog } from '../components/voucher-dialog';

const statusOptions = [
  { value: '', label: 'All vouchers' },
  { value: 'active', label: 'Switched on' },
  { value: 'inactive', label: 'Deactivated' },
];

const dates = (v: StaffVoucher) => {
  if (!v.starts_on && !v.ends_on) return 'Any day';
  if (!v.ends_on) return `From ${shortDate(v.starts_on!)}`;
  if (!v.starts_on) return `Until ${shortDate(v.ends_on)}`;
  return `${shortDate(v.starts_on)} to ${shortDate(v.ends_on)}`;
};

/** The whole voucher as a PUT body, switched on or off. */
const switched = (v: StaffVoucher, active: boolean) => ({
  code: v.code,
  type: v.type,
  value: v.value,
  course_id: v.course?.id ?? null,
  bundle_id: v.bundle?.id ?? null,
  usage_limit: v.usage_limit,
  per_user_limit: v.per_user_limit,
  starts_on: v.starts_on,
  ends_on: v.ends_on,
  is_active: active,
});

/** /staff/vouchers: the school's voucher codes, their uses and where each stands; New voucher, Edit, Deactivate. */
export function VoucherList() {
  const { filters, update } = useListFilters(staffVoucherListQuerySchema);
  const vouchers = useStaffVouchers(filters);
  const save = useSaveVoucher();
  const [editing, setEditing] = useState<StaffVoucher | null | undefined>(undefined);
  const [deactivating, setDeactivating] = useState<StaffVoucher | null>(null);

  async function setActive(v: StaffVoucher, active: boolean) {
    try {
      await save.mutateAsync({ voucher: v, body: switched(v, active) });
      notify.success(active ? `${v.code} is active again.` : `${v.code} is deactivated.`);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? `${v.code} could not be changed. Reload the list and try again.`);
    }
  }

  const columns: DataColumn<StaffVoucher>[] = [
    { id: 'code', header: 'Code', cell: ({ row }) => <code>{row.original.code}</code> },
    { id: 'value', header: 'Off', cell: ({ row }) => voucherValueText(row.original) },
    { id: 'item', header: 'Applies to', cell: ({ row }) => row.original.course?.name ?? row.original.bundle?.name ?? 'Every course and bundle' },
    { id: 'uses', header: 'Used', cell: ({ row }) => (row.original.usage_limit === null ? `${row.original.used_count}` : `${row.original.used_count} of ${row.original.usage_limit}`) },
    { id: 'dates', header: 'Days', cell: ({ row }) => dates(row.original) },
    { id: 'status', header: 'Status', cell: ({ row }) => <span className={`status-badge voucher-${row.original.status}`}>{voucherStatusLabels[row.original.status]}</span> },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) => {
        const v = row.original;
        return (
          <div className="row-actions">
            <Button variant="ghost" label="Edit" aria-label={`Edit ${v.code}`} onClick={() => setEditing(v)} />
            {v.is_active ? (
              <Button variant="ghost" label="Deactivate" aria-label={`Deactivate ${v.code}`} onClick={() => setDeactivating(v)} />
            ) : (
              <Button variant="ghost" label="Activate" aria-label={`Activate ${v.code}`} onClick={() => void setActive(v, true)} />
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Vouchers</h1>
        <Button label="New voucher" onClick={() => setEditing(null)} />
      </div>
      <div className="list-controls-row">
        <SearchBox label="Search codes" value={filters.search ?? ''} onSearch={(search) => update({ search })} />
        <InlineSelect label="Show" value={filters.status ?? ''} options={statusOptions} onChange={(status) => update({ status })} />
      </div>
      <DataTable
        caption="Vouchers"
        columns={columns}
        query={vouchers}
        what="The vouchers"
        empty="No vouchers match. Create one with New voucher."
        perPage={VOUCHER_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
      <VoucherDialog voucher={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={deactivating !== null}
        title="Deactivate this voucher?"
        message={`${deactivating?.code ?? 'The voucher'} will be refused at checkout until you activate it again. Payments already made keep their discount.`}
        confirmLabel="Deactivate"
        danger
        busy={save.isPending}
        onConfirm={() => void (deactivating && setActive(deactivating, false).then(() => setDeactivating(null)))}
        onClose={() => setDeactivating(null)}
      />
    </div>
  );
}
