const format = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₱1,500.00'; a deduction shows as '-₱150.00'. */
export const peso = (pesos: number) => `${pesos < 0 ? '-' : ''}₱${format.format(Math.abs(pesos))}`;

/** Amounts without the sign, where the label names the currency ('Amount to Pay (PHP)'). */
export const amount = (pesos: number) => format.format(pesos);

/** The coin rate (spec 3 §9: 1 L2E coin = 1 peso). */
export const COIN_RATE_NOTE = '1 L2E = ₱1';
