import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { processorTypeLabels } from '@school/shared/payments/rules';
import type { PendingPayment } from '@school/shared/payments/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import { paths } from '@/config/paths';
import { errorDetail } from '@/lib/api-error';
import { peso } from '@school/shared/payments/money';
import { useCancelPayment } from '@/lib/pending-payments';
import { useSchool } from '@/lib/school';
import { Button } from './button';
import { DetailLines } from './detail-lines';
import { FormBanner } from './form-banner';
import { notify } from './toast';

const modeOf = (payment: PendingPayment) => {
  const label = processorTypeLabels[payment.processor_type as keyof typeof processorTypeLabels] ?? payment.processor_type;
  return payment.processor ? `${label} - ${payment.processor}` : label;
};

/** Where paying carries on: the code's instruction page, or the gateway's checkout; cash has nowhere to go. */
function ResumeLink({ payment }: { payment: PendingPayment }) {
  if (payment.ref_code) {
    return (
      <Link className="btn btn-primary" to={paths.paymentInstruction(String(payment.id))}>
        Resume payment
      </Link>
    );
  }
  if (!payment.checkout_url) return null;
  return (
    <a className="btn btn-primary" href={payment.checkout_url}>
      Resume payment
    </a>
  );
}

/**
 * A payment not gone through yet, named so that nobody pays twice without knowing (docs/decisions.md): its
 * mode, amount, reference and when it lapses; Resume payment, and Cancel payment once confirmed.
 */
export function PendingPaymentPanel({ payment, extraAction, onCancelled }: { payment: PendingPayment; extraAction?: ReactNode; onCancelled?: () => void }) {
  const { data: school } = useSchool();
  const cancel = useCancelPayment();
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const cancelId = useId();
  // Back from the question (kept, or refused by the server), focus returns to the button that asked it.
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) asked.current = true;
    else if (asked.current) document.getElementById(cancelId)?.focus();
  }, [confirming, cancelId]);
  const at = (iso: string | null) => (iso && school ? dateTimeIn(iso, school.time_zone) : null);

  async function confirmCancel() {
    try {
      await cancel.mutateAsync(payment.id);
      notify.success('Payment cancelled.');
      onCancelled?.();
    } catch {
      setConfirming(false);
    }
  }

  return (
    <div className="pending-payment">
      <p>{payment.status === 'notpaid' ? 'This payment was started but not finished.' : 'You can start learning once we confirm your payment.'}</p>
      <DetailLines
        rows={[
          ['Mode of Payment', modeOf(payment)],
          ['Amount', peso(payment.amount)],
          ['Reference No.', payment.ref_code ?? `#${payment.id}`],
          ['Started', at(payment.created)],
          // Cash never lapses: the school confirms or declines it.
          ['Lapses', at(payment.expires_at)],
        ]}
      />
      <FormBanner message={cancel.isError ? (errorDetail(cancel.error) ?? 'The payment could not be cancelled. Please try again.') : null} />
      {confirming ? (
        <div className="pending-actions" role="group" aria-labelledby={questionId}>
          <p id={questionId}>Cancel this payment of {peso(payment.amount)}? If you have already paid it, keep it: it will be confirmed.</p>
          <Button label="Keep payment" variant="ghost" autoFocus onClick={() => setConfirming(false)} />
          <Button label="Yes, cancel payment" variant="danger" busy={cancel.isPending} onClick={() => void confirmCancel()} />
        </div>
      ) : (
        <div className="pending-actions">
          <ResumeLink payment={payment} />
          {extraAction}
          <Button id={cancelId} label="Cancel payment" variant="ghost" onClick={() => setConfirming(true)} />
        </div>
      )}
    </div>
  );
}
