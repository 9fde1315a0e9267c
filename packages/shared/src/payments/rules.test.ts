import { describe, expect, it } from 'vitest';
import { AMOUNT_PATTERN, afterPayment, enrolmentStatusFor, mayMove, paymentBreakdown, returnCode, toCentavos, walletMessage, wholeCoins, type BreakdownInput } from './rules';

/** P1,120: P1,000 plus 12 % VAT, in centavos. */
const base: BreakdownInput = { subtotal: 100_000, tax: 12_000, coupon: null, coins: 0, balance: 0, channelFee: null };
const bank = { fixed: 1500, basisPoints: 0 };

describe('paymentBreakdown (spec 3 §5)', () => {
  it.each([
    ['no discount, no channel yet', {}, { fee: 0, discount: 0, coins: 0, amount: 112_000, waivedBy: null }],
    ['a fixed channel fee', { channelFee: bank }, { fee: 1500, amount: 113_500, waivedBy: null }],
    ['a percentage channel fee on what is left to pay', { channelFee: { fixed: 0, basisPoints: 250 }, coupon: { type: 'percentage', value: 50 } }, { discount: 56_000, fee: 1400, amount: 57_400 }],
    ['a percentage coupon', { coupon: { type: 'percentage', value: 10 }, channelFee: bank }, { discount: 11_200, fee: 1500, amount: 102_300 }],
    ['a 100 % coupon is a full discount and no gateway fee', { coupon: { type: 'percentage', value: 100 }, channelFee: bank }, { discount: 112_000, fee: 0, amount: 0, waivedBy: 'voucher' }],
    ['a fixed coupon', { coupon: { type: 'fixed', value: 50_000 }, channelFee: bank }, { discount: 50_000, amount: 63_500 }],
    ['a fixed coupon above the price discounts only the price', { coupon: { type: 'fixed', value: 500_000 }, channelFee: bank }, { discount: 112_000, fee: 0, amount: 0, waivedBy: 'voucher' }],
    ['coins capped at the balance', { coins: 50_000, balance: 10_000, channelFee: bank }, { coins: 10_000, amount: 103_500 }],
    ['coins capped at the price', { coins: 500_000, balance: 500_000, channelFee: bank }, { coins: 112_000, fee: 0, amount: 0, waivedBy: 'coins' }],
    ['negative coins count as none', { coins: -500, balance: 10_000 }, { coins: 0, amount: 112_000 }],
    ['coins then a fixed coupon that covers the rest', { coins: 12_000, balance: 12_000, coupon: { type: 'fixed', value: 100_000 }, channelFee: bank }, { coins: 12_000, discount: 100_000, fee: 0, amount: 0, waivedBy: 'voucher' }],
    ['coins then a percentage coupon larger than the rest', { coins: 100_000, balance: 100_000, coupon: { type: 'percentage', value: 50 } }, { coins: 100_000, discount: 12_000, amount: 0, waivedBy: 'voucher' }],
    ['coins and a partial coupon and a fee', { coins: 10_000, balance: 10_000, coupon: { type: 'fixed', value: 50_000 }, channelFee: bank }, { coins: 10_000, discount: 50_000, fee: 1500, amount: 53_500 }],
  ] as const)('%s', (_name, input, expected) => {
    const result = paymentBreakdown({ ...base, ...input } as BreakdownInput);
    expect(result).toMatchObject(expected);
    // Total = subtotal + tax + fee - discount - coins (spec 3 §5), never below 0.
    expect(result.amount).toBe(Math.max(0, result.subtotal + result.tax + result.fee - result.discount - result.coins));
  });

  it('charges nothing on a free item', () => {
    expect(paymentBreakdown({ ...base, subtotal: 0, tax: 0, channelFee: bank })).toMatchObject({ fee: 0, amount: 0, waivedBy: 'voucher' });
  });
});

describe('payment states', () => {
  it('moves a transaction only forward', () => {
    expect(mayMove('notpaid', 'Pending')).toBe(true);
    expect(mayMove('notpaid', 'Paid')).toBe(true);
    expect(mayMove('Pending', 'Failed')).toBe(true);
    expect(mayMove('Pending', 'notpaid')).toBe(false);
    expect(mayMove('Paid', 'Failed')).toBe(false);
    expect(mayMove('Failed', 'Paid')).toBe(false);
  });

  it('gives the enrolment its status from the transaction', () => {
    expect(enrolmentStatusFor('Paid', true)).toBe('paid');
    expect(enrolmentStatusFor('Pending', true)).toBe('pay_later');
    expect(enrolmentStatusFor('Pending', false)).toBe('pending');
    expect(enrolmentStatusFor('notpaid', false)).toBe('notpaid');
  });

  it('routes the answer of a processed payment as spec 3 §4 says', () => {
    expect(afterPayment({ txn_id: 1, status: 'notpaid', payment_url: '/sandbox/checkout/x', channel: null })).toEqual({ go: 'url', url: '/sandbox/checkout/x' });
    expect(afterPayment({ txn_id: 1, status: 'pending', payment_url: null, channel: '7-Eleven' })).toEqual({ go: 'instruction', txnId: 1 });
    expect(afterPayment({ txn_id: 1, status: 'pay_later', payment_url: null, channel: null })).toEqual({ go: 'pay_later' });
    expect(afterPayment({ txn_id: 1, status: 'pending', payment_url: null, channel: null })).toEqual({ go: 'result', txnId: 1 });
    expect(afterPayment({ txn_id: 1, status: 'paid', payment_url: null, channel: null })).toEqual({ go: 'result', txnId: 1 });
  });

  it('names the result code the item page reads after a hosted checkout', () => {
    expect([returnCode('Paid', false), returnCode('Paid', true), returnCode('Pending', false), returnCode('Pending', true), returnCode('Failed', false), returnCode('notpaid', false)]).toEqual(['S', 'PLS', 'P', 'PLP', 'F', 'V']);
  });
});

describe('amounts and the wallet message', () => {
  it('accepts digits with up to two decimals', () => {
    expect(['0', '12', '12.5', '12.50'].every((v) => AMOUNT_PATTERN.test(v))).toBe(true);
    expect(['', '-1', '1.234', '1e3', '1,000', ' 1'].some((v) => AMOUNT_PATTERN.test(v))).toBe(false);
    expect(toCentavos('12.34')).toBe(1234);
    expect(toCentavos('0.1')).toBe(10);
    expect(wholeCoins(99_999)).toBe(999);
  });

  it('signs the exact wording of DECISIONS.md', () => {
    expect(walletMessage('0xAbC', 'n1')).toBe('I am 0xAbC, signing my one-time nonce: n1');
  });
});
