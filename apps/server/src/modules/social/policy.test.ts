import { describe, expect, it } from 'vitest';
import { anonymous } from '../../lib/policy';
import { providerPolicy } from './policy';

const products = { facebook_sso: false, google_sso: true, mcle: false, kyc: false, apt_coins: false, show_announcement: false, primary_id: null };
const actor = { ...anonymous, schoolId: 1 };

describe('providerPolicy', () => {
  it('sign_in: configured on the platform and switched on by the school', () => {
    expect(providerPolicy.can(actor, 'sign_in', { schoolId: 1, provider: 'google', configured: true, products })).toBe(true);
    expect(providerPolicy.can(actor, 'sign_in', { schoolId: 1, provider: 'google', configured: false, products })).toBe(false);
    expect(providerPolicy.can(actor, 'sign_in', { schoolId: 1, provider: 'facebook', configured: true, products })).toBe(false);
  });
  it("refuses with the product's message", () => {
    expect(() => providerPolicy.authorize(actor, 'sign_in', { schoolId: 1, provider: 'facebook', configured: true, products })).toThrow('This sign-in method is not enabled for this school.');
  });
});
