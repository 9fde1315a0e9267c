import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { profileServerMessages as s } from '@school/shared/account/messages';
import { NO_MIDDLE_NAME, type StudentProfileForm, type UserProfileForm, mcleProfileSchema } from '@school/shared/account/profile-schemas';
import type { z } from 'zod';
import { countries, ibpChapters, lawSchools } from '../../db/schema/index';
import type { Storage } from '../../infra/storage/storage';
import { DomainError, invalid, notFound } from '../../lib/errors';
import type { AuthUser } from '../auth/authenticate';
import { lookupRepository } from '../lookups/repository';
import { processPhoto } from './photo';
import { presentMcle, presentProfile } from './presenter';
import { accountRepository } from './repository';

type McleInput = z.output<typeof mcleProfileSchema>;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function accountService(app: FastifyInstance, storage: Storage) {
  const repo = accountRepository(app.db);
  const lookups = lookupRepository(app.db);
  let places: Promise<Map<string, { kind: 'region' | 'province' | 'city'; parent: string | null; zips: string[] }>> | null = null;

  /** Region, province and city codes with their parents and postal codes, built once per process. */
  function placeIndex() {
    places ??= lookups.phGeography().then(({ regions, provinces, cities, zips }) => {
      const index = new Map<string, { kind: 'region' | 'province' | 'city'; parent: string | null; zips: string[] }>();
      for (const r of regions) index.set(r.code, { kind: 'region', parent: null, zips: [] });
      for (const p of provinces) index.set(`p:${p.code}`, { kind: 'province', parent: p.regionCode, zips: [] });
      for (const c of cities) index.set(`c:${c.code}`, { kind: 'city', parent: c.provinceCode, zips: [] });
      for (const z of zips) index.get(`c:${z.cityCode}`)?.zips.push(z.code);
      return index;
    });
    return places;
  }

  /** The caller's own account: another user's id answers 404, whatever the caller's role or school. */
  async function own(user: AuthUser, id: number, by: 'student' | 'user') {
    const row = await repo.findByUserId(user.id);
    const matches = by === 'student' ? row?.student?.id === id : row?.user.id === id;
    if (!row || !matches) throw notFound();
    return row;
  }

  async function checkCountryCode(code: string | null | undefined) {
    if (!code) return;
    const [known] = await app.db.select({ iso2: countries.iso2 }).from(countries).where(eq(countries.callingCode, code)).limit(1);
    if (!known) throw invalid({ country_code: s.invalidCountryCode });
  }

  function names(form: UserProfileForm) {
    return {
      firstName: form.first_name,
      middleName: form.middle_name.trim() ? form.middle_name.trim() : NO_MIDDLE_NAME,
      lastName: form.last_name,
      suffix: form.suffix || null,
      mobileNumber: form.mobile_number,
      countryCode: form.country_code || null,
    };
  }

  async function checkPlaces(input: McleInput) {
    const index = await placeIndex();
    const region = index.get(input.region);
    const province = index.get(`p:${input.province}`);
    const city = index.get(`c:${input.city}`);
    const errors: Record<string, string> = {};
    if (region?.kind !== 'region') errors.region = s.placeMismatch;
    else if (province?.parent !== input.region) errors.province = s.placeMismatch;
    else if (city?.parent !== input.province) errors.city = s.placeMismatch;
    // A town the postal data does not know takes any four-digit code (docs/decisions.md).
    else if (city.zips.length > 0 && !city.zips.includes(input.zip_code)) errors.zip_code = s.placeMismatch;
    if (Object.keys(errors).length) throw invalid(errors);
  }

  async function checkLookupIds(input: McleInput) {
    const [chapter] = await app.db.select({ id: ibpChapters.id }).from(ibpChapters).where(eq(ibpChapters.id, input.ibp_chapter)).limit(1);
    if (!chapter) throw invalid({ ibp_chapter: s.invalidChoice });
    if (input.law_school !== 'others') {
      const [school] = await app.db.select({ id: lawSchools.id }).from(lawSchools).where(eq(lawSchools.id, input.law_school)).limit(1);
      if (!school) throw invalid({ law_school: s.invalidChoice });
    }
  }

  return {
    async getStudent(user: AuthUser, studentId: number) {
      return presentProfile(await own(user, studentId, 'student'));
    },

    async getUser(user: AuthUser, userId: number) {
      return presentProfile(await own(user, userId, 'user'));
    },

    /** Saving every required field completes the profile: step '1' is cleared (spec 1 §4). */
    async updateStudent(user: AuthUser, studentId: number, form: StudentProfileForm) {
      const row = await own(user, studentId, 'student');
      await checkCountryCode(form.country_code);
      const occupied = form.type !== 'O';
      await repo.updateStudent(user.id, row.student!.id, names(form), {
        birthday: form.birthday,
        gender: form.gender,
        occupationType: form.type,
        organization: occupied ? blankToNull(form.school) : null,
        position: occupied ? blankToNull(form.course) : null,
        step: null,
      });
      return presentProfile((await repo.findByUserId(user.id))!);
    },

    async updateUser(user: AuthUser, userId: number, form: UserProfileForm) {
      await own(user, userId, 'user');
      await checkCountryCode(form.country_code);
      await repo.updateUser(user.id, names(form));
      return presentProfile((await repo.findByUserId(user.id))!);
    },

    async updatePhoto(user: AuthUser, userId: number, data: Buffer) {
      const row = await own(user, userId, 'user');
      const photo = await processPhoto(data);
      if (!photo) throw invalid({ photo: s.photoType });
      const url = await storage.put(`photos/${user.id}-${randomBytes(8).toString('hex')}.jpg`, photo);
      await repo.updateUser(user.id, { photo: url });
      if (row.user.photo) await storage.remove(row.user.photo).catch(() => undefined);
      return presentProfile((await repo.findByUserId(user.id))!);
    },

    async getMcle(user: AuthUser, studentId: number) {
      const row = await own(user, studentId, 'student');
      const mcle = await repo.findMcle(row.student!.id);
      if (!mcle) throw notFound();
      return presentMcle(mcle);
    },

    async saveMcle(user: AuthUser, studentId: number, input: McleInput) {
      const row = await own(user, studentId, 'student');
      await checkLookupIds(input);
      await checkPlaces(input);
      const others = input.law_school === 'others';
      await repo.saveMcle(row.student!.id, {
        rollNumber: input.roll_number,
        ibpChapterId: input.ibp_chapter,
        ibpLifetimeNo: blankToNull(input.ibp_lifetime_no),
        ibpOrNumber: blankToNull(input.ibp_or_number),
        ibpOrDate: blankToNull(input.ibp_or_date),
        yearAdmitted: input.year_admitted ? Number(input.year_admitted) : null,
        lawSchoolId: others ? null : (input.law_school as number),
        lawSchoolOthers: others ? input.law_school_others!.trim() : null,
        company: input.company,
        position: input.position,
        address: input.address,
        regionCode: input.region,
        provinceCode: input.province,
        cityCode: input.city,
        zipCode: input.zip_code,
        homeAddress: blankToNull(input.home_address),
        homeSameAsMailing: input.home_same_as_mailing ?? false,
        workAddress: blankToNull(input.work_address),
        workSameAsMailing: input.work_same_as_mailing ?? false,
        telephoneNumber: blankToNull(input.telephone_number),
        faxNumber: blankToNull(input.fax_number),
        birthPlace: blankToNull(input.birth_place),
        civilStatus: input.civil_status || null,
        consentedAt: new Date(),
      });
      return presentMcle((await repo.findMcle(row.student!.id))!);
    },
  };
}

export class PhotoTooLarge extends DomainError {
  constructor() {
    super(413, { photo: [s.photoTooLarge] });
  }
}
