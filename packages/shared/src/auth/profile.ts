import { z } from 'zod';
import { GENDERS, OCCUPATION_TYPES, SUFFIXES } from '../account/profile-schemas';
import { userIdSchema } from '../kyc/schemas';
import { roleSchema } from './schemas';

/** The signed-in user's own profile (spec 1 §3 "User profile"), with the account header's numbers. */
export const profileSchema = z.object({
  id: z.number(),
  student_id: z.number().nullable(),
  role: roleSchema,
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  suffix: z.enum(SUFFIXES).nullable(),
  mobile_number: z.string().nullable(),
  country_code: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  type: z.enum(OCCUPATION_TYPES).nullable(),
  school: z.string().nullable().describe('School (students) or company (professionals)'),
  course: z.string().nullable().describe('Course (students) or position (professionals)'),
  photo: z.string().nullable(),
  is_verified: z.boolean(),
  step: z.string().nullable(),
  info_submitted: z.boolean(),
  average_rating: z.number().nullable(),
  course_count: z.number(),
  certificate_count: z.number(),
  registered_school: z.object({ id: z.number(), name: z.string(), domain: z.string() }).nullable(),
  has_reward: z.object({ fb_group: z.string().nullable(), amount: z.number().describe('whole L2E coins') }).nullable().describe("the school's sign-up reward this account received"),
  selfie: z.string().nullable().describe("the latest identity selfie's address, valid for an hour"),
  user_ids: z.array(userIdSchema).describe('the IDs sent for identity verification'),
});

/** The reward message after sign-up (spec 1 §4): a group's members get coins toward a 36-unit MCLE bundle. */
export const rewardMessage = (reward: { fb_group: string | null; amount: number }) =>
  `${reward.fb_group ? `As a member of ${reward.fb_group}, you` : 'You'} received ${reward.amount.toLocaleString('en-PH')} L2E Coins to use as a discount on a 36-unit MCLE bundle.`;
export type Profile = z.infer<typeof profileSchema>;

/** Mobile shown in the account header: +countrycode+number, or 'N/A' (spec 1 §2). */
export function displayMobile(profile: { mobile_number: string | null; country_code: string | null }): string {
  return profile.mobile_number ? `+${profile.country_code ?? ''}${profile.mobile_number}` : 'N/A';
}

/** Average rating with 2 decimals, 0 when missing (spec 1 §2). */
export const displayRating = (rating: number | null) => (rating ?? 0).toFixed(2);
