import { describe, expect, it } from 'vitest';
import { courseState, enrollButton, firstGate, formatFee, idFromSlug, isPaid, pageWindow, priceBreakdown, progressLabel, selfEnrolBlock, selfEnrolRefusal, showingText, slugFor } from './rules';

describe('slugs', () => {
  it('reads the id from the last part', () => {
    expect(idFromSlug('legal-ethics-in-the-digital-age-12')).toBe(12);
    expect(idFromSlug('Legal Ethics 7')).toBe(7);
    expect(idFromSlug('no-id-here')).toBeNull();
    expect(idFromSlug('x-99999999999')).toBeNull();
    expect(slugFor('Ñoño & Co.: Tax Law', 5)).toBe('nono-co-tax-law-5');
  });
});

describe('money', () => {
  it('splits VAT out of the fee and formats pesos', () => {
    expect(priceBreakdown(112_000)).toEqual({ fee: 112_000, subtotal: 100_000, tax: 12_000 });
    expect(formatFee(1500)).toBe('P1,500.00');
    expect(formatFee(0)).toBe('Free');
    expect(formatFee(0, 'FREE')).toBe('FREE');
  });
  it('counts only the waiting statuses as unpaid', () => {
    expect(['notpaid', 'partial', 'collection', 'pending', 'pay_later'].map(isPaid)).toEqual([false, false, false, false, false]);
    expect(['paid', 'free', 'anything'].map(isPaid)).toEqual([true, true, true]);
  });
});

describe('enrollButton (spec 2 §4)', () => {
  const base = { staff: false, allowPayLater: false, fee: 0 };
  it.each([
    [{ status: 'paid', progress: 50 }, { label: 'Resume Learning' }],
    [{ status: 'pay_later', progress: 100 }, { label: 'View Course', ghost: true, extra: 'Get Certificate' }],
    [{ status: 'paid', progress: 100 }, { label: 'View Course' }],
    [{ status: 'notpaid', progress: 0 }, { label: 'Payment Pending' }],
    [{ status: 'free', progress: 0 }, { label: 'Start Learning' }],
  ])('%j -> %j', (enrollment, expected) => expect(enrollButton({ ...base, enrollment })).toEqual(expected));
  it('offers pay later and free enrolment only for a paid course that allows it', () => {
    expect(enrollButton({ ...base, enrollment: null, allowPayLater: true, fee: 100 })).toEqual({ label: 'Enroll and Pay now', extra: 'Enroll for Free' });
    expect(enrollButton({ ...base, enrollment: null, allowPayLater: true, fee: 0 })).toEqual({ label: 'Enroll Now' });
    expect(enrollButton({ ...base, enrollment: null })).toEqual({ label: 'Enroll Now' });
    expect(enrollButton({ ...base, enrollment: null, staff: true })).toEqual({ label: 'View Course' });
  });
  it('offers no certificate to buy while a payment of the pay-later course is on its way', () => {
    expect(enrollButton({ ...base, enrollment: { status: 'pay_later', progress: 100 }, paymentPending: true })).toEqual({ label: 'View Course' });
  });
  it('offers the certificate again at 100 % while the MCLE statement is not signed', () => {
    expect(enrollButton({ ...base, enrollment: { status: 'free', progress: 100 }, needsSignature: true })).toEqual({ label: 'View Course', ghost: true, extra: 'Get Certificate' });
    expect(enrollButton({ ...base, enrollment: { status: 'free', progress: 60 }, needsSignature: true })).toEqual({ label: 'Resume Learning' });
  });
});

describe('gates', () => {
  const ok = { loggedIn: true, mayEnrol: true, isVerified: true, step: null, infoSubmitted: true, mcle: true, kyc: true, requireKyc: false, kycVerified: false };
  it('stops at the first gate, in the order of spec 2 §4', () => {
    expect(firstGate({ ...ok, loggedIn: false, mayEnrol: false })).toBe('login');
    expect(firstGate({ ...ok, mayEnrol: false, isVerified: false })).toBe('not_student');
    expect(firstGate({ ...ok, isVerified: false, step: '1' })).toBe('verify_email');
    expect(firstGate({ ...ok, step: '1', infoSubmitted: false })).toBe('incomplete_profile');
    expect(firstGate({ ...ok, infoSubmitted: false, requireKyc: true })).toBe('incomplete_mcle_profile');
    expect(firstGate({ ...ok, mcle: false, infoSubmitted: false })).toBeNull();
    expect(firstGate({ ...ok, requireKyc: true })).toBe('incomplete_kyc');
    expect(firstGate({ ...ok, requireKyc: true, kycVerified: true })).toBeNull();
    expect(firstGate({ ...ok, requireKyc: true, kyc: false })).toBeNull();
    expect(firstGate(ok)).toBeNull();
  });
  it('lets a student enrol directly unless the school enrols or domains are listed and theirs is not', () => {
    const input = { directEnrollment: true, allowedDomains: [] as string[], email: 'a@firm.ph' };
    expect(selfEnrolBlock(input)).toBeNull();
    expect(selfEnrolBlock({ ...input, allowedDomains: ['@Firm.ph'] })).toBeNull();
    expect(selfEnrolBlock({ ...input, allowedDomains: ['other.ph'] })).toBe('email_domain_not_allowed');
    expect(selfEnrolBlock({ ...input, allowedDomains: ['other.ph'], email: null })).toBe('email_domain_not_allowed');
    expect(selfEnrolBlock({ ...input, directEnrollment: false })).toBe('school_enrols_only');
  });
  it('explains a refused self-enrolment', () => {
    expect(selfEnrolRefusal('school_enrols_only', [])).toBe('Enrollment in this course is handled by the school.');
    expect(selfEnrolRefusal('email_domain_not_allowed', ['@firm.ph', 'court.gov.ph'])).toBe('Enrollment in this course is open only to email addresses at firm.ph, court.gov.ph.');
  });
  it('knows open, not yet open and ended courses', () => {
    expect(courseState('2026-01-01', '2026-12-31', '2026-06-01')).toBe('open');
    expect(courseState('2027-01-01', null, '2026-06-01')).toBe('not_open');
    expect(courseState(null, '2026-01-01', '2026-06-01')).toBe('ended');
  });
});

describe('lists', () => {
  it('shows five page links around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
  it("says 'Showing X to Y of N'", () => {
    expect(showingText(1, 6, 25)).toBe('Showing 1 to 6 of 25');
    expect(showingText(5, 6, 25)).toBe('Showing 25 to 25 of 25');
    expect(showingText(1, 6, 0)).toBe('Showing 0 to 0 of 0');
  });
  it('labels progress', () => {
    expect([0, 1, 99, 100].map(progressLabel)).toEqual(['Not Started', 'In Progress', 'In Progress', 'Completed']);
  });
});
