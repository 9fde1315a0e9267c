import type { ChannelFee, PaymentMode } from '@school/shared/payments/rules';
import type { Channels } from '@school/shared/payments/schemas';

/** What the platform asks a gateway to collect. Amounts are centavos. */
export interface CheckoutRequest {
  reference: string;
  amount: number;
  description: string;
  merchant: string;
  mode: PaymentMode;
  channelCode: string | null;
  channelName: string | null;
  /** Where the gateway posts its signed server-to-server callbacks. */
  callbackUrl: string;
  /** Where the payer's browser comes back to after a hosted checkout. */
  returnUrl: string;
}

/** A hosted checkout to send the payer to, or an over-the-counter code to pay at a branch. */
export type Checkout =
  | { kind: 'redirect'; url: string; providerRef: string }
  | { kind: 'otc'; refCode: string; expiresAt: Date; providerRef: string; counterUrl: string | null };

/** A verified callback: what happened to which payment, under the provider's unique event id. */
export interface GatewayEvent {
  eventId: string;
  reference: string;
  outcome: 'paid' | 'failed' | 'pending';
}

/** Money given back on a paid checkout. Amounts are centavos; `refundId` is ours, the same when asked again. */
export interface RefundRequest {
  providerRef: string;
  refundId: string;
  amount: number;
  reason: string;
}

/** The gateway's id of the refund, and whether the money is on its way back already or the gateway settles it later. */
export interface RefundResult {
  providerRef: string;
  state: 'succeeded' | 'pending';
}

export interface PaymentGateway {
  /** Stored with each transaction and named in the callback path (`/payment/callback/{name}/`). */
  readonly name: string;
  channels(): Channels;
  /** The fee of a mode's channel, or null when the gateway has no such channel. */
  channelFee(mode: PaymentMode, channelCode: string | null): ChannelFee | null;
  channelName(mode: PaymentMode, channelCode: string | null): string | null;
  /** The steps, terms and channel logo (a path on this site, or null) shown with an over-the-counter code. */
  counterInstructions(channelCode: string): { steps: string[]; terms: string; logo: string | null };
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Closes a checkout or code the platform has given up on (replaced, lapsed or cancelled by the payer), so it
   * can no longer be paid: 'closed' once it cannot be paid (also when it had ended unpaid before), 'paid' when
   * the money was taken first.
   */
  cancelCheckout(providerRef: string): Promise<'closed' | 'paid'>;
  /**
   * Gives back part or all of a paid checkout, once per `refundId` (asked again, it answers the refund made).
   * Throws RefundRefused when the gateway refused (nothing was given back); any other error leaves it unknown.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Verifies a callback's signature over its raw body (throws `CallbackRefused`); null for events we ignore. */
  parseCallback(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent | null;
}

export class CallbackRefused extends Error {}

/** The gateway said no to a refund: nothing was given back. */
export class RefundRefused extends Error {}
