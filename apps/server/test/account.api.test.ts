import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { profileMessages as m, profileServerMessages as s } from '@school/shared/account/messages';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { client, request } from './support/http';
import { createStaff, registerStudent } from './support/factories';
import { uploadFile } from './support/multipart';
import { serverForFile } from './support/server';

const ctx = serverForFile();

const validProfile = {
  first_name: 'Juan',
  middle_name: ' ',
  last_name: 'Dela Cruz',
  suffix: 'Jr.',
  mobile_number: '9171234567',
  country_code: '63',
  birthday: '1988-02-29',
  gender: 'M',
  type: 'P',
  school: 'Dela Cruz Law Office',
  course: 'Partner',
};

async function login(username: string) {
  return (await ctx.api.post('/api/v1/api-token-auth/', { username, password: DEMO_PASSWORD })).body as { token: string; id: number; student_id: number | null };
}

describe('GET and PUT /students/{id}/', () => {
  it('reads and completes the basic profile, clearing step 1', async () => {
    const student = await registerStudent(ctx.server.url);
    const before = await ctx.api.get(`/api/v1/students/${student.student_id}/`, { token: student.token });
    expect(before.body).toMatchObject({ step: '1', mobile_number: null, course_count: 0, certificate_count: 0, average_rating: null });

    const res = await ctx.api.put(`/api/v1/students/${student.student_id}/`, validProfile, { token: student.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      step: null,
      full_name: 'Juan Dela Cruz Jr.',
      middle_name: ' ',
      birthday: '1988-02-29',
      gender: 'M',
      type: 'P',
      school: 'Dela Cruz Law Office',
      course: 'Partner',
      country_code: '63',
    });
  });

  it('drops school and course for Others', async () => {
    const student = await registerStudent(ctx.server.url);
    const res = await ctx.api.put(`/api/v1/students/${student.student_id}/`, { ...validProfile, type: 'O' }, { token: student.token });
    expect(res.body).toMatchObject({ type: 'O', school: null, course: null });
  });

  it('applies every rule with the spec messages', async () => {
    const student = await registerStudent(ctx.server.url);
    const res = await ctx.api.put(`/api/v1/students/${student.student_id}/`, { first_name: ' ', middle_name: '', last_name: '', mobile_number: '', birthday: '2023-02-30' }, { token: student.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      first_name: [m.firstNameRequired],
      middle_name: [m.middleNameRequired],
      last_name: [m.lastNameRequired],
      mobile_number: [m.mobileRequired],
      birthday: [m.birthdayRequired],
      gender: [m.genderRequired],
      type: [m.typeRequired],
    });
    const noCode = await ctx.api.put(`/api/v1/students/${student.student_id}/`, { ...validProfile, country_code: '' }, { token: student.token });
    expect(noCode.body).toEqual({ country_code: [m.countryCodeRequired] });
    const unknownCode = await ctx.api.put(`/api/v1/students/${student.student_id}/`, { ...validProfile, country_code: '999' }, { token: student.token });
    expect(unknownCode.body).toEqual({ country_code: [s.invalidCountryCode] });
    const future = await ctx.api.put(`/api/v1/students/${student.student_id}/`, { ...validProfile, birthday: '2999-01-01', suffix: 'Esq.', gender: 'X' }, { token: student.token });
    expect(future.body).toEqual({ birthday: [s.futureBirthday], suffix: [s.invalidChoice], gender: [m.genderRequired] });
    const unchanged = await ctx.api.get(`/api/v1/students/${student.student_id}/`, { token: student.token });
    expect(unchanged.body.step).toBe('1');
  });
});

