import { peso } from '@school/shared/payments/money';
import { dateTimeIn } from '@school/shared/school/dates';
import { refundStateLabels, type StaffRefund } from '@school/shared/staff/payments';

/** A transaction's refunds: when, how much, why, whether access ended, by whom, and where the money is. */
export function RefundList({ refunds, timeZone }: { refunds: StaffRefund[]; timeZone: string }) {
  if (refunds.length === 0) return <p className="muted">Nothing has been refunded.</p>;
  // A phone's width may not hold six columns: the table scrolls in its own box, reachable by keyboard.
  return (
    <div className="staff-table-box" role="region" aria-label="Refunds" tabIndex={0}>
    <table className="staff-table">
      <caption className="visually-hidden">Refunds of this payment</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Amount</th>
          <th scope="col">Reason</th>
          <th scope="col">Enrolment</th>
          <th scope="col">State</th>
          <th scope="col">By</th>
        </tr>
      </thead>
      <tbody>
        {refunds.map((r) => (
          <tr key={r.id}>
            <td>{dateTimeIn(r.created_at, timeZone)}</td>
            <td>{peso(r.amount)}</td>
            <td>{r.reason}</td>
            <td>{r.cancels_enrolment ? 'Ended' : 'Kept'}</td>
            <td>{refundStateLabels[r.state]}</td>
            <td>{r.by ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
