import { z } from 'zod';
import { PAYMENT_MODES, TRANSACTION_STATUSES, WAIVER_MODES, type TransactionStatus } from '../payments/rules';

export const PAYMENTS_PAGE_SIZE = 50;

const id = z.coerce.number().int().positive().max(2147483647);
const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

/** What the console calls each status: the spec's `notpaid` is a checkout nobody has paid yet. */
export const staffStatusLabels: Record<TransactionStatus, string> = { notpaid: 'Not paid', Pending: 'Pending', Paid: 'Paid', Failed: 'Failed' };

/** A payment whose money arrived after its attempt had ended (replaced or lapsed): the school refunds it. */
export const ORPHANED_LABEL = 'Paid after it ended';

/** The list's filters: status, mode, channel, course or bundle, payer, the school's calendar days, a reference. */
export const staffPaymentQuerySchema = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  mode: z.enum([...PAYMENT_MODES, ...WAIVER_MODES]).optional(),
  channel: z.string().trim().max(60).optional(),
  course: id.optional(),
  bundle: id.optional(),
  payer: id.optional(),
  /** Our reference, the gateway's, or an over-the-counter code: exactly. */
  reference: z.string().trim().max(80).optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  /** Only money that arrived for an attempt that had already ended (the school refunds it at the gateway). */
  orphaned: z.enum(['true']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffPaymentQuery = z.infer<typeof staffPaymentQuerySchema>;

const person = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** One transaction in the console's list; amounts in pesos, as every answer of the API gives them. */
export const staffPaymentSchema = z.object({
  id: z.number(),
  reference: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  mode: z.string(),
  mode_label: z.string(),
  channel: z.string().nullable(),
  amount: z.number(),
  pay_later: z.boolean(),
  payer: person,
  item: z.object({ type: z.enum(['course', 'bundle', 'class']), id: z.number().nullable(), name: z.string() }),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** A payment made at the school's office, waiting: Confirm and Decline apply. */
  may_settle: z.boolean(),
  /** Pesos given back so far. */
  refunded: z.number(),
  /** Money arrived after the attempt had ended: it needs the school's attention. */
  orphaned: z.boolean(),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

export const REFUND_STATES = ['requested', 'pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const refundStateLabels: Record<RefundState, string> = { requested: 'Being sent to the gateway', pending: 'Sent: the gateway is returning it', succeeded: 'Refunded', failed: 'Refused by the gateway' };

/** A refund on a transaction's page (the student's page shows the same, without who made it). */
export const staffRefundSchema = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  cancels_enrolment: z.boolean(),
  state: z.enum(REFUND_STATES),
  by: z.string().nullable(),
  created_at: z.string(),
});
export type StaffRefund = z.infer<typeof staffRefundSchema>;

/** A transaction's page: the list's line, its breakdown, and what happened to it. */
export const staffPaymentDetailSchema = staffPaymentSchema.extend({
  breakdown: z.object({ subtotal: z.number(), tax: z.number(), fee: z.number(), discount: z.number(), coins: z.number(), amount: z.number() }),
  voucher: z.string().nullable(),
  gateway: z.string(),
  provider_ref: z.string().nullable(),
  ref_code: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** What happened to it, with who did it and a decline's reason. */
  events: z.array(z.object({ type: z.string(), at: z.string(), actor: z.string().nullable(), reason: z.string().nullable() })),
  callbacks: z.array(z.object({ gateway: z.string(), event_id: z.string(), outcome: z.string(), received_at: z.string() })),
  refunds: z.array(staffRefundSchema),
  /** What a refund may still give back (pesos), and whether one may still end the enrolment; null when none may be made. */
  refundable: z.object({ amount: z.number(), may_cancel: z.boolean(), cancel_refused: z.string().nullable() }).nullable(),
});
export type StaffPaymentDetail = z.infer<typeof staffPaymentDetailSchema>;

/** What each recorded event of a payment says on its page. */
export const paymentEventLabels: Record<string, string> = {
  'payment.created': 'Checkout opened',
  'payment.pending': 'Waiting for the payment',
  'payment.paid': 'Paid',
  'payment.failed': 'Failed',
  'payment.cancelled': 'Cancelled by the payer',
  'payment.orphaned': 'Paid after it was replaced: the money needs the school’s attention',
  'payment.refunded': 'Refunded',
};

export const declineMessages = { reasonRequired: 'Say why the payment is declined.' };
export const declineBodySchema = z.object({ reason: z.string({ error: declineMessages.reasonRequired }).trim().min(1, declineMessages.reasonRequired).max(500) });

export const refundMessages = {
  reasonRequired: 'Say why the payment is refunded.',
  amountInvalid: 'Enter an amount in pesos, up to two decimals.',
  nothingToDo: 'Enter an amount to refund, or end the enrolment.',
  notPaid: 'Only a paid transaction (or money that arrived after its attempt ended) can be refunded.',
  tooMuch: (left: string) => `No more than ${left} can be refunded.`,
  alreadyCancelled: 'The enrolment of this payment has already ended.',
  boughtAgain: 'The student paid for this enrolment again since: refund that later payment to end it.',
  boughtNothing: 'This money arrived after its payment attempt had ended: it bought no enrolment to end.',
  certificateIssued: 'A certificate was issued for this enrolment: a refund cannot end access to it. Refund the money only.',
  otherGateway: 'This payment went through another payment gateway than the one this site uses now: refund it there.',
  gatewayRefused: 'The payment gateway did not accept the refund: nothing was refunded. Try again later.',
  stillSending: 'This refund is being sent to the payment gateway right now: wait a minute and look at the payment again.',
  gatewayUnclear:
    'The payment gateway did not answer clearly, so the refund may have been made. It stays "Being sent to the gateway": press Refund again with the same answers to send it again (the gateway makes it once).',
  idempotencyKeyRequired: 'An Idempotency-Key header is required.',
} as const;

/** A refund: pesos (0 only to end the enrolment without money back), why, and whether access ends with it. */
export const refundBodySchema = z
  .object({
    amount: z.number({ error: refundMessages.amountInvalid }).min(0, refundMessages.amountInvalid).max(10_000_000, refundMessages.amountInvalid).multipleOf(0.01, refundMessages.amountInvalid),
    reason: z.string({ error: refundMessages.reasonRequired }).trim().min(1, refundMessages.reasonRequired).max(500),
    cancel_enrolment: z.boolean(),
  })
  .refine((b) => b.amount !== 0 || b.cancel_enrolment, { message: refundMessages.nothingToDo, path: ['amount'] });
export type RefundBody = z.infer<typeof refundBodySchema>;
