import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { isOtcMode } from '@school/shared/payments/rules';
import type { Db } from '../../db/client';
import { CallbackRefused, RefundRefused, type PaymentGateway } from '../../infra/payments/gateway';
import { verifySignature } from '../../infra/payments/signature';
import { sandboxCardFee, sandboxChannels, sandboxCounterSteps } from './channels';
import { sandboxRepository } from './repository';

export const SANDBOX = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
export const sandboxCheckoutPath = (reference: string) => `/sandbox/checkout/${reference}`;

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.paid', 'payment.failed', 'payment.pending']),
  data: z.object({ reference: z.string().min(1).max(100) }),
});
export type SandboxEvent = z.infer<typeof eventSchema>;
/** The sandbox's callback signing secret: SANDBOX_WEBHOOK_SECRET, or one derived from SECRET_KEY. */
export const sandboxSecretOf = (config: { SECRET_KEY: string; SANDBOX_WEBHOOK_SECRET?: string }) =>
  config.SANDBOX_WEBHOOK_SECRET ?? createHmac('sha256', config.SECRET_KEY).update('sandbox-webhook').digest('hex');

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** A 14-digit code a cashier can key in. */
const counterCode = () => Array.from({ length: 14 }, () => randomInt(10)).join('');

/**
 * The built-in gateway (DECISIONS.md): it keeps its own checkouts, serves a hosted checkout page and a counter
 * for over-the-counter codes, and reports outcomes through signed server-to-server callbacks, as PayMongo does.
 */
export function sandboxGateway(options: { db: Db; secret: string; otcHours: number; cardError: boolean }): PaymentGateway {
  const repo = sandboxRepository(options.db);
  const find = (mode: string, code: string | null) =>
    mode in sandboxChannels ? sandboxChannels[mode as keyof typeof sandboxChannels].find((c) => c.value === code) : undefined;
  return {
    name: SANDBOX,
    channels: () => ({
      ...(Object.fromEntries(Object.entries(sandboxChannels).map(([mode, list]) => [mode, list.map(({ name, value }) => ({ name, value, gateway: SANDBOX }))])) as Record<
        keyof typeof sandboxChannels,
        { name: string; value: string; gateway: string }[]
      >),
      card_gateway: SANDBOX,
      card_error: options.cardError,
    }),
    channelFee(mode, channelCode) {
      if (mode === 'card') return options.cardError || channelCode !== 'card' ? null : sandboxCardFee;
      return find(mode, channelCode)?.fee ?? null;
    },
    channelName(mode, channelCode) {
      if (mode === 'card') return 'Mastercard/Visa Card';
      return find(mode, channelCode)?.name ?? null;
    },
    counterInstructions: (channelCode) => {
      const channel = find('otc_bank', channelCode) ?? find('otc_nonbank', channelCode);
      return { steps: sandboxCounterSteps(channel?.name ?? 'partner'), terms: '/sandbox/terms', logo: channel?.logo ?? null };
    },
    async createCheckout(request) {
      const otc = isOtcMode(request.mode);
      const refCode = otc ? counterCode() : null;
      const expiresAt = otc ? new Date(Date.now() + options.otcHours * 3_600_000) : null;
      await repo.insert({
        reference: request.reference,
        merchant: request.merchant,
        description: request.description,
        amount: request.amount,
        mode: request.mode,
        channel: request.channelName,
        refCode,
        status: 'open',
        callbackUrl: request.callbackUrl,
        returnUrl: request.returnUrl,
        expiresAt,
      });
      const url = sandboxCheckoutPath(request.reference);
      return otc ? { kind: 'otc', refCode: refCode!, expiresAt: expiresAt!, providerRef: request.reference, counterUrl: url } : { kind: 'redirect', url, providerRef: request.reference };
    },
    async cancelCheckout(providerRef) {
      if (await repo.move(providerRef, ['open', 'pending'], 'expired')) return 'closed';
      // Already over: paid, or failed or expired with nothing left to pay.
      return (await repo.find(providerRef))?.status === 'paid' ? 'paid' : 'closed';
    },
    async refund({ providerRef, refundId, amount }) {
      if (await repo.refund(providerRef, refundId, amount)) return { providerRef: refundId, state: 'succeeded' };
      // Asked again after it was made (a retry): the same answer; otherwise unpaid, or more than is left.
      const found = await repo.find(providerRef);
      if (found?.refunds.includes(refundId)) return { providerRef: refundId, state: 'succeeded' };
      throw new RefundRefused(`the sandbox refused a refund of ${amount} on a ${found?.status ?? 'missing'} checkout`);
    },
    parseCallback(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (!verifySignature(options.secret, rawBody, typeof header === 'string' ? header : undefined)) throw new CallbackRefused('bad signature');
      let parsed: SandboxEvent;
      try {
        parsed = eventSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new CallbackRefused('bad body');
      }
      return { eventId: parsed.id, reference: parsed.data.reference, outcome: parsed.type.slice('payment.'.length) as 'paid' | 'failed' | 'pending' };
    },
  };
}
