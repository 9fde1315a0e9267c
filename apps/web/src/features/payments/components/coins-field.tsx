import { useId } from 'react';
import { toCentavos, wholeCoins } from '@school/shared/payments/rules';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { WalletNote } from '@/components/wallet-note';
import { COIN_RATE_NOTE } from '@school/shared/payments/money';
import type { PaymentForm } from './use-payment-form';

/**
 * Use L2E Coins (spec 3 §2, §5): the balance in whole coins, an amount from 0 up to the balance, Apply / Remove
 * Coins. The input rests while the wallet is empty, the total is waived or a request is in flight. A bundle's
 * coins need the wallet's signature (spec 3 §4): the field says so, and says when the wallet is waiting.
 */
export function CoinsField({ form, balance }: { form: PaymentForm; balance: number }) {
  const titleId = useId();
  const rateId = useId();
  const signId = useId();
  const { coins, choices, errors } = form;
  const applied = choices.coins > 0;
  const disabled = balance <= 0 || coins.pending || applied;
  const error = coins.note && !coins.note.ok ? coins.note.text : errors.coins;
  return (
    <section className="apply-field coins-field" aria-labelledby={titleId}>
      <h3 id={titleId}>Use L2E Coins</h3>
      <WalletNote newTab>L2E Coins are rewards you earned at this school; they have no cash value.</WalletNote>
      <p className="muted">
        Available balance: <strong>{wholeCoins(toCentavos(balance)).toLocaleString('en-PH')} L2E Coins</strong>
      </p>
      <div className="apply-row">
        <TextField
          label="L2E Coins to use"
          type="number"
          inputMode="decimal"
          min={0}
          max={balance}
          step="0.01"
          value={coins.input}
          disabled={disabled}
          error={error}
          aria-describedby={error ? undefined : coins.signs ? `${rateId} ${signId}` : rateId}
          onChange={(event) => coins.edit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !applied && Number(coins.input) > 0) void coins.apply();
          }}
        />
        {applied ? (
          <Button label="Remove Coins" variant="danger" busy={coins.pending} onClick={coins.remove} />
        ) : (
          <Button label="Apply Coins" disabled={disabled || !(Number(coins.input) > 0)} busy={coins.pending} onClick={coins.apply} />
        )}
      </div>
      <p id={rateId} className="field-help">
        {COIN_RATE_NOTE}
      </p>
      {coins.signs && (
        <p id={signId} className="field-help">
          Applying coins to a bundle asks your wallet to sign a message.
        </p>
      )}
      {coins.signing && (
        <p className="field-help" role="status">
          Confirm the signature in your wallet.
        </p>
      )}
      {coins.note?.ok && (
        <p className="field-success" role="status">
          {coins.note.text}
        </p>
      )}
    </section>
  );
}
