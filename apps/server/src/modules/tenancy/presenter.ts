import { wholeCoins } from '@school/shared/payments/rules';
import { socialLabels, type School, type Socials } from '@school/shared/school/schemas';
import type { SchoolSettings, StaffSchool } from '@school/shared/staff/school-settings';
import { publicUrlOf, type PublicFiles } from '../../infra/storage/storage';
import type { SchoolRow } from './repository';

/** The logo, cover and how-to video are stored files (the row has their keys); a framed FAQ page is one too, or an https address. */
export function presentSchool(files: PublicFiles, row: SchoolRow): School {
  return {
    id: row.id,
    domain: row.domain,
    name: row.name,
    logo: publicUrlOf(files, row.logo),
    primary_color: row.primaryColor,
    cover: publicUrlOf(files, row.cover),
    description: row.description,
    address: row.address,
    phone_number: row.phoneNumber,
    country_code: row.countryCode,
    mobile_number: row.mobileNumber,
    email: row.email,
    how_to_video: publicUrlOf(files, row.howToVideo),
    data_privacy: row.dataPrivacy,
    terms_of_use: row.termsOfUse,
    consent_form: row.consentForm,
    payment_instructions: row.paymentInstructions,
    faq_url: row.faqUrl && /^https:\/\//.test(row.faqUrl) ? row.faqUrl : publicUrlOf(files, row.faqUrl),
    faq_page: row.faqSections.length > 0,
    announcement:
      row.announcementTitle && row.announcementBody ? { title: row.announcementTitle, body: row.announcementBody } : null,
    time_zone: row.timeZone,
    config: { products: row.products },
  };
}

export function presentSocials(rows: { label: string; url: string }[]): Socials {
  const socials = Object.fromEntries(socialLabels.map((label) => [label, null])) as Socials;
  for (const row of rows) if ((socialLabels as readonly string[]).includes(row.label)) socials[row.label as keyof Socials] = row.url;
  return socials;
}

/** The school as its administrators edit it: every setting, the files' addresses, and the version to save to. */
export function presentStaffSchool(files: PublicFiles, row: SchoolRow, socials: { label: string; url: string }[]): StaffSchool {
  const school = presentSchool(files, row);
  return {
    id: row.id,
    domain: row.domain,
    version: row.version,
    coins: row.products.apt_coins,
    ...settingsOfSchool(row, socials),
    logo: school.logo,
    cover: school.cover,
    how_to_video: school.how_to_video,
  };
}

/** The editable settings of a school row, as the audit log records them. */
export function settingsOfSchool(row: SchoolRow, socials: { label: string; url: string }[]): SchoolSettings {
  return {
    name: row.name,
    primary_color: row.primaryColor,
    description: row.description,
    address: row.address,
    phone_number: row.phoneNumber,
    country_code: row.countryCode,
    mobile_number: row.mobileNumber,
    email: row.email,
    time_zone: row.timeZone,
    payment_instructions: row.paymentInstructions,
    data_privacy: row.dataPrivacy,
    terms_of_use: row.termsOfUse,
    consent_form: row.consentForm,
    socials: presentSocials(socials),
    show_announcement: row.products.show_announcement,
    announcement_title: row.announcementTitle ?? '',
    announcement_body: row.announcementBody ?? '',
    faq_sections: row.faqSections,
    signup_reward_coins: wholeCoins(row.signupRewardCoins),
    reward_group: row.rewardGroup ?? '',
  };
}
