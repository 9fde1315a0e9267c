import { z } from 'zod';
import type { ChannelFee, PaymentMode } from '@school/shared/payments/rules';
import { CallbackRefused, RefundRefused, type PaymentGateway } from './gateway';
import { verifySignature } from './signature';

export const PAYMONGO = 'paymongo';

interface Method {
  name: string;
  value: string;
  fee: ChannelFee;
}

/** Checkout payment methods by mode, with PayMongo's published rates (card: 3.5 % + P15). */
const methods: Record<'online_bank' | 'ewallet', Method[]> = {
  online_bank: [
    { name: 'BPI Online', value: 'dob', fee: { fixed: 1500, basisPoints: 0 } },
    { name: 'UnionBank Online', value: 'dob_ubp', fee: { fixed: 1500, basisPoints: 0 } },
  ],
  ewallet: [
    { name: 'GCash', value: 'gcash', fee: { fixed: 0, basisPoints: 250 } },
    { name: 'Maya', value: 'paymaya', fee: { fixed: 0, basisPoints: 200 } },
    { name: 'GrabPay', value: 'grab_pay', fee: { fixed: 0, basisPoints: 220 } },
  ],
};
const cardFee: ChannelFee = { fixed: 1500, basisPoints: 350 };

const sessionSchema = z.object({ data: z.object({ id: z.string(), attributes: z.object({ checkout_url: z.url() }) }) });
const sessionStateSchema = z.object({
  data: z.object({
    attributes: z.object({
      status: z.string(),
      paid_at: z.number().nullish(),
      payments: z.array(z.object({ id: z.string(), attributes: z.object({ status: z.string() }) })).default([]),
    }),
  }),
});
const refundData = z.object({
  id: z.string(),
  attributes: z.object({ status: z.enum(['pending', 'processing', 'succeeded', 'failed']), metadata: z.record(z.string(), z.unknown()).nullish() }),
});
const refundSchema = z.object({ data: refundData });
const refundListSchema = z.object({ data: z.array(refundData) });
const eventSchema = z.object({
  data: z.object({
    id: z.string().min(1).max(100),
    attributes: z.object({
      type: z.string(),
      livemode: z.boolean(),
      data: z.object({ attributes: z.object({ reference_number: z.string().max(100).nullish() }).passthrough() }).passthrough(),
    }),
  }),
});

/**
 * PayMongo's hosted checkout (checkout sessions) and its webhooks (`Paymongo-Signature: t=…,te=…,li=…`, an
 * HMAC-SHA256 of "{t}.{raw body}" with the webhook's secret). It has no over-the-counter codes: those modes
 * have no channels here, so the payment page hides them.
 */