describe('whose record', () => {
  it("answers 404 for another student's or another user's id, and for staff of any school", async () => {
    const one = await registerStudent(ctx.server.url);
    const two = await registerStudent(ctx.server.url);
    const admin = await login('acme-admin');
    for (const [token, path] of [
      [one.token, `/api/v1/students/${two.student_id}/`],
      [one.token, `/api/v1/users/${two.id}/`],
      [one.token, `/api/v1/students/${two.student_id}/mcle_profile/`],
      [admin.token, `/api/v1/students/${one.student_id}/`],
      [admin.token, `/api/v1/users/${one.id}/`],
    ] as const) {
      expect((await ctx.api.get(path, { token })).status, path).toBe(404);
    }
    expect((await ctx.api.put(`/api/v1/students/${two.student_id}/`, validProfile, { token: one.token })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/students/${one.student_id}/`)).status).toBe(401);
    expect((await ctx.api.get(`/api/v1/students/abc/`, { token: one.token })).status).toBe(400);
  });

  it('lets staff read and change their own record through /users/{id}/', async () => {
    const admin = await createStaff(ctx.server.database.db);
    const options = { token: admin.token, host: admin.school.host };
    const res = await ctx.api.put(`/api/v1/users/${admin.user.id}/`, { first_name: 'Jose', middle_name: 'Protasio', last_name: 'Rizal', mobile_number: '9170000002', country_code: '63' }, options);
    expect(res.body).toMatchObject({ full_name: 'Jose Protasio Rizal', role: 'SA', student_id: null });
    expect((await ctx.api.get(`/api/v1/users/${admin.user.id}/`, options)).body.full_name).toBe('Jose Protasio Rizal');
    expect((await ctx.api.get(`/api/v1/students/${admin.user.id}/`, options)).status).toBe(404);
  });
});

describe('PATCH /users/{id}/ (photo)', () => {
  const png = () => sharp({ create: { width: 900, height: 600, channels: 3, background: '#1d4ed8' } }).png().toBuffer();

  it('stores a resized JPEG without metadata, served from /media/', async () => {
    const student = await registerStudent(ctx.server.url);
    const original = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b91c1c' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    const res = await uploadFile(ctx.server.url, `/api/v1/users/${student.id}/`, { field: 'photo', name: 'me.jpg', type: 'image/jpeg', data: original }, { token: student.token });
    expect(res.status).toBe(200);
    expect(res.body.photo).toMatch(/^\/media\/uploads\/photos\/.+\.jpg$/);
    const stored = await fetch(`${ctx.server.url}${res.body.photo}`);
    expect(stored.status).toBe(200);
    const info = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    expect(info.exif).toBeUndefined();

    const second = await uploadFile(ctx.server.url, `/api/v1/users/${student.id}/`, { field: 'photo', name: 'me.png', type: 'image/png', data: await png() }, { token: student.token });
    expect(second.status).toBe(200);
    expect((await request(ctx.server.url, res.body.photo)).status).toBe(404);
  });

  it('refuses a text file named .png, an oversized file, a missing file, and another user', async () => {
    const student = await registerStudent(ctx.server.url);
    const path = `/api/v1/users/${student.id}/`;
    const fake = await uploadFile(ctx.server.url, path, { field: 'photo', name: 'photo.png', type: 'image/png', data: Buffer.from('just text, not a picture') }, { token: student.token });
    expect(fake).toMatchObject({ status: 400, body: { photo: [s.photoType] } });
    const truncated = (await sharp({ create: { width: 600, height: 600, channels: 3, background: '#123456' } }).jpeg().toBuffer()).subarray(0, 400);
    expect(await uploadFile(ctx.server.url, path, { field: 'photo', name: 'cut.jpg', type: 'image/jpeg', data: truncated }, { token: student.token })).toMatchObject({ status: 400, body: { photo: [s.photoType] } });
    const huge = await uploadFile(ctx.server.url, path, { field: 'photo', name: 'big.png', type: 'image/png', data: Buffer.alloc(6 * 1024 * 1024, 1) }, { token: student.token });
    expect(huge).toMatchObject({ status: 413, body: { photo: [s.photoTooLarge] } });
    const wrongField = await uploadFile(ctx.server.url, path, { field: 'avatar', name: 'a.png', type: 'image/png', data: await png() }, { token: student.token });
    expect(wrongField).toMatchObject({ status: 400, body: { photo: [s.photoMissing] } });
    const json = await client(ctx.server.url).post(path, {}, { token: student.token, headers: { 'x-http-method-override': 'PATCH' } });
    expect(json.status).toBe(404);
    const other = await registerStudent(ctx.server.url);
    expect((await uploadFile(ctx.server.url, `/api/v1/users/${other.id}/`, { field: 'photo', name: 'a.png', type: 'image/png', data: await png() }, { token: student.token })).status).toBe(404);
    const profile = await ctx.api.get(`/api/v1/users/${student.id}/`, { token: student.token });
    expect(profile.body.photo).toBeNull();
  });
});
