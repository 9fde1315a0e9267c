import { Link } from 'react-router';
import { peso } from '@school/shared/payments/money';
import { dateTimeIn } from '@school/shared/school/dates';
import { ORPHANED_LABEL, PAYMENTS_PAGE_SIZE, staffPaymentQuerySchema, type StaffPayment, type StaffPaymentQuery } from '@school/shared/staff/payments';
import { Button } from '@/components/button';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ExportButton } from '../../../components/export-button';
import { staffPaths } from '../../../config/staff-paths';
import { useListFilters } from '../../../lib/use-list-filters';
import { useStaffPayments } from '../api/payment-calls';
import { PaymentFilterForm } from '../components/payment-filter-form';
import { SettleActions } from '../components/settle-actions';
import { StatusBadge } from '../components/status-badge';
import '../payments.css';

/** The list's filters without its page: an export holds every page. */
const withoutPage = ({ page: _page, ...filters }: StaffPaymentQuery) => filters;

/** /staff/payments: every transaction of the school, newest first; a cash payment is confirmed or declined here. */
export function PaymentList() {
  const { filters, update } = useListFilters(staffPaymentQuerySchema);
  const payments = useStaffPayments(filters);
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';

  const columns: DataColumn<StaffPayment>[] = [
    { id: 'created', header: 'Date', cell: ({ row }) => dateTimeIn(row.original.created_at, timeZone) },
    { id: 'reference', header: 'Reference', cell: ({ row }) => <Link to={staffPaths.payment(row.original.id)}>{row.original.reference}</Link> },
    {
      id: 'payer',
      header: 'Payer',
      cell: ({ row }) => <Button variant="link" label={row.original.payer.name} aria-label={`Only ${row.original.payer.name}'s payments`} onClick={() => update({ payer: row.original.payer.id })} />,
    },
    { id: 'item', header: 'For', cell: ({ row }) => row.original.item.name },
    { id: 'mode', header: 'Mode', cell: ({ row }) => [row.original.mode_label, row.original.channel].filter(Boolean).join(' · ') },
    { id: 'amount', header: 'Amount', cell: ({ row }) => (row.original.refunded > 0 ? `${peso(row.original.amount)} (${peso(row.original.refunded)} refunded)` : peso(row.original.amount)) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <>
          <StatusBadge status={row.original.status} />
          {row.original.orphaned && <span className="status-badge status-pending">{ORPHANED_LABEL}</span>}
        </>
      ),
    },
    { id: 'actions', header: 'Actions', cell: ({ row }) => (row.original.may_settle ? <SettleActions payment={row.original} /> : null) },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Payments</h1>
        <ExportButton request={{ kind: 'payments', filters: withoutPage(filters) }} />
      </div>
      <PaymentFilterForm filters={filters} onApply={update} />
      {filters.payer !== undefined && (
        <p>
          Only one payer&apos;s payments. <Button variant="link" label="Every payer" onClick={() => update({ payer: undefined })} />
        </p>
      )}
      <DataTable
        caption="Transactions, newest first"
        columns={columns}
        query={payments}
        what="The payments"
        empty="No payment matches these filters."
        perPage={PAYMENTS_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
    </div>
  );
}