export function paymongoGateway(options: { secretKey: string; webhookSecret: string; apiUrl: string }): PaymentGateway {
  const find = (mode: PaymentMode, code: string | null) => (mode === 'online_bank' || mode === 'ewallet' ? methods[mode].find((m) => m.value === code) : undefined);
  const api = (path: string, init: RequestInit) =>
    fetch(`${options.apiUrl.replace(/\/$/, '')}/v1/${path}`, {
      ...init,
      headers: { authorization: `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
  const listed = (mode: keyof typeof methods) => methods[mode].map(({ name, value }) => ({ name, value, gateway: PAYMONGO }));
  return {
    name: PAYMONGO,
    channels: () => ({ online_bank: listed('online_bank'), ewallet: listed('ewallet'), otc_bank: [], otc_nonbank: [], card_gateway: PAYMONGO, card_error: false }),
    channelFee: (mode, code) => (mode === 'card' ? (code === 'card' ? cardFee : null) : (find(mode, code)?.fee ?? null)),
    channelName: (mode, code) => (mode === 'card' ? 'Mastercard/Visa Card' : (find(mode, code)?.name ?? null)),
    counterInstructions: () => ({ steps: [], terms: 'https://www.paymongo.com/terms-and-conditions', logo: null }),
    async createCheckout(request) {
      const response = await api('checkout_sessions', {
        method: 'POST',
        body: JSON.stringify({
          data: {
            attributes: {
              line_items: [{ name: request.description, amount: request.amount, currency: 'PHP', quantity: 1 }],
              payment_method_types: [request.channelCode],
              description: `${request.merchant}: ${request.description}`,
              reference_number: request.reference,
              success_url: request.returnUrl,
              cancel_url: request.returnUrl,
              send_email_receipt: false,
              show_line_items: true,
            },
          },
        }),
      });
      if (!response.ok) throw new Error(`PayMongo answered ${response.status}`);
      const session = sessionSchema.parse(await response.json());
      return { kind: 'redirect', url: session.data.attributes.checkout_url, providerRef: session.data.id };
    },
    async cancelCheckout(providerRef) {
      const path = `checkout_sessions/${encodeURIComponent(providerRef)}`;
      const expired = await api(`${path}/expire`, { method: 'POST' });
      if (expired.ok) return 'closed';
      // Refused: the session is over already, paid or expired; its own record says which.
      const found = await api(path, { method: 'GET' });
      if (!found.ok) throw new Error(`PayMongo answered ${expired.status}, then ${found.status}`);
      const { attributes } = sessionStateSchema.parse(await found.json()).data;
      if (attributes.paid_at || attributes.payments.some((p) => p.attributes.status === 'paid')) return 'paid';
      if (attributes.status === 'expired') return 'closed';
      throw new Error(`PayMongo refused to expire a ${attributes.status} session`);
    },
    async refund({ providerRef, refundId, amount, reason }) {
      // A refund names the session's payment, which the session's record gives. Only a refusal of the refund
      // itself is RefundRefused; anything else (the session unreadable, a list failing) leaves it unknown.
      const found = await api(`checkout_sessions/${encodeURIComponent(providerRef)}`, { method: 'GET' });
      if (!found.ok) throw new Error(`PayMongo answered ${found.status} for the session`);
      const paymentsMade = sessionStateSchema.parse(await found.json()).data.attributes.payments;
      const payment = paymentsMade.find((p) => p.attributes.status === 'paid') ?? paymentsMade[0];
      if (!payment) throw new Error('PayMongo shows no payment in this session');
      // Asked again (an earlier answer was lost): the refund made then, found by our id in its metadata.
      const listed = await api(`refunds?payment_id=${encodeURIComponent(payment.id)}&limit=100`, { method: 'GET' });
      if (!listed.ok) throw new Error(`PayMongo answered ${listed.status} to the list of refunds`);
      const made = refundListSchema.parse(await listed.json()).data.find((r) => r.attributes.metadata?.refund_id === refundId && r.attributes.status !== 'failed');
      if (made) return { providerRef: made.id, state: made.attributes.status === 'succeeded' ? 'succeeded' : 'pending' };
      const response = await api('refunds', {
        method: 'POST',
        body: JSON.stringify({ data: { attributes: { amount, payment_id: payment.id, reason: 'others', notes: reason.slice(0, 255), metadata: { refund_id: refundId } } } }),
      });
      // A request PayMongo checked and refused (more than is left, a payment it cannot refund): nothing was made.
      if (response.status === 400 || response.status === 422) throw new RefundRefused(`PayMongo refused the refund (${response.status})`);
      if (!response.ok) throw new Error(`PayMongo answered ${response.status} to the refund`);
      const { data } = refundSchema.parse(await response.json());
      if (data.attributes.status === 'failed') throw new RefundRefused('PayMongo failed the refund');
      return { providerRef: data.id, state: data.attributes.status === 'succeeded' ? 'succeeded' : 'pending' };
    },
    parseCallback(rawBody, headers) {
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new CallbackRefused('bad body');
      }
      const header = headers['paymongo-signature'];
      // Test-mode events are signed in `te`, live ones in `li`.
      if (!verifySignature(options.webhookSecret, rawBody, typeof header === 'string' ? header : undefined, event.data.attributes.livemode ? 'li' : 'te')) {
        throw new CallbackRefused('bad signature');
      }
      const reference = event.data.attributes.data.attributes.reference_number;
      if (event.data.attributes.type !== 'checkout_session.payment.paid' || !reference) return null;
      return { eventId: event.data.id, reference, outcome: 'paid' };
    },
  };
}
