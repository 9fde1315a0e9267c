import { isChannelMode, PAYMENT_MODES, type PaymentMode, type WaiverMode } from '@school/shared/payments/rules';
import type { Channels, ContentType, FeesBody, ProcessBody } from '@school/shared/payments/schemas';

/** A mode the payer picks, or the pseudo-mode set when a voucher or coins cover the whole total (spec 3 §9). */
export type FormMode = PaymentMode | WaiverMode;
export const isWaiver = (mode: FormMode | null): mode is WaiverMode => mode === 'voucher' || mode === 'coins';

/** What is bought: a course, a bundle, or a course's class (then `objectId` is the class's id). */
export interface PurchaseTarget {
  contentType: ContentType;
  objectId: number;
  /** A compliance period goes with the purchase (the school's mcle product, not a pay-later enrolment). */
  askPeriod: boolean;
}

/** The form's choices that the fees and the purchase depend on (spec 3 §3 "Payment form state"). */
export interface PaymentChoices {
  mode: FormMode | null;
  /** The chosen channel's code (its `value`), for the modes that have channels. */
  channel: string;
  /** The applied voucher code. */
  voucher: string | null;
  /** Applied coins, in pesos as the server answered them. */
  coins: number;
  period: number | undefined;
}

/** The modes the item takes that this school can take now (spec 3 §2): a channel mode needs channels, card needs no error. */
export function offeredModes(itemModes: readonly string[], channels: Channels): PaymentMode[] {
  return PAYMENT_MODES.filter((mode) => itemModes.includes(mode) && (mode === 'cash' || (mode === 'card' ? !channels.card_error : channels[mode].length > 0)));
}

/** The channel code and gateway of spec 3 §7 "Fees payload rules": cash is cash, card the card gateway, others the chosen channel's. */
export function channelOf(mode: FormMode | null, channel: string, channels: Channels | undefined): { channel_code: string; gateway: string } {
  if (mode === 'cash') return { channel_code: 'cash', gateway: 'cash' };
  if (mode === 'card' && channels) return { channel_code: 'card', gateway: channels.card_gateway };
  if (mode && isChannelMode(mode)) {
    const entry = channels?.[mode].find((c) => c.value === channel);
    if (entry) return { channel_code: entry.value, gateway: entry.gateway };
  }
  return { channel_code: '', gateway: '' };
}

const coinsField = (coins: number) => (coins > 0 ? { coins: String(coins) } : {});

export function feesBody(target: PurchaseTarget, choices: PaymentChoices, channels: Channels | undefined): FeesBody {
  return {
    content_type: target.contentType,
    object_id: target.objectId,
    ...channelOf(choices.mode, choices.channel, channels),
    voucher_code: choices.voucher ?? '',
    ...coinsField(choices.coins),
  };
}

/**
 * Spec 3 §7 "Post payment payload": a waived total sends what waives it and nothing else (a voucher that
 * covers what the coins left sends both, as both make the total 0); otherwise the mode, its channel and
 * gateway, and the voucher and coins that take part.
 */
export function processBody(target: PurchaseTarget, choices: PaymentChoices, channels: Channels | undefined): ProcessBody {
  const base = { content_type: target.contentType, object_id: target.objectId, ...(target.askPeriod && choices.period ? { compliance_period: choices.period } : {}) };
  const voucher = choices.voucher ? { voucher_code: choices.voucher } : {};
  if (choices.mode === 'coins') return { ...base, ...coinsField(choices.coins) };
  if (choices.mode === 'voucher') return { ...base, ...voucher, ...coinsField(choices.coins) };
  return { ...base, ...channelOf(choices.mode, choices.channel, channels), ...(choices.mode ? { processor_type: choices.mode } : {}), ...voucher, ...coinsField(choices.coins) };
}
