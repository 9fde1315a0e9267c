import { describe, expect, it } from 'vitest';
import { profileMessages as m, profileServerMessages as s } from '@school/shared/account/messages';
import type { Region } from '@school/shared/lookups/schemas';
import { registerStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();

async function validBody() {
  const regions = (await ctx.api.get('/api/v1/ph_regions/')).body.data as Region[];
  const chapters = (await ctx.api.get('/api/v1/ibp_chapters/')).body.data as { id: number }[];
  const schools = (await ctx.api.get('/api/v1/law_schools/')).body.data as { id: number }[];
  const ncr = regions.find((r) => r.id === '1300000000')!;
  const makati = ncr.provinces[0]!.cities.find((c) => c.name === 'Makati City')!;
  return {
    body: {
      roll_number: '65432',
      ibp_chapter: String(chapters[0]!.id),
      ibp_lifetime_no: '012345',
      ibp_or_number: '998877',
      ibp_or_date: '2024-01-15',
      year_admitted: '2015',
      law_school: String(schools[0]!.id),
      law_school_others: '',
      company: 'Reyes & Associates',
      position: 'Associate',
      address: '12F Ayala Tower One, Ayala Avenue',
      region: ncr.id,
      province: ncr.provinces[0]!.id,
      city: makati.id,
      zip_code: '1226',
      home_address: '',
      work_address: '',
      telephone_number: '028812345',
      fax_number: '',
      birth_place: 'Quezon City',
      civil_status: 'Single',
      consent: true,
    },
    regions,
  };
}

describe('PUT /students/{id}/mcle_profile/', () => {
  it('saves the profile, marks info submitted, and reads it back', async () => {
    const student = await registerStudent(ctx.server.url);
    const path = `/api/v1/students/${student.student_id}/mcle_profile/`;
    // Nothing submitted yet is no error: the page shows an empty form.
    expect(await ctx.api.get(path, { token: student.token })).toMatchObject({ status: 200, body: null });
    const { body } = await validBody();
    const res = await ctx.api.put(path, body, { token: student.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ roll_number: '65432', ibp_chapter: Number(body.ibp_chapter), law_school: Number(body.law_school), zip_code: '1226', year_admitted: '2015' });
    expect((await ctx.api.get(path, { token: student.token })).body).toEqual(res.body);
    const profile = await ctx.api.get('/api/v1/account/profile/', { token: student.token });
    expect(profile.body.info_submitted).toBe(true);

    const others = await ctx.api.put(path, { ...body, law_school: 'others', law_school_others: 'Foreign Law School' }, { token: student.token });
    expect(others.body).toMatchObject({ law_school: 'others', law_school_others: 'Foreign Law School' });
  });

  it('names every required field', async () => {
    const student = await registerStudent(ctx.server.url);
    const res = await ctx.api.put(`/api/v1/students/${student.student_id}/mcle_profile/`, { consent: true }, { token: student.token });
    expect(res.status).toBe(400);
    for (const field of ['roll_number', 'ibp_chapter', 'law_school', 'company', 'position', 'address', 'region', 'province', 'city', 'zip_code']) {
      expect(res.body[field], field).toEqual([m.fieldRequired]);
    }
  });

  it("refuses non-numeric numbers, a missing 'others' name, a missing consent and places that do not belong together", async () => {
    const student = await registerStudent(ctx.server.url);
    const path = `/api/v1/students/${student.student_id}/mcle_profile/`;
    const { body, regions } = await validBody();
    const bad = await ctx.api.put(path, { ...body, roll_number: '12a', telephone_number: '(02) 881', year_admitted: '1800', law_school: 'others', consent: false }, { token: student.token });
    expect(bad.body).toEqual({
      roll_number: [s.invalidNumber],
      telephone_number: [s.invalidNumber],
      year_admitted: [s.invalidYear],
      law_school_others: [m.fieldRequired],
      consent: [s.consentRequired],
    });
    const cebu = regions.flatMap((r) => r.provinces).find((p) => p.name === 'Cebu')!;
    expect((await ctx.api.put(path, { ...body, province: cebu.id }, { token: student.token })).body).toEqual({ province: [s.placeMismatch] });
    expect((await ctx.api.put(path, { ...body, city: cebu.cities[0]!.id }, { token: student.token })).body).toEqual({ city: [s.placeMismatch] });
    expect((await ctx.api.put(path, { ...body, zip_code: '6000' }, { token: student.token })).body).toEqual({ zip_code: [s.placeMismatch] });
    expect((await ctx.api.put(path, { ...body, ibp_chapter: '999999' }, { token: student.token })).body).toEqual({ ibp_chapter: [s.invalidChoice] });
    expect((await ctx.api.put(path, { ...body, ibp_chapter: '99999999999', law_school: 99999999999 }, { token: student.token })).body).toEqual({ ibp_chapter: [s.invalidChoice], law_school: [s.invalidChoice] });
    const profile = await ctx.api.get('/api/v1/account/profile/', { token: student.token });
    expect(profile.body.info_submitted).toBe(false);
  });

  it("answers 404 for another student's MCLE profile", async () => {
    const one = await registerStudent(ctx.server.url);
    const two = await registerStudent(ctx.server.url);
    const { body } = await validBody();
    expect((await ctx.api.put(`/api/v1/students/${two.student_id}/mcle_profile/`, body, { token: one.token })).status).toBe(404);
  });
});
