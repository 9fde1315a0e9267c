import { z } from 'zod';
import { isoDate } from '../school/dates';
import { profileMessages as m, profileServerMessages as s } from './messages';

export const SUFFIXES = ['Jr.', 'Sr.', 'I', 'II', 'III', 'IV', 'V'] as const;
export const GENDERS = ['M', 'F'] as const;
export const OCCUPATION_TYPES = ['S', 'P', 'O'] as const;
export const CIVIL_STATUSES = ['Single', 'Married', 'Widowed'] as const;

/** A middle name of a single space means "no middle name" (spec 1 §5). */
export const NO_MIDDLE_NAME = ' ';

/** A real calendar date written YYYY-MM-DD; anything else counts as empty (spec 1 §5). */
export function isValidDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDate(date) === value;
}

const text = (max = 255) => z.string().max(max, { error: s.tooLong });
const requiredName = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(255, { error: s.tooLong });
const optionalText = text().trim().optional().nullable();

/** Labels of the occupation-dependent fields: Student or Professional; hidden for Others. */
export function occupationLabels(type: string | null | undefined): { school: string; course: string } | null {
  if (type === 'S') return { school: 'School', course: 'Course' };
  if (type === 'P') return { school: 'Company', course: 'Position' };
  return null;
}

const base = {
  first_name: requiredName(m.firstNameRequired),
  // Not trimmed: ' ' is meaningful.
  middle_name: z.string({ error: m.middleNameRequired }).max(255, { error: s.tooLong }).refine((v) => v === NO_MIDDLE_NAME || v.trim().length > 0, { error: m.middleNameRequired }),
  last_name: requiredName(m.lastNameRequired),
  suffix: z.union([z.enum(SUFFIXES), z.literal('')], { error: s.invalidChoice }).optional().nullable(),
  mobile_number: z.string({ error: m.mobileRequired }).trim().min(1, { error: m.mobileRequired }).regex(/^(\d{6,15})?$/, { error: s.invalidMobile }),
  country_code: z.string().trim().regex(/^\d{0,4}$/, { error: s.invalidCountryCode }).optional().nullable(),
};

function countryCodeWithNumber(data: { mobile_number?: string; country_code?: string | null }, ctx: z.RefinementCtx) {
  if (data.mobile_number && !data.country_code) ctx.addIssue({ code: 'custom', path: ['country_code'], message: m.countryCodeRequired });
}

/** Staff and other non-student accounts: names and mobile only. */
export const userProfileSchema = z.object(base).superRefine(countryCodeWithNumber);
export type UserProfileForm = z.infer<typeof userProfileSchema>;

/** Students also give birthday, gender and occupation (spec 1 §5). */
export const studentProfileSchema = z
  .object({
    ...base,
    birthday: z
      .string({ error: m.birthdayRequired })
      .refine(isValidDate, { error: m.birthdayRequired })
      .refine((v) => !isValidDate(v) || v <= isoDate(), { error: s.futureBirthday }),
    gender: z.enum(GENDERS, { error: m.genderRequired }),
    type: z.enum(OCCUPATION_TYPES, { error: m.typeRequired }),
    school: optionalText,
    course: optionalText,
  })
  .superRefine(countryCodeWithNumber);
export type StudentProfileForm = z.infer<typeof studentProfileSchema>;

/** A database id: a positive integer that fits the id columns. */
const isRowId = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;

const required = z.string({ error: m.fieldRequired }).trim().min(1, { error: m.fieldRequired }).max(255, { error: s.tooLong });
const requiredId = z.union([z.number(), z.string()], { error: m.fieldRequired }).transform((v, ctx) => {
  const n = Number(v);
  if (v === '' || !isRowId(n)) {
    ctx.addIssue({ code: 'custom', message: v === '' ? m.fieldRequired : s.invalidChoice });
    return z.NEVER;
  }
  return n;
});
const digits = z.string().trim().regex(/^\d*$/, { error: s.invalidNumber }).max(30, { error: s.tooLong }).optional().nullable();

