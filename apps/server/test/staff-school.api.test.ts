import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schoolColourProblem } from '@school/shared/school/colour';
import { schoolSettingsMessages as m, type StaffSchool } from '@school/shared/staff/school-settings';
import { uploadMessages } from '@school/shared/staff/uploads';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, schoolSocials, schools } from '../src/db/schema/index';
import { createSchool, createStaff, createStudent, registerStudent, waitFor } from './support/factories';
import { request } from './support/http';
import { serverForFile } from './support/server';
import { tusClient } from './support/tus';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const { upload } = tusClient(ctx);
const path = '/api/v1/staff/school/';
const at = (version: number) => ({ 'if-match': `"v${version}"` });

async function school() {
  const s = await createSchool(db(), { primaryColor: '#1d4ed8' });
  const admin = await createStaff(db(), { school: s });
  const as = (who: { token: string }, headers: Record<string, string> = {}) => ({ token: who.token, host: s.host, headers });
  return { school: s, admin, as };
}

const rowOf = async (id: number) => (await db().select().from(schools).where(eq(schools.id, id)))[0]!;

describe("the school's settings in the console", () => {
  it('are read with their version, saved to it, audited, and shown by the public school call within a second', async () => {
    const s = await school();
    const read = await ctx.api.get<StaffSchool>(path, s.as(s.admin));
    expect(read.status).toBe(200);
    expect(read.headers.etag).toBe('"v1"');
    expect(read.body).toMatchObject({ id: s.school.id, domain: s.school.domain, name: s.school.name, primary_color: '#1d4ed8', version: 1, socials: { facebook: null } });

    const change = { name: 'Bar Review Institute', primary_color: '#7c2d12', time_zone: 'Asia/Singapore', socials: { ...read.body.socials, facebook: 'https://facebook.com/barreview' } };
    expect(await ctx.api.patch(path, change, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    const saved = await ctx.api.patch<StaffSchool>(path, change, s.as(s.admin, at(1)));
    expect(saved.status).toBe(200);
    expect(saved.headers.etag).toBe('"v2"');
    expect(saved.body).toMatchObject({ name: 'Bar Review Institute', primary_color: '#7c2d12', time_zone: 'Asia/Singapore', version: 2, socials: { facebook: 'https://facebook.com/barreview' } });

    // What students see follows: the cache hears the table's NOTIFY.
    const shown = await waitFor(async () => {
      const res = await ctx.api.get(`/api/v1/school/${s.school.host}/`, { host: s.school.host });
      return res.body.primary_color === '#7c2d12' ? res.body : undefined;
    }, 1000);
    expect(shown).toMatchObject({ name: 'Bar Review Institute', time_zone: 'Asia/Singapore' });
    expect((await ctx.api.get(`/api/v1/schools/${s.school.id}/socials`, { host: s.school.host })).body.facebook).toBe('https://facebook.com/barreview');

    // A save based on version 1 is refused with the school as it now is and who saved it.
    const stale = await ctx.api.patch(path, { name: 'Stale' }, s.as(s.admin, at(1)));
    expect(stale).toMatchObject({ status: 412, body: { detail: versionMessages.conflict, updated_by: { id: s.admin.user.id }, current: { name: 'Bar Review Institute', version: 2 } } });
    expect((await rowOf(s.school.id)).name).toBe('Bar Review Institute');

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, s.school.id), eq(auditLog.action, 'school.update')));
    expect(entry).toMatchObject({ actorId: s.admin.user.id, subjectType: 'school', subjectId: s.school.id });
    expect(Object.keys(entry!.changes).sort()).toEqual(['name', 'primary_color', 'socials', 'time_zone']);
    expect(entry!.changes.primary_color).toEqual({ before: '#1d4ed8', after: '#7c2d12' });

    // Taking a social link away removes its row; leaving socials out keeps them.
    await ctx.api.patch(path, { description: 'Review classes.' }, s.as(s.admin, at(2)));
    expect(await db().$count(schoolSocials, eq(schoolSocials.schoolId, s.school.id))).toBe(1);
    await ctx.api.patch(path, { socials: { ...saved.body.socials, facebook: null } }, s.as(s.admin, at(3)));
    expect(await db().$count(schoolSocials, eq(schoolSocials.schoolId, s.school.id))).toBe(0);
  });

  it('refuses a colour without enough contrast and other bad values, each on its field, and saves nothing', async () => {
    const s = await school();
    const refused = await ctx.api.patch(
      path,
      {
        name: ' ',
        primary_color: '#fde047',
        email: 'not-an-address',
        country_code: '+63',
        mobile_number: '0917-123',
        time_zone: 'Mars/Olympus_Mons',
        socials: { facebook: 'http://facebook.com/x', twitter: 'javascript:alert(1)', linked_in: null, github: null, pinterest: null, instagram: null },
      },
      s.as(s.admin, at(1)),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      name: [m.name],
      primary_color: [schoolColourProblem('#fde047')],
      email: [m.email],
      country_code: [m.countryCode],
      mobile_number: [m.mobileNumber],
      time_zone: [m.timeZone],
      socials: [m.social, m.social],
    });
    expect((await ctx.api.patch(path, { primary_color: 'blue' }, s.as(s.admin, at(1)))).body.primary_color[0]).toMatch(/six hexadecimal digits/);
    const row = await rowOf(s.school.id);
    expect(row).toMatchObject({ version: 1, primaryColor: '#1d4ed8', name: s.school.name });
  });

  it('sets the sign-up reward a new member gets in coins, refusing anything but whole coins', async () => {
    const s = await school();
    await db().update(schools).set({ products: { ...s.school.products, apt_coins: true } }).where(eq(schools.id, s.school.id));
    const before = await ctx.api.get(path, s.as(s.admin));
    expect(before.body).toMatchObject({ coins: true, signup_reward_coins: 0, reward_group: '' });
    for (const coins of [-1, 1.5, 1_000_001, '5']) {
      const refused = await ctx.api.patch(path, { signup_reward_coins: coins }, s.as(s.admin, at(before.body.version)));
      expect(refused.body, String(coins)).toMatchObject({ signup_reward_coins: [m.rewardCoins] });
    }
    const saved = await ctx.api.patch(path, { signup_reward_coins: 250, reward_group: ' IBP Pasig ' }, s.as(s.admin, at(before.body.version)));
    expect(saved.body).toMatchObject({ signup_reward_coins: 250, reward_group: 'IBP Pasig' });
    expect(await rowOf(s.school.id)).toMatchObject({ signupRewardCoins: 25_000, rewardGroup: 'IBP Pasig' });
    const fresh = await registerStudent(ctx.server.url, { host: s.school.host });
    const wallet = await ctx.api.get('/api/v1/wallets/transactions/', { token: fresh.token, host: s.school.host });
    expect(wallet.body.data).toEqual([expect.objectContaining({ value: 250, description: 'Sign-up reward for IBP Pasig members: L2E Coins for a 36-unit MCLE bundle' })]);
    const cleared = await ctx.api.patch(path, { reward_group: '' }, s.as(s.admin, at(saved.body.version)));
    expect(cleared.body.reward_group).toBe('');
    expect((await rowOf(s.school.id)).rewardGroup).toBeNull();
  });

  it('keeps what the payment instructions may hold and drops what runs', async () => {
    const s = await school();
    const html = '<p onclick="steal()">Pay at the <strong>office</strong>.</p><script>steal()</script><a href="javascript:steal()">here</a>';
    const saved = await ctx.api.patch<StaffSchool>(path, { payment_instructions: html }, s.as(s.admin, at(1)));
    expect(saved.body.payment_instructions).toBe('<p>Pay at the <strong>office</strong>.</p><a rel="noopener noreferrer" target="_blank">here</a>');
  });

  it('turns the announcement on only with its title and text, sanitized, and the public school shows it', async () => {
    const s = await school();
    expect(await ctx.api.patch(path, { show_announcement: true }, s.as(s.admin, at(1)))).toMatchObject({
      status: 400,
      body: { announcement_title: [m.announcementTitle], announcement_body: [m.announcementBody] },
    });
    expect((await rowOf(s.school.id)).version).toBe(1);
    const on = await ctx.api.patch<StaffSchool>(path, { show_announcement: true, announcement_title: 'Enrolment is open', announcement_body: '<p>Until <em>30 June</em>.</p><img src=x onerror="steal()">' }, s.as(s.admin, at(1)));
    expect(on.body).toMatchObject({ show_announcement: true, announcement_title: 'Enrolment is open', announcement_body: '<p>Until <em>30 June</em>.</p>', version: 2 });
    // Another product switch stays as the platform set it; emptying the text of a shown announcement is refused.
    expect((await rowOf(s.school.id)).products).toMatchObject({ show_announcement: true, mcle: false });
    expect(await ctx.api.patch(path, { announcement_body: '' }, s.as(s.admin, at(2)))).toMatchObject({ status: 400, body: { announcement_body: [m.announcementBody] } });
    const shown = await waitFor(async () => {
      const res = await ctx.api.get(`/api/v1/school/${s.school.host}/`, { host: s.school.host });
      return res.body.announcement ? res.body : undefined;
    }, 1000);
    expect(shown).toMatchObject({ announcement: { title: 'Enrolment is open', body: '<p>Until <em>30 June</em>.</p>' }, config: { products: { show_announcement: true } } });
    expect((await ctx.api.patch<StaffSchool>(path, { show_announcement: false, announcement_body: '' }, s.as(s.admin, at(2)))).body).toMatchObject({ show_announcement: false, version: 3 });
  });

  it('writes the FAQ page: questions in order with sanitized answers, a blank one refused, served to the public', async () => {
    const s = await school();
    const read = await ctx.api.get(`/api/v1/schools/${s.school.id}/faq/`, { host: s.school.host });
    expect(read).toMatchObject({ status: 200, body: { sections: [] } });
    expect((await ctx.api.get(`/api/v1/school/${s.school.host}/`, { host: s.school.host })).body.faq_page).toBe(false);

    const blank = await ctx.api.patch(path, { faq_sections: [{ question: ' ', answer: '<p>x</p>' }] }, s.as(s.admin, at(1)));
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain(m.question);
    const tooMany = await ctx.api.patch(path, { faq_sections: Array.from({ length: 101 }, () => ({ question: 'Q', answer: 'A' })) }, s.as(s.admin, at(1)));
    expect(JSON.stringify(tooMany.body)).toContain(m.tooManySections);
    expect((await rowOf(s.school.id)).faqSections).toEqual([]);

    const sections = [
      { question: ' When do classes start? ', answer: '<p>Every <strong>Monday</strong>.</p><script>steal()</script>' },
      { question: 'Is there a refund?', answer: '<p>Within 7 days.</p>' },
    ];
    const saved = await ctx.api.patch<StaffSchool>(path, { faq_sections: sections }, s.as(s.admin, at(1)));
    expect(saved.body.faq_sections).toEqual([
      { question: 'When do classes start?', answer: '<p>Every <strong>Monday</strong>.</p>' },
      { question: 'Is there a refund?', answer: '<p>Within 7 days.</p>' },
    ]);
    const served = await waitFor(async () => {
      const res = await ctx.api.get(`/api/v1/schools/${s.school.id}/faq/`, { host: s.school.host });
      return res.body.sections.length === 2 ? res.body : undefined;
    }, 1000);
    expect(served.sections[0].question).toBe('When do classes start?');
    expect((await ctx.api.get(`/api/v1/school/${s.school.host}/`, { host: s.school.host })).body.faq_page).toBe(true);
    // Another school's FAQ is not read through this site.
    const other = await createSchool(db());
    expect((await ctx.api.get(`/api/v1/schools/${other.id}/faq/`, { host: s.school.host })).status).toBe(404);
  });

  it('makes uploads its logo, cover and how-to video through the upload pipeline, refusing the wrong kind', async () => {
    const s = await school();
    const photo = readFileSync(new URL('./fixtures/faces/coffee.jpg', import.meta.url));
    const image = await upload({ token: s.admin.token, school: s.school }, photo, 'logo.jpg');
    const video = await upload({ token: s.admin.token, school: s.school }, readFileSync(new URL('../src/seed/assets/courses/preview.webm', import.meta.url)), 'how-to.webm');
    expect((await ctx.api.patch(path, { logo_upload: video.id }, s.as(s.admin, at(1)))).body).toEqual({ logo_upload: [uploadMessages.needs('The logo', 'image', 'video')] });
    const saved = await ctx.api.patch<StaffSchool>(path, { logo_upload: image.id, cover_upload: image.id, how_to_video_upload: video.id }, s.as(s.admin, at(1)));
    expect(saved.body.logo).toMatch(new RegExp(`/images/${image.id}\\.jpg$`));
    expect((await request(ctx.server.url, saved.body.logo!)).raw.equals(photo)).toBe(true);
    expect(saved.body.how_to_video).toMatch(new RegExp(`/previews/${video.id}\\.webm$`));
    const cleared = await ctx.api.patch<StaffSchool>(path, { logo_upload: null }, s.as(s.admin, at(2)));
    expect(cleared.body).toMatchObject({ logo: null, cover: saved.body.cover });
    // Another school's upload is not ours to use.
    const foreign = await createStaff(db());
    const theirs = await upload({ token: foreign.token, school: foreign.school }, photo, 'theirs.jpg');
    expect((await ctx.api.patch(path, { cover_upload: theirs.id }, s.as(s.admin, at(3)))).body).toEqual({ cover_upload: [uploadMessages.unknown] });
  });

  it("is its administrators' only: an instructor, a student, nobody and another school's administrator are refused", async () => {
    const s = await school();
    const instructor = await createStaff(db(), { school: s.school, role: 'IN' });
    const student = await createStudent(db(), { school: s.school });
    const foreign = await createStaff(db());
    for (const who of [instructor, student]) {
      expect((await ctx.api.get(path, s.as(who))).status).toBe(403);
      expect((await ctx.api.patch(path, { name: 'Taken over' }, s.as(who, at(1)))).status).toBe(403);
    }
    expect((await ctx.api.get(path, { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.patch(path, { name: 'Taken over' }, { host: s.school.host, headers: at(1) })).status).toBe(401);
    // Another school's administrator reaches only their own school, whatever they send.
    expect((await ctx.api.patch(path, { name: 'Taken over' }, s.as(foreign, at(1)))).status).toBe(403);
    const theirs = await ctx.api.patch<StaffSchool>(path, { name: 'Their own' }, { token: foreign.token, host: foreign.school.host, headers: at(1) });
    expect(theirs.body).toMatchObject({ id: foreign.school.id, name: 'Their own' });
    expect(await rowOf(s.school.id)).toMatchObject({ name: s.school.name, version: 1 });
  });
});
