import { Link, useSearchParams } from 'react-router';
import { processorTypeLabels, TRANSACTION_STATUSES, type TransactionStatus } from '@school/shared/payments/rules';
import { peso } from '@school/shared/payments/money';
import type { Transaction } from '@school/shared/payments/schemas';
import { longDate, todayIn } from '@school/shared/school/dates';
import { PageHeader } from '@/components/breadcrumb';
import { Image } from '@/components/image';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useTransaction } from '../api/transaction-calls';
import { queryId } from '../components/query-id';
import { RateTooltip } from '../components/rate-tooltip';
import { SummaryLines, type SummaryLine } from '../components/summary-lines';
import { txnProblem, useLeaveWith } from '../components/use-leave-with';
import '../payments.css';

const isStatus = (status: string): status is TransactionStatus => (TRANSACTION_STATUSES as readonly string[]).includes(status);

/** Headline and description by status (spec 3 §2); a failed payment reads as one not processed. */
function message(status: TransactionStatus, noun: 'course' | 'bundle') {
  if (status === 'Paid') return { tone: 'tone-success', icon: '✓', headline: 'Thank you!', text: 'Your payment has been successfully processed.' };
  if (status === 'Pending') return { tone: 'tone-warning', icon: '!', headline: 'Payment Pending', text: `Thank you for enrolling to this ${noun}. You can start learning once we confirm your payment.` };
  return { tone: 'tone-error', icon: '×', headline: 'Oops...', text: 'Your payment has not been processed.' };
}

/** The mode as the transaction names it, with its channel when there is one. */
function modeOfPayment(txn: Transaction) {
  const label = processorTypeLabels[txn.processor_type as keyof typeof processorTypeLabels] ?? txn.processor_type;
  return txn.processor ? `${label} - ${txn.processor}` : label;
}

/** Money the school gave back on this payment, and whether the enrolment ended with it. */
function RefundLines({ txn }: { txn: Transaction }) {
  const { data: school } = useSchool();
  const timeZone = school?.time_zone ?? 'Asia/Manila';
  return (
    <section aria-labelledby="result-refunds-title">
      <h3 id="result-refunds-title">Refunds</h3>
      <ul className="refund-lines">
        {txn.refunds.map((r) => (
          <li key={r.created}>
            <strong>{r.amount > 0 ? `${peso(r.amount)} refunded` : 'Enrolment cancelled'}</strong> on {longDate(todayIn(timeZone, new Date(r.created)))}
            {r.state !== 'succeeded' && ' (on its way back to you)'}: {r.reason}
            {/[.!?]$/.test(r.reason) ? '' : '.'}
            {r.ended_enrolment && r.amount > 0 && ' Your enrolment has ended.'}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /enrollment/payment?txn_id= (spec 3 §2): where a payment lands after the gateway or the form. */
export function PaymentResult() {
  const [params] = useSearchParams();
  const txnId = queryId(params.get('txn_id'));
  const txn = useTransaction(txnId);
  const { data: school } = useSchool();
  const problem = txnProblem(txnId, txn.error) ?? (txn.data && !isStatus(txn.data.status) ? 'Invalid Payment Status' : null);
  useLeaveWith(problem);
  return (
    <main>
      <PageHeader title="Payment" cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Payment' }]} />
      {txn.data && !problem ? <ResultView txn={txn.data} /> : <Loading />}
    </main>
  );
}

function ResultView({ txn }: { txn: Transaction }) {
  const item = txn.object_details;
  const bundle = item.content_type === 'coursebundle';
  const shown = message(txn.status, bundle ? 'bundle' : 'course');
  const lines: SummaryLine[] = [
    { label: 'Subtotal', value: txn.base },
    { label: 'Value-Added Tax', value: txn.vat },
    ...(txn.fee > 0 ? [{ label: 'Payment Gateway Fee', value: txn.fee }] : []),
    ...(txn.discount > 0 ? [{ label: 'Voucher Code', value: -txn.discount }] : []),
    ...(txn.applied_coins > 0 ? [{ label: 'L2E Coins', value: -txn.applied_coins, extra: <RateTooltip /> }] : []),
    { label: 'Total Payment', value: txn.amount, total: true },
  ];
  return (
    <div className="container payment-result">
      <section className={`result-head response ${shown.tone}`} aria-labelledby="result-headline">
        <span className="response-icon" aria-hidden="true">
          {shown.icon}
        </span>
        <h2 id="result-headline">{shown.headline}</h2>
        <p>{shown.text}</p>
      </section>
      <div className="payment-item">
        <Image src={item.image ?? undefined} alt="" className="payment-item-image" />
        <div>
          <h3>{item.name}</h3>
          <p className="muted">{item.description}</p>
        </div>
      </div>
      <section aria-labelledby="result-summary-title">
        <h3 id="result-summary-title">Payment Summary</h3>
        <SummaryLines lines={lines} label="Payment Summary" />
        <dl className="summary-lines">
          <div>
            <dt>Mode of Payment</dt>
            <dd>{modeOfPayment(txn)}</dd>
          </div>
        </dl>
      </section>
      {txn.refunds.length > 0 && <RefundLines txn={txn} />}
      <div className="result-actions">
        {(txn.status === 'Paid' || txn.status === 'Pending') && !txn.refunds.some((r) => r.ended_enrolment) && (
          <Link className="btn btn-primary" to={bundle ? paths.bundle(item.slug) : paths.course(item.slug)}>
            {bundle ? 'View Course Bundle' : 'View Course'}
          </Link>
        )}
        {txn.status === 'Failed' && (
          <Link className="btn btn-primary" to={bundle ? paths.bundlePayment(item.slug) : paths.coursePayment(item.slug, item.class_id)}>
            Return to Payment Page
          </Link>
        )}
      </div>
    </div>
  );
}
