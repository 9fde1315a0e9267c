import { describe, expect, it } from 'vitest';
import { profileMessages as m, profileServerMessages as s } from './messages';
import { isValidDate, mailingAddressLine, mcleProfileSchema, occupationLabels, studentProfileSchema, userProfileSchema } from './profile-schemas';

const errors = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
};

const student = { first_name: 'Ana', middle_name: ' ', last_name: 'Luna', mobile_number: '9171112222', country_code: '63', birthday: '1990-01-31', gender: 'F', type: 'P' };

describe('basic profile', () => {
  it('requires every field with its own message', () => {
    expect(errors(studentProfileSchema.safeParse({}))).toEqual({
      first_name: [m.firstNameRequired],
      middle_name: [m.middleNameRequired],
      last_name: [m.lastNameRequired],
      mobile_number: [m.mobileRequired],
      birthday: [m.birthdayRequired],
      gender: [m.genderRequired],
      type: [m.typeRequired],
    });
  });
  it("accepts a single space as 'no middle name' but not blanks", () => {
    expect(studentProfileSchema.safeParse(student).success).toBe(true);
    expect(errors(studentProfileSchema.safeParse({ ...student, middle_name: '   ' }))).toEqual({ middle_name: [m.middleNameRequired] });
  });
  it('treats an invalid birthday as empty, and refuses one in the future', () => {
    expect(errors(studentProfileSchema.safeParse({ ...student, birthday: '1990-02-30' }))).toEqual({ birthday: [m.birthdayRequired] });
    expect(errors(studentProfileSchema.safeParse({ ...student, birthday: 'yesterday' }))).toEqual({ birthday: [m.birthdayRequired] });
    expect(errors(studentProfileSchema.safeParse({ ...student, birthday: '2999-01-01' }))).toEqual({ birthday: [s.futureBirthday] });
  });
  it('needs a country code with a number, and digits for the number', () => {
    expect(errors(studentProfileSchema.safeParse({ ...student, country_code: '' }))).toEqual({ country_code: [m.countryCodeRequired] });
    expect(errors(userProfileSchema.safeParse({ first_name: 'a', middle_name: ' ', last_name: 'b', mobile_number: '0917-111', country_code: '63' }))).toEqual({ mobile_number: [s.invalidMobile] });
  });
  it('labels school and course by occupation, hiding them for Others', () => {
    expect(occupationLabels('S')).toEqual({ school: 'School', course: 'Course' });
    expect(occupationLabels('P')).toEqual({ school: 'Company', course: 'Position' });
    expect(occupationLabels('O')).toBeNull();
  });
  it('knows real dates', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
    expect(isValidDate('2024-2-9')).toBe(false);
  });
});

describe('MCLE profile', () => {
  const valid = { roll_number: '123', ibp_chapter: '4', law_school: '7', company: 'c', position: 'p', address: 'a', region: 'r', province: 'p', city: 'c', zip_code: '1226' };
  it('requires its ten fields', () => {
    const result = errors(mcleProfileSchema.safeParse({}));
    for (const field of ['roll_number', 'ibp_chapter', 'law_school', 'company', 'position', 'address', 'region', 'province', 'city', 'zip_code']) {
      expect(result[field], field).toEqual([m.fieldRequired]);
    }
  });
  it("needs the school's name with 'others', even while other fields are wrong", () => {
    expect(errors(mcleProfileSchema.safeParse({ law_school: 'others' })).law_school_others).toEqual([m.fieldRequired]);
    expect(mcleProfileSchema.safeParse({ ...valid, law_school: 'others', law_school_others: 'Abroad' }).success).toBe(true);
    expect(mcleProfileSchema.parse(valid).law_school).toBe(7);
  });
  it("refuses a school name that is not text, without throwing", () => {
    for (const other of [5, true, {}, ['x']]) {
      const result = mcleProfileSchema.safeParse({ ...valid, law_school: 'others', law_school_others: other });
      expect(result.success).toBe(false);
      expect(errors(result).law_school_others?.length).toBeGreaterThan(0);
    }
  });
  it('keeps numeric inputs numeric', () => {
    expect(errors(mcleProfileSchema.safeParse({ ...valid, roll_number: '12a', fax_number: '+63', year_admitted: '20' }))).toEqual({
      roll_number: [s.invalidNumber],
      fax_number: [s.invalidNumber],
      year_admitted: [s.invalidYear],
    });
  });
  it('joins the mailing address for the same-as-mailing copies', () => {
    expect(mailingAddressLine({ address: '5 Paseo', city: 'Makati City', province: 'Metro Manila', region: 'NCR', zip: '1226' })).toBe('5 Paseo, Makati City, Metro Manila, NCR, 1226');
    expect(mailingAddressLine({ address: '5 Paseo', city: null })).toBe('5 Paseo');
  });
});
