import { describe, expect, it } from 'vitest';
import { refundBodySchema, refundMessages } from './payments';

const issues = (body: unknown) => (refundBodySchema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('refundBodySchema', () => {
  it('takes pesos to the centavo, a reason, and whether the enrolment ends', () => {
    expect(refundBodySchema.parse({ amount: 1011.5, reason: '  Moved  ', cancel_enrolment: true })).toEqual({ amount: 1011.5, reason: 'Moved', cancel_enrolment: true });
    expect(issues({ amount: 0.29, reason: 'x', cancel_enrolment: false })).toEqual([]);
  });

  it('refuses fractions of a centavo, negative or missing amounts, and a missing reason, in its own words', () => {
    expect(issues({ amount: 1.234, reason: 'x', cancel_enrolment: false })).toEqual([['amount', refundMessages.amountInvalid]]);
    expect(issues({ amount: -1, reason: 'x', cancel_enrolment: false })).toEqual([['amount', refundMessages.amountInvalid]]);
    expect(issues({ amount: Number.NaN, reason: 'x', cancel_enrolment: false })).toEqual([['amount', refundMessages.amountInvalid]]);
    expect(issues({ amount: 5, reason: ' ', cancel_enrolment: false })).toEqual([['reason', refundMessages.reasonRequired]]);
  });

  it('gives nothing back only to end the enrolment', () => {
    expect(issues({ amount: 0, reason: 'x', cancel_enrolment: false })).toEqual([['amount', refundMessages.nothingToDo]]);
    expect(issues({ amount: 0, reason: 'x', cancel_enrolment: true })).toEqual([]);
  });
});
