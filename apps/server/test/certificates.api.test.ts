import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { certificateMessages as msg } from '@school/shared/certificates/rules';
import type { UnitsByArea } from '@school/shared/certificates/mcle';
import { certificates, courses, enrollments, users } from '../src/db/schema/index';
import { certificateService } from '../src/modules/certificates/service';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, waitFor } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const SIGNATURE = `data:image/png;base64,${(await sharp({ create: { width: 40, height: 16, channels: 3, background: '#ffffff' } }).png().toBuffer()).toString('base64')}`;

/** A student studying a one-lesson course at a school with or without the MCLE product. */
async function studying(options: { mcle?: boolean; status?: 'free' | 'pay_later'; school?: Awaited<ReturnType<typeof createSchool>>; student?: Awaited<ReturnType<typeof createStudent>>; areas?: UnitsByArea } = {}) {
  const school = options.school ?? (await createSchool(db(), { products: { mcle: options.mcle ?? false }, accreditationNumber: 'AP-2026-017', logo: 'seed/demo/logo.svg', certificateSignatories: [{ name: 'Atty. Ana Cruz', title: 'Dean' }] }));
  const course = await createCourse(db(), { school, units: 3, approvalNumber: 'MCLE-2026-0412', mcleUnits: options.areas ?? { legal_ethics: 2, others: 1 } });
  const [lesson] = await createOutline(db(), course, [{ type: 'html', content: '<p>Read</p>' }]);
  const student = options.student ?? (await createStudent(db(), { school }));
  const enrolment = await createEnrolment(db(), { student, course, status: options.status ?? 'free' });
  await db().update(enrollments).set({ compliancePeriodId: await currentPeriod() }).where(eq(enrollments.id, enrolment.id));
  const as = { token: student.token, host: school.host };
  const finish = async () => {
    await ctx.api.get(`/api/v1/coursewares/${lesson!.id}/`, as);
    expect((await ctx.api.post(`/api/v1/coursewares/${lesson!.id}/complete/`, {}, as)).status).toBe(200);
  };
  return { school, course, student, enrolment, as, finish };
}

const currentPeriod = async () => (await ctx.api.get('/api/v1/compliance_periods/')).body.data.find((p: { is_current: boolean }) => p.is_current).id as number;
const mine = async (s: Awaited<ReturnType<typeof studying>>) => (await ctx.api.get(`/api/v1/students/${s.student.student.id}/certificates/`, s.as)).body;
// A job draws the image and the PDF, which a busy machine can stretch past waitFor's usual 10 s.
const issued = (s: Awaited<ReturnType<typeof studying>>) => waitFor(async () => ((await mine(s)).count > 0 ? (await mine(s)).data[0] : null), 25_000);


