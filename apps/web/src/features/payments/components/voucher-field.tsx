import { useId } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import type { PaymentForm } from './use-payment-form';

/** Voucher Code with Apply / Remove Voucher (spec 3 §2, §5): the server's refusal under the input, its success as a note. */
export function VoucherField({ form }: { form: PaymentForm }) {
  const helpId = useId();
  const { voucher, choices, errors } = form;
  const applied = choices.voucher !== null;
  const error = voucher.note && !voucher.note.ok ? voucher.note.text : errors.voucher_code;
  return (
    <div className="apply-field">
      <div className="apply-row">
        <TextField
          label="Voucher Code"
          value={voucher.input}
          readOnly={applied}
          autoComplete="off"
          error={error}
          aria-describedby={error ? undefined : helpId}
          onChange={(event) => voucher.edit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !applied) void voucher.apply();
          }}
        />
        {applied ? (
          <Button label="Remove Voucher" variant="danger" busy={voucher.pending} onClick={voucher.remove} />
        ) : (
          <Button label="Apply Voucher" disabled={!voucher.input.trim()} busy={voucher.pending} onClick={voucher.apply} />
        )}
      </div>
      <p id={helpId} className="field-help">
        Applicable only for those provided with voucher codes. Otherwise, please leave blank.
      </p>
      {voucher.note?.ok && (
        <p className="field-success" role="status">
          {voucher.note.text}
        </p>
      )}
    </div>
  );
}
