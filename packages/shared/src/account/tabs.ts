import type { Role } from '../auth/schemas';
import type { Products } from '../school/schemas';

export interface AccountTab {
  slug: string;
  label: string;
}

const tabs: (AccountTab & { visible: (role: Role, products: Products) => boolean })[] = [
  { slug: 'profile', label: 'Basic Profile', visible: () => true },
  { slug: 'mcle-profile', label: 'MCLE Profile', visible: (role, p) => role === 'ST' && p.mcle },
  { slug: 'authenticate-id', label: 'Authenticate ID', visible: (role, p) => role === 'ST' && p.kyc },
  { slug: 'email', label: 'Email Settings', visible: () => true },
  { slug: 'courses', label: 'My Courses', visible: (role) => role === 'ST' },
  { slug: 'classes', label: 'My Classes', visible: (role) => role === 'ST' },
  { slug: 'certificates', label: 'My Certificates', visible: (role) => role === 'ST' },
  { slug: 'compliance', label: 'MCLE Compliance', visible: (role, p) => role === 'ST' && p.mcle },
  { slug: 'change-password', label: 'Change Password', visible: () => true },
  { slug: 'apt-wallet', label: 'APT Wallet', visible: (role, p) => role === 'ST' && p.apt_coins },
];

/** The account tabs a user sees (spec 1 §2): some only for students, some only with a school product. */
export function visibleTabs(role: Role, products: Products): AccountTab[] {
  return tabs.filter((tab) => tab.visible(role, products)).map(({ slug, label }) => ({ slug, label }));
}
