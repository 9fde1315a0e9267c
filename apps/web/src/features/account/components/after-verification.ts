import type { Profile } from '@school/shared/auth/profile';
import type { Products } from '@school/shared/school/schemas';
import { paths } from '@/config/paths';

/**
 * Where a student goes once the IDs are verified (spec 1 §4 'KYC upload success'): an incomplete profile first,
 * then the MCLE profile, then the school's bundles at an MCLE school, else the courses.
 */
export function afterVerification(profile: Pick<Profile, 'step' | 'info_submitted'>, products: Pick<Products, 'mcle'>): string {
  if (profile.step === '1') return paths.student('profile');
  // The MCLE profile tab exists only at a school with the mcle product.
  if (products.mcle && !profile.info_submitted) return paths.student('mcle-profile');
  return products.mcle ? paths.bundles : paths.courses;
}
