import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { sessionMessages } from '@school/shared/auth/messages';
import { readEnrolmentError } from '@school/shared/catalogue/enrolment-errors';
import { enrolmentMessages } from '@school/shared/catalogue/rules';
import type { CompliancePeriod } from '@school/shared/lookups/schemas';
import { afterPayment, isChannelMode } from '@school/shared/payments/rules';
import type { School } from '@school/shared/school/schemas';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Image } from '@/components/image';
import { Loading } from '@/components/loading';
import { ResponseModal, type ResponseType } from '@/components/response-modal';
import { SelectField } from '@/components/select-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { readServerError } from '@/lib/server-errors';
import { useWallet } from '@/lib/wallet';
import { useChannels, useProcessPayment } from '../api/payment-calls';
import { Breakdown } from './breakdown';
import { CoinsField } from './coins-field';
import { ModeOptions } from './mode-options';
import { isWaiver, offeredModes } from './payment-body';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { PROCESS_FIELDS, usePaymentForm, type PaymentFormTarget } from './use-payment-form';
import { VoucherField } from './voucher-field';

/** The course (or its class) or bundle on a payment page. */
export interface PaymentItem extends PaymentFormTarget {
  name: string;
  description: string;
  image: string | null;
  /** The class bought, when a course is bought through one. */
  className?: string;
  /** The item's config.mode_of_payment. */
  modes: readonly string[];
}

type Outcome = 'already_enrolled' | 'failed' | 'pay_later';
/** A dialog to show; `message`, when set, is the server's reason for refusing, in place of the fixed text. */
interface Shown {
  outcome: Outcome;
  message?: string;
}

/** The dialogs after Purchase that stay on the page (spec 3 §4 "After a payment is processed", §8). */
const outcomes: Record<Outcome, { type: ResponseType; title: string; message: string; action: string }> = {
  already_enrolled: { type: 'error', title: 'Payment Failed', message: 'Unable to process enrollment. Please select a new one or refresh the page.', action: 'REFRESH PAGE' },
  failed: { type: 'error', title: 'Payment Failed', message: 'We encountered an error. Please try a different payment method.', action: 'CLOSE' },
  pay_later: { type: 'warning', title: 'Payment Pending', message: 'You can keep learning. Your certificate will be available once we confirm your payment.', action: 'Okay' },
};

const isAlreadyEnrolled = (error: ApiError) => {
  const { code, message } = readEnrolmentError(error.body);
  return code === 'already_enrolled' || message === enrolmentMessages.alreadyEnrolled;
};

export interface PaymentFormProps {
  item: PaymentItem;
  school: School;
  purchaseLabel: 'Purchase Course' | 'Purchase Bundle';
  backTo: string;
  periodOptions: CompliancePeriod[];
  initialPeriod: number | undefined;
}

