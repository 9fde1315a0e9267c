import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { profileServerMessages as s } from '@school/shared/account/messages';
import { NO_MIDDLE_NAME, type StudentProfileForm, type UserProfileForm, mcleProfileSchema } from '@school/shared/account/profile-schemas';
import type { z } from 'zod';
import { DomainError, invalid } from '../../lib/errors';
import type { SignedInActor } from '../auth/actor';
import { accountAccess, type AccountVerb } from './access';
import { lookupService } from '../lookups/service';
import { processPhoto } from './photo';
import { presentMcle, presentProfile } from './presenter';
import { accountRepository } from './repository';

type McleInput = z.output<typeof mcleProfileSchema>;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function accountService(app: FastifyInstance) {
  const { storage } = app;
  const repo = accountRepository(app.db);
  const lookups = lookupService(app.db);
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

  const access = accountAccess(app.db);
  const own = (actor: SignedInActor, id: number, by: 'student' | 'user', verb: AccountVerb) =>
    by === 'student' ? access.byStudentId(actor, id, verb) : access.byUserId(actor, id, verb);

  async function checkCountryCode(code: string | null | undefined) {
    if (!code) return;
    if (!(await lookups.isCallingCode(code))) throw invalid({ country_code: s.invalidCountryCode });
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
    if (!(await lookups.isIbpChapter(input.ibp_chapter))) throw invalid({ ibp_chapter: s.invalidChoice });
    if (input.law_school !== 'others' && !(await lookups.isLawSchool(input.law_school))) throw invalid({ law_school: s.invalidChoice });
  }

  return {
    /** The account of a user (the user, their student row, their registered school), for the modules that check one. */
    findAccount: (userId: number) => repo.findByUserId(userId),

    async getStudent(actor: SignedInActor, studentId: number) {
      return presentProfile(storage, await own(actor, studentId, 'student', 'view'));
    },

    async getUser(actor: SignedInActor, userId: number) {
      return presentProfile(storage, await own(actor, userId, 'user', 'view'));
    },

    /** Saving every required field completes the profile: step '1' is cleared (spec 1 §4). */
    async updateStudent(actor: SignedInActor, studentId: number, form: StudentProfileForm) {
      const row = await own(actor, studentId, 'student', 'update');
      await checkCountryCode(form.country_code);
      const occupied = form.type !== 'O';
      await repo.updateStudent(actor.userId, row.student!.id, names(form), {
        birthday: form.birthday,
        gender: form.gender,
        occupationType: form.type,
        organization: occupied ? blankToNull(form.school) : null,
        position: occupied ? blankToNull(form.course) : null,
        step: null,
      });
      return presentProfile(storage, (await repo.findByUserId(actor.userId))!);
    },

    async updateUser(actor: SignedInActor, userId: number, form: UserProfileForm) {
      await own(actor, userId, 'user', 'update');
      await checkCountryCode(form.country_code);
      await repo.updateUser(actor.userId, names(form));
      return presentProfile(storage, (await repo.findByUserId(actor.userId))!);
    },

    async updatePhoto(actor: SignedInActor, userId: number, data: Buffer) {
      const row = await own(actor, userId, 'user', 'update');
      const photo = await processPhoto(data);
      if (!photo) throw invalid({ photo: s.photoType });
      // A new key for every photo: its address can be cached for good.
      const key = `photos/${actor.userId}-${randomBytes(8).toString('hex')}.jpg`;
      await storage.put(key, photo, { visibility: 'public', contentType: 'image/jpeg' });
      await repo.updateUser(actor.userId, { photo: key });
      if (row.user.photo) await storage.remove(row.user.photo).catch(() => undefined);
      return presentProfile(storage, (await repo.findByUserId(actor.userId))!);
    },

    async getMcle(actor: SignedInActor, studentId: number) {
      const row = await own(actor, studentId, 'student', 'view');
      const mcle = await repo.findMcle(row.student!.id);
      // Not submitted yet is a normal state of a new student, not a missing resource.
      return mcle ? presentMcle(mcle) : null;
    },

    async saveMcle(actor: SignedInActor, studentId: number, input: McleInput) {
      const row = await own(actor, studentId, 'student', 'update');
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
