/**
 * Payment rules shared by the payment page and the server (spec 3 §4, §5, §9). Money is integer centavos
 * everywhere in here; the API shows pesos. The server runs `paymentBreakdown` on its own figures, so the page
 * shows exactly what will be charged and the page's numbers are never trusted.
 */

export const PAYMENT_MODES = ['cash', 'online_bank', 'otc_bank', 'otc_nonbank', 'card', 'ewallet'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Modes whose payer must pick a channel from the gateway's list. */
export const CHANNEL_MODES = ['online_bank', 'otc_bank', 'otc_nonbank', 'ewallet'] as const satisfies readonly PaymentMode[];
export type ChannelMode = (typeof CHANNEL_MODES)[number];
export const isChannelMode = (mode: string): mode is ChannelMode => (CHANNEL_MODES as readonly string[]).includes(mode);

/** Over-the-counter modes answer with a reference code to pay at a branch instead of a checkout page. */
export const isOtcMode = (mode: string) => mode === 'otc_bank' || mode === 'otc_nonbank';

/** The pseudo-modes set when a voucher or coins cover the whole total (spec 3 §9). */
export const WAIVER_MODES = ['voucher', 'coins'] as const;
export type WaiverMode = (typeof WAIVER_MODES)[number];

export const modeLabels: Record<PaymentMode, string> = {
  cash: 'Pay Directly to the school',
  online_bank: 'Online Banking',
  otc_bank: 'Over-the-Counter Banking',
  otc_nonbank: 'Over-the-Counter Non-Banks',
  card: 'Mastercard/Visa Card',
  ewallet: 'E-Wallet',
};

/** How the transaction record names each mode and pseudo-mode ("Mode of Payment" on the result page). */
export const processorTypeLabels: Record<PaymentMode | WaiverMode, string> = { ...modeLabels, voucher: 'Voucher', coins: 'L2E Coins' };

/** A transaction's statuses (spec 3 §4). It only moves forward: notpaid -> Pending -> Paid | Failed. */
export const TRANSACTION_STATUSES = ['notpaid', 'Pending', 'Paid', 'Failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
const NEXT: Record<TransactionStatus, readonly TransactionStatus[]> = {
  notpaid: ['Pending', 'Paid', 'Failed'],
  Pending: ['Paid', 'Failed'],
  Paid: [],
  Failed: [],
};
export const mayMove = (from: TransactionStatus, to: TransactionStatus) => NEXT[from].includes(to);
/** The statuses that still hold a voucher use and the coins spent on them. */
export const OPEN_TRANSACTION_STATUSES = ['notpaid', 'Pending'] as const satisfies readonly TransactionStatus[];
export type OpenTransactionStatus = (typeof OPEN_TRANSACTION_STATUSES)[number];
export const isOpen = (status: TransactionStatus): status is OpenTransactionStatus => (OPEN_TRANSACTION_STATUSES as readonly string[]).includes(status);

export interface Coupon {
  type: 'percentage' | 'fixed';
  /** Percent (0 < value <= 100) for a percentage coupon, centavos for a fixed one. */
  value: number;
}

/** A channel's gateway fee: a fixed part plus basis points of the amount charged. */
export interface ChannelFee {
  fixed: number;
  basisPoints: number;
}

export interface BreakdownInput {
  subtotal: number;
  tax: number;
  coupon: Coupon | null;
  /** Coins asked for, in centavos; capped at the balance and at the price. */
  coins: number;
  balance: number;
  /** The chosen channel's fee; null for cash and before a channel is chosen. */
  channelFee: ChannelFee | null;
}

export interface Breakdown {
  subtotal: number;
  tax: number;
  fee: number;
  discount: number;
  coins: number;
  amount: number;
  /** Which pseudo-mode the whole total is waived by, or null when something is left to pay. */
  waivedBy: WaiverMode | null;
}

const gatewayFee = (net: number, fee: ChannelFee) => fee.fixed + Math.round((net * fee.basisPoints) / 10_000);

/**
 * Spec 3 §5: coins come off first (capped at the balance and the price), then the voucher on what remains; a
 * voucher that reaches the remainder is a full discount equal to it; the gateway fee is charged only when
 * something is left to pay. Total = subtotal + tax + fee - discount - coins, waived at 0.
 */
export function paymentBreakdown(input: BreakdownInput): Breakdown {
  const { subtotal, tax, coupon } = input;
  const price = subtotal + tax;
  const coins = Math.max(0, Math.min(input.coins, input.balance, price));
  const remaining = price - coins;
  let discount = 0;
  if (coupon?.type === 'percentage') {
    const off = Math.round((price * coupon.value) / 100);
    discount = coupon.value >= 100 || remaining <= off ? remaining : off;
  } else if (coupon?.type === 'fixed') {
    discount = remaining <= coupon.value ? remaining : coupon.value;
  }
  const net = remaining - discount;
  const fee = net > 0 && input.channelFee ? gatewayFee(net, input.channelFee) : 0;
  const amount = Math.max(0, price + fee - discount - coins);
  const waivedBy = amount > 0 ? null : coins > 0 && coins >= price ? 'coins' : 'voucher';
  return { subtotal, tax, fee, discount, coins, amount, waivedBy };
}

/** Pesos as the API shows them (two decimals at most). */
export const toPesos = (centavos: number) => centavos / 100;

/** "Amount patterns accept digits with up to two decimals" (spec 3 §5). */
export const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;
export const toCentavos = (pesos: string | number) => Math.round(Number(pesos) * 100);

/** Wallet transactions a page (spec 1 §9). */
export const WALLET_PAGE_SIZE = 10;

/** Coins are shown as whole coins (spec 3 §9; DECISIONS.md). */
export const wholeCoins = (centavos: number) => Math.floor(centavos / 100);

export const paymentMessages = {
  voucherApplied: 'Successfully applied voucher!',
  coinsApplied: 'Successfully applied!',
  voucherInvalid: 'Invalid voucher code.',
  voucherNotStarted: 'This voucher is not yet valid.',
  voucherExpired: 'This voucher has expired.',
  voucherUsedUp: 'This voucher has been fully used.',
  voucherUserLimit: 'You have already used this voucher.',
  coinsNotEnabled: 'L2E Coins are not available at this school.',
  coinsNotEnough: 'Not enough L2E Coins in your wallet.',
  coinsPositive: 'Enter more than 0 coins.',
  coinsSignature: 'Connect your wallet and sign to apply coins to a bundle.',
  modeRequired: 'Select a mode of payment.',
  modeNotOffered: 'This mode of payment is not offered for this item.',
  channelRequired: 'Select a payment channel.',
  notWaived: 'A voucher or coins cover only part of the price: choose a mode of payment for the rest.',
  idempotencyKeyRequired: 'An Idempotency-Key header is required.',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request.',
  idempotencyKeyInFlight: 'The first request with this Idempotency-Key is still being processed. Try again shortly.',
  gatewayFailed: 'The payment gateway could not start this payment. Please try a different payment method.',
  notConfirmable: 'Only a pending payment to the school can be confirmed or declined.',
  freeItem: 'This is free: enroll without paying.',
  paymentPending: 'Your payment for this is still being confirmed. You can start learning once we confirm it.',
  otherClass: 'Pay for the class you enrolled in.',
  alreadyPaid: 'This payment has already been made, so it cannot be cancelled. It will be confirmed shortly.',
  cancelTooSoon: 'This payment is still being started. Try again in a moment.',
  cancelled: 'You cancelled this payment. Start a new one to pay.',
  cancelGatewayFailed: 'The payment gateway could not cancel this payment. Please try again.',
} as const;

/** The code beside 'Wallet verification failed', which the payment page shows as a toast (spec 3 §8). */
export const WALLET_VERIFICATION_FAILED = 'wallet_verification_failed';

/** The wallet's words (spec 1 §8, spec 3 §4 and §8), and ours for what the spec leaves unsaid. */
export const walletMessages = {
  signatureFailed: 'Message signature failed',
  verificationFailed: 'Wallet verification failed',
  connected: 'Wallet successfully connected',
  accountNotFound: 'User account not found',
  detailsFailed: 'Failed to get wallet details',
  addressTaken: 'This wallet is connected to another account.',
  noWallet: 'No wallet found in this browser. Install a wallet extension such as MetaMask.',
} as const;

/** The wording a wallet signs (DECISIONS.md, EIP-191). */
export const walletMessage = (address: string, nonce: string) => `I am ${address}, signing my one-time nonce: ${nonce}`;

/** The page after a processed payment (spec 3 §4 "After a payment is processed"). */
export type AfterPayment = { go: 'url'; url: string } | { go: 'instruction'; txnId: number } | { go: 'result'; txnId: number } | { go: 'pay_later' };
export function afterPayment(answer: { txn_id: number; status: string; payment_url?: string | null; channel?: string | null }): AfterPayment {
  if (answer.payment_url) return { go: 'url', url: answer.payment_url };
  if (answer.channel) return { go: 'instruction', txnId: answer.txn_id };
  if (answer.status === 'pay_later') return { go: 'pay_later' };
  return { go: 'result', txnId: answer.txn_id };
}

/** The code the item page reads after a hosted checkout (spec 3 §2): PLS/PLP when a pay-later course was paid. */
export function returnCode(status: TransactionStatus, payLater: boolean): 'S' | 'P' | 'V' | 'F' | 'PLS' | 'PLP' {
  if (status === 'Paid') return payLater ? 'PLS' : 'S';
  if (status === 'Pending') return payLater ? 'PLP' : 'P';
  if (status === 'Failed') return 'F';
  return 'V';
}

/**
 * The enrolment status a transaction's status gives (spec 3 §4): paid once Paid; a pay-later enrolment keeps
 * pay_later until then; otherwise pending while the money is on its way, notpaid before.
 */
export function enrolmentStatusFor(status: TransactionStatus, payLater: boolean): 'paid' | 'pay_later' | 'pending' | 'notpaid' {
  if (status === 'Paid') return 'paid';
  if (payLater) return 'pay_later';
  return status === 'Pending' ? 'pending' : 'notpaid';
}
