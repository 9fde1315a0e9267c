import { Link, useParams } from 'react-router';
import { isOpen, type TransactionStatus } from '@school/shared/payments/rules';
import type { Instruction } from '@school/shared/payments/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import type { School } from '@school/shared/school/schemas';
import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useInstruction } from '../api/transaction-calls';
import { amount } from '@school/shared/payments/money';
import { queryId } from '../components/query-id';
import { txnProblem, useLeaveWith } from '../components/use-leave-with';
import { DetailLines } from '@/components/detail-lines';
import '../payments.css';

const statusLabels: Record<TransactionStatus, string> = { notpaid: 'Not Paid', Pending: 'Pending', Paid: 'Paid', Failed: 'Failed' };

/** /course/payment/{txn id}/instruction (spec 3 §2): the over-the-counter code and how to pay it. */
export function PaymentInstruction() {
  const { id } = useParams();
  const txnId = queryId(id);
  const instruction = useInstruction(txnId);
  const { data: school } = useSchool();
  useLeaveWith(txnProblem(txnId, instruction.error));
  return (
    <main>
      <PageHeader title="Payment Instructions" cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Payment Instructions' }]} />
      {instruction.data && school ? <InstructionView instruction={instruction.data} school={school} /> : <Loading />}
    </main>
  );
}

function InstructionView({ instruction, school }: { instruction: Instruction; school: School }) {
  const when = (iso: string) => dateTimeIn(iso, school.time_zone);
  const details: [string, string | null][] = [
    ['Reference No.', instruction.ref_code],
    ['Merchant Name', instruction.seller_name],
    ['Issuance Date', when(instruction.created)],
    ['Expiry Date', when(instruction.expiry)],
    ['Amount to Pay (PHP)', amount(instruction.amount)],
  ];
  return (
    <div className="container instruction-page">
      <section className="instruction-card" aria-labelledby="instruction-channel">
        <div className="instruction-head">
          {/* The heading beside it names the channel. */}
          {instruction.channel_logo && <img className="channel-logo" src={instruction.channel_logo} alt="" width={96} height={48} />}
          <h2 id="instruction-channel">{instruction.channel}</h2>
          <span className={`status-badge status-${instruction.status.toLowerCase()}`}>{statusLabels[instruction.status]}</span>
        </div>
        <p>Please present the barcode below to the cashier at any {instruction.channel} branch nationwide.</p>
        <Barcode instruction={instruction} />
        <DetailLines rows={details} className="instruction-details" />
        <h3>How to Pay</h3>
        <ol className="instruction-steps">
          {instruction.instructions.Payment.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="muted disclaimer">
          Your payment is processed by our payment partner, and your enrolment is confirmed once they tell us it is paid. Please keep your
          receipt. Payments are subject to the provider's{' '}
          <a href={instruction.terms} target="_blank" rel="noopener noreferrer">
            Terms and Conditions
          </a>
          .
        </p>
        {instruction.checkout_url && isOpen(instruction.status) && (
          <p className="sandbox-counter">
            <a href={instruction.checkout_url}>Pay at the sandbox counter</a>
          </p>
        )}
        <Link to={paths.courses} className="btn btn-primary">
          GO TO COURSES DASHBOARD
        </Link>
      </section>
    </div>
  );
}

function Barcode({ instruction }: { instruction: Instruction }) {
  return (
    <figure className="barcode">
      <img src={instruction.image_url} alt={`Barcode of reference code ${instruction.ref_code}`} />
      <figcaption>{instruction.ref_code}</figcaption>
    </figure>
  );
}
