import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { peso } from '@school/shared/payments/money';
import { refundBodySchema, type StaffPaymentDetail } from '@school/shared/staff/payments';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { readServerError } from '@/lib/server-errors';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useRefundPayment } from '../api/payment-calls';

type RefundForm = { amount: string; reason: string; cancel_enrolment: boolean };
const FIELDS = ['amount', 'reason', 'cancel_enrolment'] as const;

/**
 * Refund: how much (all that is left, to begin with), why, and whether the enrolment ends with it, checked by the
 * server's own rules first. The same answers keep the same Idempotency-Key, so a second click is the same refund.
 */
export function RefundDialog({ payment, open, onClose }: { payment: StaffPaymentDetail; open: boolean; onClose: () => void }) {
  const may = payment.refundable!;
  const refund = useRefundPayment();
  const keyFor = useIdempotencyKey();
  const defaults: RefundForm = { amount: may.amount.toFixed(2), reason: '', cancel_enrolment: may.may_cancel };
  const { register, handleSubmit, setError, reset, formState } = useForm<RefundForm>({ defaultValues: defaults });
  const errors = formState.errors;
  const [banner, setBanner] = useState<string | null>(null);
  // Each opening is a refund of its own: its answers keep one Idempotency-Key only while it is open.
  const [opening, setOpening] = useState(0);

  const wasOpen = useRef(false);
  useEffect(() => {
    // Only as it opens: the payment read again meanwhile (a refund's answer lost, the window refocused) keeps the
    // open dialog's answers and key, so that Refund again sends the same refund.
    if (open && !wasOpen.current) {
      setOpening((n) => n + 1);
      reset({ amount: may.amount.toFixed(2), reason: '', cancel_enrolment: may.may_cancel });
      setBanner(null);
    }
    wasOpen.current = open;
  }, [open, may.amount, may.may_cancel, reset]);

  const show = (problems: Record<string, string>) =>
    Object.entries(problems).forEach(([field, message], i) => setError(field as keyof RefundForm, { type: 'server', message }, { shouldFocus: i === 0 }));

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const parsed = refundBodySchema.safeParse({ ...values, amount: values.amount.trim() === '' ? Number.NaN : Number(values.amount) });
    if (!parsed.success) return show(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    try {
      const done = await refund.mutateAsync({ id: payment.id, body: parsed.data, key: keyFor({ ...parsed.data, opening }) });
      const made = done.refunds.at(-1);
      notify.success(parsed.data.amount === 0 ? 'The enrolment was cancelled.' : made?.state === 'pending' ? `${peso(parsed.data.amount)} was sent to the gateway, which returns it to the payer.` : `${peso(parsed.data.amount)} was refunded.`);
      onClose();
    } catch (failure) {
      const { fieldErrors, banner: text } = readServerError(failure, FIELDS);
      show(fieldErrors);
      setBanner(errorDetail(failure) ?? text);
    }
  });

  return (
    <Modal open={open} onClose={onClose} title="Refund the payment">
      <form onSubmit={(event) => void submit(event)} noValidate className="console-form">
        <p>
          {payment.payer.name} paid {peso(payment.amount)} for {payment.item.name}
          {payment.refunded > 0 && `; ${peso(payment.refunded)} was refunded before`}. Up to {peso(may.amount)} can be refunded
          {payment.gateway === 'cash' || payment.gateway === 'none' ? ': the school hands it back itself.' : ` through ${payment.gateway}.`}
        </p>
        <FormBanner message={banner} />
        <TextField label="Amount to refund (pesos)" inputMode="decimal" error={errors.amount?.message} {...register('amount')} />
        <div className={`field ${errors.reason ? 'has-error' : ''}`}>
          <label htmlFor="refund-reason">Reason (the student reads it)</label>
          <textarea
            id="refund-reason"
            rows={3}
            maxLength={500}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'refund-reason-error' : undefined}
            {...register('reason')}
          />
          {errors.reason && (
            <p id="refund-reason-error" className="field-error" role="alert">
              {errors.reason.message}
            </p>
          )}
        </div>
        <label className="check-field">
          <input type="checkbox" disabled={!may.may_cancel} aria-describedby={may.cancel_refused ? 'refund-cancel-refused' : undefined} {...register('cancel_enrolment')} /> End the enrolment: access ends,
          and the coins and voucher use of this payment are given back
        </label>
        {may.cancel_refused && (
          <p id="refund-cancel-refused" className="muted">
            {may.cancel_refused}
          </p>
        )}
        {errors.cancel_enrolment && (
          <p className="field-error" role="alert">
            {errors.cancel_enrolment.message}
          </p>
        )}
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label="Refund" variant="danger" type="submit" busy={refund.isPending} />
        </div>
      </form>
    </Modal>
  );
}