/** A black-and-white PNG of side x side pixels, all zero: 16,000 pixels square compress to about 31 KB. */
function blankPng(side: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // 1 bit per pixel, greyscale (colour type 0)
  const rows = deflateSync(Buffer.alloc(side * (1 + Math.ceil(side / 8))), { level: 9 });
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

/** A file behind a signed address of the local storage. */
async function fetched(address: string) {
  const res = await fetch(new URL(address, ctx.server.url));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('issuing certificates', () => {
  it('issues one when the course is finished: a public page, an image and a PDF carrying its code and QR code', async () => {
    const s = await studying();
    await s.finish();
    const card = await issued(s);
    expect(card).toMatchObject({ course_name: s.course.name, school: s.school.name, time_zone: 'Asia/Manila' });
    expect(card.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(card.address).toBe(`http://${s.school.domain}.localhost:3000/certificates/${card.code}`);
    const profile = await ctx.api.get('/api/v1/account/profile/', s.as);
    expect(profile.body.certificate_count).toBe(1);

    // Public: no token, any school's host.
    const page = await ctx.api.get(`/api/v1/certificates/${card.code}/`, { host: 'acme.localhost' });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ code: card.code, learner: 'Test Student', course: s.course.name, school: s.school.name, units: 3, accreditation: 'AP-2026-017', approval_number: 'MCLE-2026-0412', revoked: false });
    expect(page.body.signatories).toEqual([{ name: 'Atty. Ana Cruz', title: 'Dean' }]);
    expect(page.body.areas).toEqual([
      { key: 'legal_ethics', label: 'Legal Ethics', units: 2 },
      { key: 'others', label: 'Other Subjects', units: 1 },
    ]);
    expect(JSON.stringify(page.body)).not.toContain(s.student.user.email);

    const pdf = await PDFDocument.load(await fetched(page.body.pdf_url));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Certificate ${card.code}`);
    expect(pdf.getSubject()).toBe(`${s.course.name}, ${s.school.name}`);
    const { data, info } = await sharp(await fetched(page.body.image_url)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(card.address);
  });

  it('issues exactly one for 50 requests at once', async () => {
    const s = await studying();
    await s.finish();
    const service = certificateService(ctx.server.app);
    const rows = await Promise.all(Array.from({ length: 50 }, () => service.issue(s.enrolment.id)));
    expect(new Set(rows.map((r) => r?.code)).size).toBe(1);
    expect(await db().select().from(certificates).where(eq(certificates.enrollmentId, s.enrolment.id))).toHaveLength(1);
  });

  it('at an MCLE school, waits for the signed certification statement, kept as evidence and never shown', async () => {
    const s = await studying({ mcle: true });
    const sign = (body: object) => ctx.api.post(`/api/v1/enrollments/${s.enrolment.id}/certification/`, body, { ...s.as, headers: { 'user-agent': 'CertTest/1.0' } });
    const good = { full_name: 'test  student', signature: SIGNATURE, agree: true };
    const status = async () => (await ctx.api.get(`/api/v1/courses/${s.course.id}/`, s.as)).body.certificate;
    expect(await status()).toEqual({ state: 'incomplete', code: null });
    expect((await sign(good)).body).toEqual({ detail: msg.notCompleted });
    await s.finish();
    // The course page offers the statement for as long as it is not signed.
    expect(await status()).toEqual({ state: 'needs_signature', code: null });
    expect(await certificateService(ctx.server.app).issue(s.enrolment.id)).toBeNull();
    expect((await sign({ ...good, full_name: 'Somebody Else' })).body).toEqual({ full_name: [msg.nameMismatch] });
    expect((await sign({ ...good, signature: 'data:image/png;base64,AAAA' })).body).toEqual({ signature: [msg.signatureRequired] });
    expect((await sign({ ...good, agree: false })).status).toBe(400);
    const signed = await sign(good);
    expect(signed.status).toBe(201);
    expect((await sign(good)).body).toEqual({ detail: msg.alreadySigned });
    const card = await issued(s);
    expect(await status()).toEqual({ state: 'issued', code: card.code });
    const page = await ctx.api.get(`/api/v1/certificates/${card.code}/`);
    expect(JSON.stringify(page.body)).not.toMatch(/CertTest|signatures\/|127\.0\.0\.1|example\.com/);
    // Another student's enrolment does not exist for the caller.
    const other = await createStudent(db(), { school: s.school });
    expect((await ctx.api.post(`/api/v1/enrollments/${s.enrolment.id}/certification/`, good, { token: other.token, host: s.school.host })).status).toBe(404);
  });

  it('refuses a signature image of too many pixels from its header, at once, and an empty one', async () => {
    const s = await studying({ mcle: true });
    await s.finish();
    const sign = (signature: string) => ctx.api.post(`/api/v1/enrollments/${s.enrolment.id}/certification/`, { full_name: 'Test Student', signature, agree: true }, s.as);
    const bomb = blankPng(16_000);
    expect(bomb.length).toBeLessThan(40_000);
    const started = Date.now();
    const refused = await sign(`data:image/png;base64,${bomb.toString('base64')}`);
    // Decoded, it takes seconds and holds every other request up.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(refused).toMatchObject({ status: 400, body: { signature: [msg.signatureTooLarge] } });
    expect((await sign('data:image/png;base64,A')).body).toEqual({ signature: [msg.signatureRequired] });
    expect((await sign(SIGNATURE)).status).toBe(201);
  });

  it('gives a pay-later enrolment its certificate only once it is paid', async () => {
    const s = await studying({ status: 'pay_later' });
    await s.finish();
    expect(await certificateService(ctx.server.app).issue(s.enrolment.id)).toBeNull();
    expect((await mine(s)).count).toBe(0);
    expect((await ctx.api.get(`/api/v1/courses/${s.course.id}/`, s.as)).body.certificate).toEqual({ state: 'needs_payment', code: null });
    // Its payment started and not yet through: the certificate waits for it, and nothing offers to pay again.
    await db().update(courses).set({ fee: 150_000 }).where(eq(courses.id, s.course.id));
    const body = { content_type: 'course', object_id: s.course.id, processor_type: 'online_bank', channel_code: 'bpi', gateway: 'sandbox' };
    const paying = await ctx.api.post('/api/v1/payment/process/', body, { ...s.as, headers: { 'idempotency-key': randomUUID() } });
    expect(paying.status).toBe(201);
    expect((await ctx.api.get(`/api/v1/courses/${s.course.id}/`, s.as)).body.certificate).toEqual({ state: 'payment_pending', code: null });
  });

  it('says so for an unknown or a revoked code, and keeps lists to their owner', async () => {
    expect((await ctx.api.get('/api/v1/certificates/AAAA-BBBB-CCCC-DDDD/')).body).toEqual({ detail: msg.notFound });
    expect((await ctx.api.get('/api/v1/certificates/not-a-code/')).status).toBe(400);
    const s = await studying();
    await s.finish();
    const card = await issued(s);
    await db().update(certificates).set({ revokedAt: new Date(), revokedReason: 'Issued in error.' }).where(eq(certificates.code, card.code));
    expect((await ctx.api.get(`/api/v1/certificates/${card.code}/`)).body).toMatchObject({ revoked: true, revoked_reason: 'Issued in error.', image_url: null, pdf_url: null });
    const other = await createStudent(db(), { school: s.school });
    expect((await ctx.api.get(`/api/v1/students/${s.student.student.id}/certificates/`, { token: other.token, host: s.school.host })).status).toBe(404);
  });
});

describe("staff's records export", () => {
  it("lists a course's enrolments with each certificate's evidence, for the school's staff only", async () => {
    const s = await studying({ mcle: true });
    await s.finish();
    expect((await ctx.api.post(`/api/v1/enrollments/${s.enrolment.id}/certification/`, { full_name: 'Test Student', signature: SIGNATURE, agree: true }, { ...s.as, headers: { 'user-agent': 'CertTest/1.0' } })).status).toBe(201);
    const card = await issued(s);
    const admin = await createStaff(db(), { school: s.school });
    const path = `/api/v1/courses/${s.course.id}/records.csv?compliance_period=${await currentPeriod()}`;
    const csv = await ctx.api.get(path, { token: admin.token, host: s.school.host });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, row] = csv.text.trim().split('\n');
    expect(header).toBe('learner,email,enrolled_at,status,progress,completed_at,compliance_period,timeline,exam_results,certificate,issued_at,revoked_at,signed_name,signed_at,signed_from,signed_with,identity,snapshots,snapshots_flagged');
    expect(row).toContain(s.student.user.email);
    expect(row).toContain(card.code);
    expect(row).toContain('CertTest/1.0');
    expect(row).toMatch(/html 1: opened [^,;]+, completed/);
    expect((await ctx.api.get(path, s.as)).status).toBe(403);
    const elsewhere = await createStaff(db(), {});
    expect((await ctx.api.get(path, { token: elsewhere.token, host: elsewhere.school.host })).status).toBe(404);

    // A learner who named themselves as a formula is written as text: a spreadsheet opening the file runs nothing.
    await db().update(users).set({ firstName: '=HYPERLINK("http://evil.example","Open")', middleName: '', lastName: '' }).where(eq(users.id, s.student.user.id));
    const injected = (await ctx.api.get(path, { token: admin.token, host: s.school.host })).text.trim().split('\n')[1]!;
    expect(injected.startsWith(`"'=HYPERLINK(""http://evil.example"",""Open"")"`)).toBe(true);
  });
});

describe('the demo', () => {
  it("issues the demo student's two finished courses' certificates in the overdue sweep, and the tracker counts them", async () => {
    const login = await ctx.api.post('/api/v1/api-token-auth/', { username: 'student', password: DEMO_PASSWORD });
    const as = { token: login.body.token, host: 'demo.localhost' };
    await certificateService(ctx.server.app).issueOverdue();
    const names = async () => (await ctx.api.get(`/api/v1/students/${login.body.student_id}/certificates/?sort=course__name`, as)).body.data.map((c: { course_name: string }) => c.course_name);
    expect(await names()).toEqual(['Code of Professional Responsibility and Accountability', 'E-Filing and Videoconference Hearings']);
    const tracker = await ctx.api.get(`/api/v1/students/${login.body.student_id}/compliance/?compliance_period=${await currentPeriod()}`, as);
    expect(tracker.body.areas.filter((a: { earned: number }) => a.earned > 0).map((a: { key: string; earned: number }) => [a.key, a.earned])).toEqual([
      ['legal_ethics', 6],
      ['others', 1],
    ]);
    // Another sweep issues nothing more to them (on PostgreSQL it may find other test files' finished courses).
    await certificateService(ctx.server.app).issueOverdue();
    expect(await names()).toHaveLength(2);
    // Both were evaluated: 'Excellent' and 'Very good'.
    expect((await ctx.api.get('/api/v1/account/profile/', as)).body.average_rating).toBe(4.5);
  });

  it('shows the MCLE units by subject area of a course and of a bundle', async () => {
    const as = { host: 'demo.localhost' };
    const demo = (await ctx.api.get('/api/v1/school/demo/')).body.id as number;
    const courses = (await ctx.api.get(`/api/v1/schools/${demo}/courses/?perpage=60`, as)).body.data as { id: number; name: string }[];
    const cpra = courses.find((c) => c.name === 'Code of Professional Responsibility and Accountability')!;
    expect((await ctx.api.get(`/api/v1/courses/${cpra.id}/`, as)).body).toMatchObject({ mcle_units: [{ key: 'legal_ethics', label: 'Legal Ethics', units: 6 }], certificate: null });
    const [bundle] = (await ctx.api.get(`/api/v1/schools/${demo}/bundles/`, as)).body.data as { id: number }[];
    const detail = (await ctx.api.get(`/api/v1/course/bundles/${bundle!.id}/`, as)).body;
    const total = detail.mcle_units.reduce((sum: number, a: { units: number }) => sum + a.units, 0);
    expect(detail.mcle_units.length).toBeGreaterThan(0);
    expect(total).toBe(detail.units);
  });
});

describe('the MCLE compliance tracker', () => {
  it("adds up a period's certificates from every school by area, and suggests this school's courses for the rest", async () => {
    const ethics = await studying({ areas: { legal_ethics: 6 } });
    await ethics.finish();
    await issued(ethics);
    const elsewhere = await studying({ student: ethics.student, areas: { updates: 4, adr: 1 } });
    await elsewhere.finish();
    await waitFor(async () => ((await mine(ethics)).count === 2 ? true : null));
    const adr = await createCourse(db(), { school: ethics.school, mcleUnits: { adr: 5 } });
    const taken = await createCourse(db(), { school: ethics.school, mcleUnits: { international: 2 } });
    await createEnrolment(db(), { student: ethics.student, course: taken, status: 'free' });
    const tracker = await ctx.api.get(`/api/v1/students/${ethics.student.student.id}/compliance/?compliance_period=${await currentPeriod()}`, ethics.as);
    expect(tracker.status).toBe(200);
    expect(tracker.body).toMatchObject({ required: 36, counted: 11, complete: false });
    expect(tracker.body.areas.map((a: { key: string; earned: number; missing: number }) => [a.key, a.earned, a.missing])).toEqual([
      ['legal_ethics', 6, 0],
      ['trial_skills', 0, 4],
      ['adr', 1, 4],
      ['updates', 4, 5],
      ['legal_writing', 0, 4],
      ['international', 0, 2],
      ['others', 0, 6],
    ]);
    expect(tracker.body.certificates).toHaveLength(2);
    const suggested = tracker.body.suggestions.courses.map((c: { id: number }) => c.id);
    expect(suggested).toContain(adr.id);
    expect(suggested).not.toContain(taken.id);
    expect(suggested).not.toContain(ethics.course.id);
    const summary = await ctx.api.get(`/api/v1/students/${ethics.student.student.id}/compliance.pdf?compliance_period=${await currentPeriod()}`, ethics.as);
    expect(summary.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(summary.raw)).getTitle()).toMatch(/^MCLE compliance summary: Test Student, /);
    expect((await ctx.api.get(`/api/v1/students/${ethics.student.student.id}/compliance.pdf?compliance_period=999999`, ethics.as)).status).toBe(404);
    const other = await createStudent(db(), { school: ethics.school });
    expect((await ctx.api.get(`/api/v1/students/${ethics.student.student.id}/compliance/?compliance_period=1`, { token: other.token, host: ethics.school.host })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/students/${ethics.student.student.id}/compliance.pdf?compliance_period=1`, { token: other.token, host: ethics.school.host })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/students/${ethics.student.student.id}/compliance/`, ethics.as)).status).toBe(400);
  });
});
