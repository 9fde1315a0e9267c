import type { Socials } from './schemas';

/** A school's social links by label, in display order, with their names on the site and in the console. No zod here: the footer is on the first load. */
export const socialNames: Record<keyof Socials, string> = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  linked_in: 'LinkedIn',
  github: 'GitHub',
  pinterest: 'Pinterest',
  instagram: 'Instagram',
};
