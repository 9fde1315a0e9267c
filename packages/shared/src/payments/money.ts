/**
 * The one way prices are written, in the browser and in what the server writes (notifications, e-mails): the
 * spec's 'P' prefix (spec 2 §2 and §7, spec 3 §9) with two decimals.
 */
const format = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'P1,500.00'; a deduction shows as '-P150.00'. */
export const peso = (pesos: number) => `${pesos < 0 ? '-' : ''}P${format.format(Math.abs(pesos))}`;

/** Amounts without the prefix, where the label names the currency ('Amount to Pay (PHP)', spec 3 §6). */
export const amount = (pesos: number) => format.format(pesos);

/** The coin rate (spec 3 §2: "1 L2E = peso 1"). */
export const COIN_RATE_NOTE = '1 L2E = P1';
