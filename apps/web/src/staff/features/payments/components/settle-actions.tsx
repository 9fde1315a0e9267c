import { useId, useState } from 'react';
import { peso } from '@school/shared/payments/money';
import { declineMessages, type StaffPayment } from '@school/shared/staff/payments';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSettlePayment } from '../api/payment-calls';

/** Confirm and Decline of a payment made at the school's office: each asks first; Decline wants the reason. */
export function SettleActions({ payment }: { payment: StaffPayment }) {
  const settle = useSettlePayment();
  const [asking, setAsking] = useState<'confirm' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  const what = `${peso(payment.amount)} from ${payment.payer.name} for ${payment.item.name}`;

  const close = () => {
    setAsking(null);
    setProblem(null);
  };
  // Awaited rather than given callbacks: a settled payment's row loses these actions before mutate's callbacks run.
  const run = async (variables: { id: number; decline?: { reason: string } }, text: string) => {
    try {
      await settle.mutateAsync(variables);
      notify.success(text);
    } catch (error) {
      notify.error(errorDetail(error) ?? 'The payment could not be settled. Please try again.');
    }
    close();
  };
  const decline = () => {
    if (!reason.trim()) return setProblem(declineMessages.reasonRequired);
    void run({ id: payment.id, decline: { reason } }, 'The payment is declined.');
  };

  return (
    <span className="settle-actions">
      <Button label="Confirm" aria-label={`Confirm ${what}`} onClick={() => setAsking('confirm')} />
      <Button label="Decline" variant="ghost" aria-label={`Decline ${what}`} onClick={() => setAsking('decline')} />
      <ConfirmDialog
        open={asking === 'confirm'}
        title="Confirm the payment"
        message={`Confirm ${what}? The student is enrolled at once.`}
        confirmLabel="Confirm payment"
        busy={settle.isPending}
        onConfirm={() => void run({ id: payment.id }, 'The payment is confirmed.')}
        onClose={close}
      />
      <Modal open={asking === 'decline'} onClose={close} title="Decline the payment" size="sm">
        <p>Decline {what}? The student is told the payment did not go through.</p>
        <div className={`field ${problem ? 'has-error' : ''}`}>
          <label htmlFor={reasonId}>Reason</label>
          <textarea id={reasonId} rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${reasonId}-error` : undefined} />
          {problem && (
            <p id={`${reasonId}-error`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={close} />
          <Button label="Decline payment" variant="danger" busy={settle.isPending} onClick={decline} />
        </div>
      </Modal>
    </span>
  );
}
