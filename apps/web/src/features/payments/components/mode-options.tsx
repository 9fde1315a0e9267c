import { useId } from 'react';
import { isChannelMode, modeLabels, type ChannelMode, type PaymentMode } from '@school/shared/payments/rules';
import type { Channels } from '@school/shared/payments/schemas';
import { Button } from '@/components/button';
import { RichText } from '@/components/rich-text';
import { SelectField } from '@/components/select-field';
import { isWaiver } from './payment-body';
import type { PaymentForm } from './use-payment-form';

/** What each channel dropdown asks the payer to pick. */
const channelNouns: Record<ChannelMode, string> = { online_bank: 'Bank', otc_bank: 'Bank', otc_nonbank: 'Payment Center', ewallet: 'E-Wallet' };

const waiverNotes = { voucher: 'Your voucher covers the total payment.', coins: 'Your L2E Coins cover the total payment.' };

/**
 * Modes of Payment (spec 3 §2): a radio per offered mode, the channel dropdown under a channel mode, the
 * school's instructions under cash. A waived total needs no mode: the choices wait until the waiver is removed.
 */
export function ModeOptions({ modes, channels, form, instructions }: { modes: PaymentMode[]; channels: Channels; form: PaymentForm; instructions: string }) {
  const { choices, errors } = form;
  const cashId = useId();
  const errorId = useId();
  const waived = isWaiver(choices.mode) ? choices.mode : null;
  const modeError = errors.processor_type;
  return (
    <fieldset className="field payment-modes" aria-describedby={modeError ? errorId : undefined}>
      <legend>Modes of Payment</legend>
      {waived && (
        <div className="waiver-note" role="status">
          <p>{waiverNotes[waived]}</p>
          {waived === 'coins' && <Button label="Remove Coins" variant="danger" className="btn-sm" busy={form.coins.pending} onClick={form.coins.remove} />}
          {errors.coins && <p className="field-error">{errors.coins}</p>}
        </div>
      )}
      {modes.length === 0 && <p className="muted">No mode of payment is available for this item.</p>}
      <ul className="mode-list">
        {modes.map((mode) => (
          <li key={mode} className={choices.mode === mode ? 'is-selected' : undefined}>
            <label className="mode-option">
              <input
                type="radio"
                name="mode_of_payment"
                value={mode}
                checked={choices.mode === mode}
                disabled={waived !== null}
                aria-describedby={mode === 'cash' ? cashId : undefined}
                onChange={() => form.chooseMode(mode)}
              />
              <span className="mode-label">{modeLabels[mode]}</span>
            </label>
            {mode === 'cash' && (
              <span id={cashId} className="mode-description">
                Pay directly at the admin office
              </span>
            )}
            {choices.mode === mode && mode === 'cash' && instructions && <RichText html={instructions} className="payment-instructions" />}
            {choices.mode === mode && isChannelMode(mode) && (
              <SelectField
                label={`Select ${channelNouns[mode]}`}
                placeholder={`Select ${channelNouns[mode]}`}
                required
                value={choices.channel}
                onChange={(event) => form.chooseChannel(event.target.value)}
                options={channels[mode].map((c) => ({ value: c.value, label: c.name }))}
                error={errors.channel_code ?? errors.gateway}
              />
            )}
          </li>
        ))}
      </ul>
      {modeError && (
        <p id={errorId} className="field-error" role="alert">
          {modeError}
        </p>
      )}
    </fieldset>
  );
}
