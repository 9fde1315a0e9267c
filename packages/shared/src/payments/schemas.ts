import { z } from 'zod';
import { listSchema } from '../api/errors';
import { AMOUNT_PATTERN, OPEN_TRANSACTION_STATUSES, PAYMENT_MODES, TRANSACTION_STATUSES, WALLET_PAGE_SIZE } from './rules';

const id = z.coerce.number().int().positive().max(2147483647);
/** What is being bought; `class` is a course's class variant (its own fee), object_id then the class's id. */
export const contentTypeSchema = z.enum(['course', 'bundle', 'class']);
export type ContentType = z.infer<typeof contentTypeSchema>;

const voucherCode = z.string().trim().max(64);
/** Coins as entered: digits with up to two decimals (spec 3 §5), in pesos. */
const coinsSchema = z.union([z.number(), z.string()]).pipe(z.coerce.string()).pipe(z.string().regex(AMOUNT_PATTERN, { error: 'Enter an amount with up to two decimals.' }));
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Enter a valid wallet address.' });
const signature = z.string().regex(/^0x[0-9a-fA-F]{130}$/, { error: 'Enter a valid signature.' });

export const channelsQuerySchema = z.object({ content_type: contentTypeSchema, object_id: id });
export const channelSchema = z.object({ name: z.string(), value: z.string(), gateway: z.string() });
export type Channel = z.infer<typeof channelSchema>;
/** Channels grouped by mode (spec 3 §3), plus the card gateway and its error flag. */
export const channelsSchema = z.object({
  online_bank: z.array(channelSchema),
  otc_bank: z.array(channelSchema),
  otc_nonbank: z.array(channelSchema),
  ewallet: z.array(channelSchema),
  card_gateway: z.string(),
  card_error: z.boolean(),
});
export type Channels = z.infer<typeof channelsSchema>;

/** A channel's gateway fee, so the page computes the same breakdown the server will charge. */
export const feesBodySchema = z.object({
  channel_code: z.string().max(64).optional().default(''),
  gateway: z.string().max(64).optional().default(''),
  object_id: id,
  content_type: contentTypeSchema,
  voucher_code: voucherCode.optional().default(''),
  coins: coinsSchema.optional(),
});
export type FeesBody = z.input<typeof feesBodySchema>;
/** Every figure in pesos; `total_fee` is the gateway fee (spec 3 §3), the rest the whole breakdown. */
export const feesSchema = z.object({
  total_fee: z.number(),
  subtotal: z.number(),
  vat: z.number(),
  discount: z.number(),
  applied_coins: z.number(),
  amount: z.number(),
  waived_by: z.enum(['voucher', 'coins']).nullable(),
});
export type Fees = z.infer<typeof feesSchema>;

export const voucherParamsSchema = z.object({ code: z.string().min(1).max(64), id });
/** Coupon value: a percent, or pesos for a fixed amount. */
export const couponSchema = z.object({ type: z.enum(['percentage', 'fixed']), value: z.number() });
export const voucherResultSchema = z.object({ success: z.boolean(), message: z.string(), coupon: couponSchema });
export type VoucherResult = z.infer<typeof voucherResultSchema>;

export const applyCoinsBodySchema = z.object({
  coins: coinsSchema,
  public_address: address.optional(),
  message: z.string().max(300).optional(),
  signature: signature.optional(),
});
export type ApplyCoinsBody = z.input<typeof applyCoinsBodySchema>;
export const applyCoinsResultSchema = z.object({ success: z.boolean(), message: z.string(), coins: z.number() });
export type ApplyCoinsResult = z.infer<typeof applyCoinsResultSchema>;

/** POST payment/process/ (spec 3 §7 "Post payment payload"); amounts are never sent, the server computes them. */
export const processBodySchema = z.object({
  content_type: contentTypeSchema,
  object_id: id,
  compliance_period: id.nullable().optional(),
  voucher_code: voucherCode.optional(),
  coins: coinsSchema.optional(),
  channel_code: z.string().max(64).optional(),
  gateway: z.string().max(64).optional(),
  processor_type: z.enum(PAYMENT_MODES).optional(),
});
export type ProcessBody = z.input<typeof processBodySchema>;
/** `status` is the enrolment's; `payment_url` a hosted checkout to leave for; `channel` an over-the-counter code. */
export const processResultSchema = z.object({ txn_id: z.number(), status: z.string(), payment_url: z.string().nullable(), channel: z.string().nullable() });
export type ProcessResult = z.infer<typeof processResultSchema>;