/** The payment form shared by the course and bundle payment pages (spec 3 §2, §4, §5, §7). */
export function PaymentForm({ item, school, purchaseLabel, backTo, periodOptions, initialPeriod }: PaymentFormProps) {
  const navigate = useNavigate();
  const channels = useChannels(item.contentType, item.objectId);
  const coinsOn = school.config.products.apt_coins;
  const wallet = useWallet(coinsOn);
  const balance = wallet.data?.balance ?? 0;
  const form = usePaymentForm(item, channels.data, balance, initialPeriod);
  const process = useProcessPayment();
  const idempotencyKey = useIdempotencyKey();
  const [shown, setShown] = useState<Shown | null>(null);
  const outcome = shown?.outcome ?? null;
  const setOutcome = (next: Outcome | null) => setShown(next && { outcome: next });
  const [leaving, setLeaving] = useState(false);
  const { choices, fees, errors } = form;

  const missingChannel = choices.mode !== null && isChannelMode(choices.mode) && !choices.channel;
  const missingPeriod = item.askPeriod && !choices.period;
  const loading = channels.isPending || (coinsOn && wallet.isPending) || form.busy;
  // Spec 3 §2: no Purchase while loading, without a mode, without a channel for a channel mode, or without a period.
  const purchaseDisabled = loading || choices.mode === null || missingChannel || missingPeriod;

  /**
   * A 400 is the server refusing this purchase: its field errors go under their inputs and its reason (a
   * `detail`, or a field the page has no input for, such as `class`) is the 'Payment Failed' message, since
   * another payment method would not help. The spec's fixed text stays for the gateway or the server failing.
   */
  function refused(error: unknown) {
    if (error instanceof ApiError && error.status === 400) {
      if (isAlreadyEnrolled(error)) return setOutcome('already_enrolled');
      const { fieldErrors, banner } = readServerError(error, PROCESS_FIELDS);
      form.setErrors(fieldErrors);
      if (banner) return setShown({ outcome: 'failed', message: banner });
      if (Object.keys(fieldErrors).length > 0) return;
    }
    setOutcome('failed');
  }

  async function purchase() {
    const body = form.body();
    try {
      const next = afterPayment(await process.mutateAsync({ body, idempotencyKey: idempotencyKey(body) }));
      if (next.go === 'url') {
        // Off to the gateway's checkout: the button stays busy while the browser leaves.
        setLeaving(true);
        window.location.assign(next.url);
      } else if (next.go === 'instruction') navigate(paths.paymentInstruction(String(next.txnId)));
      else if (next.go === 'result') navigate(`${paths.paymentResult}?${new URLSearchParams({ txn_id: String(next.txnId) })}`);
      else setOutcome('pay_later');
    } catch (error) {
      refused(error);
    }
  }

  const dialog = shown && { ...outcomes[shown.outcome], ...(shown.message && { message: shown.message }) };
  const closeOutcome = () => (outcome === 'pay_later' ? navigate(backTo) : setOutcome(null));
  const outcomeAction = () => (outcome === 'already_enrolled' ? window.location.reload() : closeOutcome());

  return (
    <div className="container payment-page">
      <div className="payment-main">
        <div className="payment-item">
          <Image src={item.image ?? undefined} alt="" className="payment-item-image" />
          <div>
            <h2>{item.name}</h2>
            {item.className && <p className="card-kicker">Class: {item.className}</p>}
            <p className="muted">{item.description}</p>
          </div>
        </div>

        {item.askPeriod && (
          <SelectField
            label="Select Compliance Period"
            placeholder="Select Compliance Period"
            required
            value={choices.period ? String(choices.period) : ''}
            onChange={(event) => form.choosePeriod(event.target.value ? Number(event.target.value) : undefined)}
            options={periodOptions.map((p) => ({ value: String(p.id), label: `${p.name} (${p.date_start} to ${p.date_end})` }))}
            error={errors.compliance_period}
          />
        )}

        {channels.isPending ? (
          <Loading label="Loading modes of payment" />
        ) : channels.data ? (
          <ModeOptions modes={offeredModes(item.modes, channels.data)} channels={channels.data} form={form} instructions={school.payment_instructions} />
        ) : (
          <FormBanner message={sessionMessages.genericServerError} />
        )}

        <VoucherField form={form} />
        {coinsOn &&
          !isWaiver(choices.mode) &&
          (wallet.data ? <CoinsField form={form} balance={balance} /> : wallet.isError ? <FormBanner message={sessionMessages.genericServerError} /> : <Loading label="Loading your L2E Coins" />)}
      </div>

      <aside className="payment-side" aria-labelledby="payment-summary-title">
        <h2 id="payment-summary-title">Payment Summary</h2>
        {fees.data ? <Breakdown fees={fees.data} /> : fees.isError ? <FormBanner message={sessionMessages.genericServerError} /> : <Loading />}
        <Button label={purchaseLabel} className="btn-block" disabled={purchaseDisabled} busy={process.isPending || leaving} onClick={purchase} />
        <Link to={backTo} className="btn btn-ghost btn-block">
          Go Back
        </Link>
      </aside>

      {dialog && <ResponseModal open type={dialog.type} title={dialog.title} message={<p>{dialog.message}</p>} actions={[{ label: dialog.action, onClick: outcomeAction }]} onClose={closeOutcome} />}
    </div>
  );
}
