import { useId } from 'react';
import { COIN_RATE_NOTE } from '@school/shared/payments/money';

/** The coin rate beside an L2E Coins line: shown on hover and on keyboard focus, read as the button's description. */
export function RateTooltip() {
  const id = useId();
  return (
    <span className="tooltip">
      <button type="button" className="tooltip-trigger" aria-label="Coin rate" aria-describedby={id}>
        ?
      </button>
      <span role="tooltip" id={id} className="tooltip-text">
        {COIN_RATE_NOTE}
      </span>
    </span>
  );
}