/** The MCLE profile (spec 1 §3, §5): required fields, 'others' law school, numeric inputs. */
export const mcleProfileSchema = z
  .object({
    roll_number: required.regex(/^\d*$/, { error: s.invalidNumber }),
    ibp_chapter: requiredId,
    ibp_lifetime_no: digits,
    ibp_or_number: digits,
    ibp_or_date: z.string().refine((v) => v === '' || isValidDate(v), { error: s.invalidDate }).optional().nullable(),
    year_admitted: z
      .string()
      .trim()
      .regex(/^(\d{4})?$/, { error: s.invalidYear })
      .refine((v) => !/^\d{4}$/.test(v) || (Number(v) >= 1900 && Number(v) <= new Date().getFullYear()), { error: s.invalidYear })
      .optional()
      .nullable(),
    law_school: z.union([z.number(), z.string()], { error: m.fieldRequired }).transform((v, ctx): number | 'others' => {
      if (v === 'others') return v;
      const n = Number(v);
      if (v === '' || !isRowId(n)) {
        ctx.addIssue({ code: 'custom', message: v === '' ? m.fieldRequired : s.invalidChoice });
        return z.NEVER;
      }
      return n;
    }),
    law_school_others: optionalText,
    company: required,
    position: required,
    address: required,
    region: required,
    province: required,
    city: required,
    zip_code: required.regex(/^(\d{4})?$/, { error: s.placeMismatch }),
    home_address: optionalText,
    work_address: optionalText,
    home_same_as_mailing: z.boolean().optional(),
    work_same_as_mailing: z.boolean().optional(),
    telephone_number: digits,
    fax_number: digits,
    birth_place: optionalText,
    civil_status: z.union([z.enum(CIVIL_STATUSES), z.literal('')], { error: s.invalidChoice }).optional().nullable(),
  })
  // `when` runs this on input that failed other checks too, so the value may not be a string.
  .refine((data) => data.law_school !== 'others' || (typeof data.law_school_others === 'string' && data.law_school_others.trim() !== ''), {
    path: ['law_school_others'],
    message: m.fieldRequired,
    // Shown with the other errors, not only once everything else is valid.
    when: (payload) => (payload.value as { law_school?: unknown })?.law_school === 'others',
  });
export type McleProfileForm = z.input<typeof mcleProfileSchema>;

/** What the server stores: the form plus the consent given in the Data Privacy modal. */
export const mcleProfileBodySchema = z.intersection(mcleProfileSchema, z.object({ consent: z.literal(true, { error: s.consentRequired }) }));

/** Home or work address copied from the mailing one: address, city, province, region and zip joined by commas. */
export function mailingAddressLine(parts: { address?: string | null; city?: string | null; province?: string | null; region?: string | null; zip?: string | null }) {
  return [parts.address, parts.city, parts.province, parts.region, parts.zip].map((p) => p?.trim()).filter(Boolean).join(', ');
}

/** A submitted MCLE profile as the server answers it: empty text for what was left out. */
export const savedMcleProfileSchema = z.object({
  roll_number: z.string(),
  ibp_chapter: z.number(),
  ibp_lifetime_no: z.string(),
  ibp_or_number: z.string(),
  ibp_or_date: z.string(),
  year_admitted: z.string(),
  law_school: z.union([z.number(), z.literal('others')]),
  law_school_others: z.string(),
  company: z.string(),
  position: z.string(),
  address: z.string(),
  region: z.string(),
  province: z.string(),
  city: z.string(),
  zip_code: z.string(),
  home_address: z.string(),
  work_address: z.string(),
  home_same_as_mailing: z.boolean(),
  work_same_as_mailing: z.boolean(),
  telephone_number: z.string(),
  fax_number: z.string(),
  birth_place: z.string(),
  civil_status: z.union([z.enum(CIVIL_STATUSES), z.literal('')]),
});
export type SavedMcleProfile = z.infer<typeof savedMcleProfileSchema>;
