import { describe, expect, it } from 'vitest';
import type { Products } from '../school/schemas';
import { visibleTabs } from './tabs';

const none: Products = { facebook_sso: false, google_sso: false, mcle: false, kyc: false, apt_coins: false, show_announcement: false, primary_id: null };
const all: Products = { ...none, mcle: true, kyc: true, apt_coins: true };
const slugs = (role: 'ST' | 'SA', products: Products) => visibleTabs(role, products).map((t) => t.slug);

describe('visibleTabs', () => {
  it('shows a student at a school with every product all ten tabs', () => {
    expect(slugs('ST', all)).toEqual(['profile', 'mcle-profile', 'authenticate-id', 'email', 'courses', 'classes', 'certificates', 'compliance', 'change-password', 'apt-wallet']);
  });
  it('hides product tabs when the school lacks the product', () => {
    expect(slugs('ST', none)).toEqual(['profile', 'email', 'courses', 'classes', 'certificates', 'change-password']);
  });
  it('shows staff only the tabs for everyone', () => {
    expect(slugs('SA', all)).toEqual(['profile', 'email', 'change-password']);
  });
});
