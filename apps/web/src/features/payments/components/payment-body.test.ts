import { describe, expect, it } from 'vitest';
import type { Channels } from '@school/shared/payments/schemas';
import { channelOf, feesBody, offeredModes, processBody, type PaymentChoices, type PurchaseTarget } from './payment-body';

const channels: Channels = {
  online_bank: [{ name: 'BPI Online', value: 'BPI', gateway: 'sandbox' }],
  otc_bank: [],
  otc_nonbank: [{ name: '7-Eleven', value: '711', gateway: 'sandbox' }],
  ewallet: [{ name: 'GCash', value: 'GCASH', gateway: 'sandbox' }],
  card_gateway: 'sandbox-card',
  card_error: false,
};
const course: PurchaseTarget = { contentType: 'course', objectId: 7, askPeriod: true };
const none: PaymentChoices = { mode: null, channel: '', voucher: null, coins: 0, period: 3 };

describe('offeredModes', () => {
  it("keeps the item's modes that can be paid now, in the platform's order", () => {
    expect(offeredModes(['card', 'otc_bank', 'cash', 'online_bank'], channels)).toEqual(['cash', 'online_bank', 'card']);
    expect(offeredModes(['card', 'ewallet'], { ...channels, card_error: true })).toEqual(['ewallet']);
  });
});

describe('channelOf', () => {
  it('sends cash as cash, card with the card gateway, and the chosen channel with its gateway', () => {
    expect(channelOf('cash', '', channels)).toEqual({ channel_code: 'cash', gateway: 'cash' });
    expect(channelOf('card', '', channels)).toEqual({ channel_code: 'card', gateway: 'sandbox-card' });
    expect(channelOf('online_bank', 'BPI', channels)).toEqual({ channel_code: 'BPI', gateway: 'sandbox' });
    expect(channelOf('online_bank', '', channels)).toEqual({ channel_code: '', gateway: '' });
    expect(channelOf('voucher', '', channels)).toEqual({ channel_code: '', gateway: '' });
  });
});

describe('feesBody', () => {
  it('asks for the fees of the current choices, with the applied voucher and coins', () => {
    expect(feesBody(course, { ...none, mode: 'ewallet', channel: 'GCASH', voucher: 'HALF50', coins: 100 }, channels)).toEqual({
      content_type: 'course',
      object_id: 7,
      channel_code: 'GCASH',
      gateway: 'sandbox',
      voucher_code: 'HALF50',
      coins: '100',
    });
    expect(feesBody(course, none, channels)).toEqual({ content_type: 'course', object_id: 7, channel_code: '', gateway: '', voucher_code: '' });
  });
});

describe('processBody', () => {
  it('sends only what waives a waived total', () => {
    expect(processBody(course, { ...none, mode: 'voucher', voucher: 'FULL100' }, channels)).toEqual({ content_type: 'course', object_id: 7, compliance_period: 3, voucher_code: 'FULL100' });
    expect(processBody(course, { ...none, mode: 'coins', voucher: 'HALF50', coins: 1500 }, channels)).toEqual({ content_type: 'course', object_id: 7, compliance_period: 3, coins: '1500' });
  });
  it('sends the mode, its channel and gateway, and the voucher and coins that take part', () => {
    expect(processBody(course, { ...none, mode: 'online_bank', channel: 'BPI', voucher: 'HALF50', coins: 100.5 }, channels)).toEqual({
      content_type: 'course',
      object_id: 7,
      compliance_period: 3,
      channel_code: 'BPI',
      gateway: 'sandbox',
      processor_type: 'online_bank',
      voucher_code: 'HALF50',
      coins: '100.5',
    });
  });
  it('leaves out the compliance period where none is asked (no MCLE, a pay-later enrolment)', () => {
    const cls: PurchaseTarget = { contentType: 'class', objectId: 12, askPeriod: false };
    expect(processBody(cls, { ...none, mode: 'cash' }, channels)).toEqual({ content_type: 'class', object_id: 12, channel_code: 'cash', gateway: 'cash', processor_type: 'cash' });
  });
});