export const txnParamsSchema = z.object({ txn_id: id });
export const txnQuerySchema = z.object({ txn_id: id });
export const transactionSchema = z.object({
  id: z.number(),
  status: z.enum(TRANSACTION_STATUSES),
  object_details: z.object({ id: z.number(), name: z.string(), description: z.string(), image: z.string().nullable(), slug: z.string(), content_type: z.enum(['course', 'coursebundle']), class_id: z.number().nullable().describe('the class bought, for a class variant') }),
  base: z.number(),
  vat: z.number(),
  fee: z.number(),
  discount: z.number(),
  applied_coins: z.number(),
  amount: z.number(),
  processor_type: z.string(),
  processor: z.string().nullable(),
  pay_later: z.boolean(),
  created: z.string(),
  /** Money the school gave back (pesos): 'requested' and 'pending' are on their way, and whether access ended with it. */
  refunds: z.array(z.object({ amount: z.number(), reason: z.string(), state: z.enum(['requested', 'pending', 'succeeded']), ended_enrolment: z.boolean(), created: z.string() })),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * A payment of the caller's at this school that has not gone through: My Courses' 'Payment pending' and the
 * item pages' Payment Pending name it, so that nobody pays twice without knowing (DECISIONS.md).
 */
export const pendingPaymentSchema = z.object({
  id: z.number(),
  status: z.enum(OPEN_TRANSACTION_STATUSES),
  processor_type: z.string().describe('the mode of payment'),
  processor: z.string().nullable().describe('the channel'),
  amount: z.number().describe('pesos'),
  ref_code: z.string().nullable().describe('the over-the-counter code; its instruction page takes the payment up again'),
  checkout_url: z.string().nullable().describe("the gateway's hosted checkout, where paying carries on"),
  created: z.string(),
  expires_at: z.string().nullable().describe('when it lapses (fails by itself); null for cash, which waits for the school'),
  item: z.object({ id: z.number(), name: z.string(), slug: z.string(), image: z.string().nullable(), content_type: z.enum(['course', 'coursebundle']) }),
  course_ids: z.array(z.number()).describe("the courses it pays for: the course, or the bundle's"),
});
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;
export const pendingPaymentListSchema = z.array(pendingPaymentSchema);

/** The over-the-counter instruction page's data (spec 3 §3 "Payment instruction"). */
export const instructionSchema = z.object({
  id: z.number(),
  channel: z.string(),
  channel_logo: z.string().nullable().describe("the channel's logo, from the site's static partner-logo area"),
  status: z.enum(TRANSACTION_STATUSES),
  image_url: z.string().describe('the Code 128 barcode of ref_code, a data: URL'),
  ref_code: z.string(),
  seller_name: z.string(),
  created: z.string(),
  expiry: z.string(),
  amount: z.number(),
  terms: z.string(),
  instructions: z.object({ Payment: z.array(z.string()) }),
  checkout_url: z.string().nullable().describe("the sandbox counter where the code can be paid, while it is payable"),
});
export type Instruction = z.infer<typeof instructionSchema>;

export const walletSchema = z.object({ balance: z.number().describe('coins (pesos)'), address: z.string().nullable(), verified: z.boolean() });
export type Wallet = z.infer<typeof walletSchema>;
export const walletQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100000).default(1), perpage: z.coerce.number().int().min(1).max(100).default(WALLET_PAGE_SIZE) });
/** A wallet transaction (spec 1 §3): value and running balance in coins. */
export const walletEntrySchema = z.object({ id: z.number(), description: z.string(), created_at: z.string(), type: z.enum(['credit', 'debit']), value: z.number(), running_balance: z.number() });
export type WalletEntry = z.infer<typeof walletEntrySchema>;
export const walletEntryListSchema = listSchema(walletEntrySchema);

export const walletNonceBodySchema = z.object({ public_address: address });
export const walletNonceSchema = z.object({ public_address: z.string(), nonce: z.string() });
export const walletVerifyBodySchema = z.object({
  public_address: address,
  message: z.string().max(300),
  signature,
  remember_me: z.boolean().optional().describe('signed out (logging in): Keep me logged in, as for a password login'),
});

/** The sandbox gateway's hosted checkout (served by the platform; DECISIONS.md). */
export const sandboxParamsSchema = z.object({ reference: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
export const sandboxCheckoutSchema = z.object({
  reference: z.string(),
  merchant: z.string(),
  description: z.string(),
  amount: z.number(),
  mode: z.string(),
  channel: z.string().nullable(),
  ref_code: z.string().nullable(),
  status: z.enum(['open', 'paid', 'failed', 'pending', 'expired']),
  expires_at: z.string().nullable(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;
export const sandboxOutcomeBodySchema = z.object({ outcome: z.enum(['paid', 'failed', 'pending']) });
export const sandboxOutcomeResultSchema = z.object({ return_url: z.string() });
