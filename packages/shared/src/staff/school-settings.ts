import { z } from 'zod';
import { schoolColourProblem } from '../school/colour';
import { socialLabels } from '../school/schemas';
import { uploadIdSchema } from './uploads';

export const schoolSettingsMessages = {
  name: 'Enter the school’s name.',
  email: 'Enter an e-mail address such as hello@school.ph, or leave it empty.',
  countryCode: 'Enter the country calling code in digits, such as 63.',
  mobileNumber: 'Enter the mobile number in digits, without the country code.',
  timeZone: 'Choose a time zone such as Asia/Manila.',
  social: 'Enter an address that starts with https://, or leave it empty.',
  saved: 'The school’s settings are saved.',
  announcementTitle: 'Enter the announcement’s title, or turn the announcement off.',
  announcementBody: 'Write the announcement, or turn the announcement off.',
  question: 'Write the question.',
  answer: 'Write the answer.',
  tooManySections: 'A FAQ page holds at most 100 questions.',
  rewardCoins: 'Enter whole coins, from 0 to 1,000,000.',
} as const;

/** An IANA time zone the platform's clocks know (the server's and the browser's Intl). */
export function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

const text = (max: number, what: string) => z.string().max(max, `Keep ${what} under ${max.toLocaleString('en-US')} characters.`);
const link = z.union([z.url({ protocol: /^https$/, error: schoolSettingsMessages.social }).max(300, 'Keep the address under 300 characters.'), z.null()]);

export const schoolSocialsSettingsSchema = z.object(Object.fromEntries(socialLabels.map((label) => [label, link])) as Record<(typeof socialLabels)[number], typeof link>);

/** What a school's administrator sets in the console (`/staff/school`); the platform sets its domain and products. */
export const schoolSettingsSchema = z.object({
  name: z.string().trim().min(1, schoolSettingsMessages.name).max(100, 'Keep the name under 100 characters.'),
  primary_color: z.string().superRefine((value, ctx) => {
    const problem = schoolColourProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  description: text(2000, 'the description'),
  address: text(300, 'the address'),
  phone_number: text(40, 'the phone number'),
  country_code: z.string().regex(/^\d{0,3}$/, schoolSettingsMessages.countryCode),
  mobile_number: z.string().regex(/^\d{0,15}$/, schoolSettingsMessages.mobileNumber),
  email: z.union([z.literal(''), z.email(schoolSettingsMessages.email).max(254, schoolSettingsMessages.email)]),
  time_zone: z.string().refine(isTimeZone, schoolSettingsMessages.timeZone),
  payment_instructions: text(20_000, 'the payment instructions').describe('rich text (HTML), sanitized when saved'),
  data_privacy: text(50_000, 'the privacy policy').describe('plain text, paragraphs between blank lines'),
  terms_of_use: text(50_000, 'the terms of use').describe('plain text, paragraphs between blank lines'),
  consent_form: text(5000, 'the consent text'),
  socials: schoolSocialsSettingsSchema,
  show_announcement: z.boolean().describe('the announcement pops up once per visit'),
  announcement_title: text(120, 'the title'),
  announcement_body: text(5000, 'the announcement').describe('rich text (HTML), sanitized when saved'),
  faq_sections: z
    .array(
      z.object({
        question: z.string().trim().min(1, schoolSettingsMessages.question).max(300, 'Keep the question under 300 characters.'),
        answer: z.string().trim().min(1, schoolSettingsMessages.answer).max(20_000, 'Keep the answer under 20,000 characters.').describe('rich text (HTML), sanitized when saved'),
      }),
    )
    .max(100, schoolSettingsMessages.tooManySections)
    .describe('the FAQ page the school writes; empty: the frame of faq_url, if any, or no FAQ page'),
  signup_reward_coins: z
    .number({ error: schoolSettingsMessages.rewardCoins })
    .int({ error: schoolSettingsMessages.rewardCoins })
    .min(0, { error: schoolSettingsMessages.rewardCoins })
    .max(1_000_000, { error: schoolSettingsMessages.rewardCoins })
    .describe('whole L2E coins a new member gets once, when the school has coins (apt_coins)'),
  reward_group: text(100, 'the group’s name').describe('who the sign-up reward is for, as its line in the wallet says ("for … members"); empty: nobody named'),
});
export type SchoolSettings = z.infer<typeof schoolSettingsSchema>;

/** An announcement that pops up needs its title and text (a save that turns it on, or empties one, is checked). */
export function announcementProblems(values: Pick<SchoolSettings, 'show_announcement' | 'announcement_title' | 'announcement_body'>) {
  if (!values.show_announcement) return {};
  return {
    ...(values.announcement_title.trim() ? {} : { announcement_title: schoolSettingsMessages.announcementTitle }),
    ...(values.announcement_body.trim() ? {} : { announcement_body: schoolSettingsMessages.announcementBody }),
  };
}

/** The form's check: the settings' own rules and the announcement's. */
export const schoolSettingsFormSchema = schoolSettingsSchema.superRefine((values, ctx) => {
  for (const [path, message] of Object.entries(announcementProblems(values))) ctx.addIssue({ code: 'custom', path: [path], message });
});

/** A save sends what changed; files are uploads (the upload pipeline) that become the school's, null takes one away. */
export const schoolSettingsPatchSchema = schoolSettingsSchema.partial().extend({
  logo_upload: uploadIdSchema.nullable().optional().describe('an image upload that becomes the logo; null: none'),
  cover_upload: uploadIdSchema.nullable().optional().describe('an image upload that becomes the landing page’s cover; null: none'),
  how_to_video_upload: uploadIdSchema.nullable().optional().describe('a video upload that becomes the how-to video; null: none'),
});
export type SchoolSettingsPatch = z.infer<typeof schoolSettingsPatchSchema>;

export const staffSchoolSchema = schoolSettingsSchema.extend({
  id: z.number(),
  domain: z.string(),
  logo: z.string().nullable().describe("the logo's address"),
  cover: z.string().nullable().describe("the cover's address"),
  how_to_video: z.string().nullable().describe("the how-to video's address"),
  version: z.number().describe('sent as the ETag; a save names it in If-Match'),
  coins: z.boolean().describe('whether the school has L2E coins (the platform’s apt_coins switch): rewards are paid only then'),
});
export type StaffSchool = z.infer<typeof staffSchoolSchema>;
