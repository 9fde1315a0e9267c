/**
 * The one way prices are written, in the browser and in what the server writes (notifications, e-mails): the
 * spec's 'P' prefix (spec 2 §2 and §7, spec 3 §9) with two decimals.
 */

/**
 * '1,135.00': written by hand rather than by Intl.NumberFormat, because a page's first Intl call loads the
 * browser's locale data (30–70 ms of a page load here, four times that on a phone) and prices are on every
 * catalogue page's first render. Like Intl, it rounds half away from zero on the number as it is written
 * (0.015 → 0.02), not on its binary value as toFixed does; money.test.ts holds it to en-PH's Intl output.
 */
function twoDecimals(value: number) {
  // Not an amount (NaN, Infinity, beyond what String() writes without an exponent): shown as it is, never thrown.
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  // Below 1e-6 String() writes an exponent; such an amount is 0.00 whichever way it is rounded.
  const written = Math.abs(value) < 1e-6 ? '0' : String(Math.abs(value));
  const [whole = '0', fraction = ''] = written.split('.');
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}.${digits.slice(-2)}`;
}

/** 'P1,500.00'; a deduction shows as '-P150.00'. */
export const peso = (pesos: number) => `${pesos < 0 ? '-' : ''}P${twoDecimals(Math.abs(pesos))}`;

/** Amounts without the prefix, where the label names the currency ('Amount to Pay (PHP)', spec 3 §6). */
export const amount = (pesos: number) => twoDecimals(pesos);

/** The coin rate (spec 3 §2: "1 L2E = peso 1"). */
export const COIN_RATE_NOTE = '1 L2E = P1';
