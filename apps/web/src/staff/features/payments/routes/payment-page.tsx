import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { peso } from '@school/shared/payments/money';
import { dateTimeIn } from '@school/shared/school/dates';
import { ORPHANED_LABEL, paymentEventLabels, type StaffPaymentDetail } from '@school/shared/staff/payments';
import { Button } from '@/components/button';
import { useSchool } from '@/lib/school';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useStaffPayment } from '../api/payment-calls';
import { RefundDialog } from '../components/refund-dialog';
import { RefundList } from '../components/refund-list';
import { SettleActions } from '../components/settle-actions';
import { StatusBadge } from '../components/status-badge';
import '../payments.css';

/** The lines of the breakdown that apply: the price, VAT, fee, then what a voucher or coins took off. */
function breakdownLines(p: StaffPaymentDetail): [string, string][] {
  const b = p.breakdown;
  const lines: [string, number, boolean][] = [
    ['Price', b.subtotal, true],
    ['VAT', b.tax, b.tax > 0],
    ['Processing fee', b.fee, b.fee > 0],
    [p.voucher ? `Voucher ${p.voucher}` : 'Voucher', -b.discount, b.discount > 0],
    ['L2E Coins', -b.coins, b.coins > 0],
    ['Total', b.amount, true],
    ['Refunded', -p.refunded, p.refunded > 0],
  ];
  return lines.filter(([, , shown]) => shown).map(([label, value]) => [label, peso(value)]);
}

/** /staff/payments/{id}: a transaction's breakdown, its gateway facts and what happened to it, with Confirm and Decline. */
export function PaymentPage() {
  const id = Number(useParams().id);
  const payment = useStaffPayment(id);
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const when = (iso: string) => dateTimeIn(iso, timeZone);
  const [refunding, setRefunding] = useState(false);

  return (
    <div className="console-page">
      <p>
        <Link to={staffPaths.payments}>Payments</Link>
      </p>
      <QueryState query={payment} what="The payment" refused="Only the school's administrators see its payments.">
        {(p) => (
          <>
            <div className="console-head">
              <h1>Payment {p.reference}</h1>
              <StatusBadge status={p.status} />
              {p.orphaned && <span className="status-badge status-pending">{ORPHANED_LABEL}</span>}
              {p.may_settle && <SettleActions payment={p} />}
            </div>
            <dl className="fact-list">
              <dt>Payer</dt>
              <dd>
                {p.payer.name} · {p.payer.email}
              </dd>
              <dt>For</dt>
              <dd>{p.item.name}</dd>
              <dt>Mode</dt>
              <dd>{[p.mode_label, p.channel].filter(Boolean).join(' · ')}</dd>
              <dt>Started</dt>
              <dd>{when(p.created_at)}</dd>
              {p.paid_at && (
                <>
                  <dt>Paid</dt>
                  <dd>{when(p.paid_at)}</dd>
                </>
              )}
              {p.pay_later && (
                <>
                  <dt>Pay later</dt>
                  <dd>Pays for an enrolment the student began before paying.</dd>
                </>
              )}
              <dt>Gateway</dt>
              <dd>{[p.gateway, p.provider_ref].filter(Boolean).join(' · ')}</dd>
              {p.ref_code && (
                <>
                  <dt>Payment code</dt>
                  <dd>
                    {p.ref_code}
                    {p.expires_at && ` (lapses ${when(p.expires_at)})`}
                  </dd>
                </>
              )}
            </dl>
            <h2>Breakdown</h2>
            <table className="staff-table">
              <caption className="visually-hidden">The amount and how it is made up</caption>
              <tbody>
                {breakdownLines(p).map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="console-head">
              <h2>Refunds</h2>
              {p.refundable && (p.refundable.amount > 0 || p.refundable.may_cancel) && <Button label="Refund" variant="ghost" onClick={() => setRefunding(true)} />}
            </div>
            <RefundList refunds={p.refunds} timeZone={timeZone} />
            {p.refundable && <RefundDialog payment={p} open={refunding} onClose={() => setRefunding(false)} />}
            <h2>History</h2>
            <ol className="payment-history">
              {p.events.map((e) => (
                <li key={`${e.type}-${e.at}`}>
                  {when(e.at)}: {paymentEventLabels[e.type] ?? e.type}
                  {e.actor && ` · by ${e.actor}`}
                  {e.reason && `: ${e.reason}`}
                </li>
              ))}
            </ol>
            {p.callbacks.length > 0 && (
              <>
                <h2>Gateway callbacks</h2>
                <ol className="payment-history">
                  {p.callbacks.map((c) => (
                    <li key={c.event_id}>
                      {when(c.received_at)}: {c.gateway} event {c.event_id}, {c.outcome}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
