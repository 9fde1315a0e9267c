import { and, eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { staffCertificateMessages as m, type CertificateSettings, type StaffCertificate } from '@school/shared/staff/certificates';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, certificates, users } from '../src/db/schema/index';
import { certificateService } from '../src/modules/certificates/service';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';
import { tusClient } from './support/tus';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

/** A school with an administrator and one issued certificate (a course without MCLE: finishing it is enough). */
async function school() {
  const s = await createSchool(db(), { certificateSignatories: [{ name: 'Atty. Ana Cruz', title: 'Dean' }], accreditationNumber: 'AP-2026-017' });
  const admin = await createStaff(db(), { school: s });
  const as = (who: { token: string } | null, headers: Record<string, string> = {}) => ({ token: who?.token, host: s.host, headers });
  const issue = async (courseName: string) => {
    const course = await createCourse(db(), { school: s, name: courseName });
    const [lesson] = await createOutline(db(), course, [{ type: 'html', content: '<p>Read</p>' }]);
    const student = await createStudent(db(), { school: s });
    const enrolment = await createEnrolment(db(), { student, course, status: 'free' });
    const learner = { token: student.token, host: s.host };
    await ctx.api.get(`/api/v1/coursewares/${lesson!.id}/`, learner);
    expect((await ctx.api.post(`/api/v1/coursewares/${lesson!.id}/complete/`, {}, learner)).status).toBe(200);
    const row = await certificateService(ctx.server.app).issue(enrolment.id);
    return { row: row!, student };
  };
  return { school: s, admin, as, issue };
}

describe("the school's certificates in the console", () => {
  it('lists and searches the issued ones, revokes one with a reason the public page shows, once', async () => {
    const s = await school();
    const ethics = await s.issue('Legal Ethics Refresher');
    const tax = await s.issue('Taxation Update');
    const list = await ctx.api.get(`/api/v1/staff/certificates/`, s.as(s.admin));
    expect(list.body).toMatchObject({ count: 2, page: 1, pages: 1, next: null });
    expect(list.body.data.map((c: StaffCertificate) => c.course)).toEqual(['Taxation Update', 'Legal Ethics Refresher']);
    const searched = async (query: string) => (await ctx.api.get(`/api/v1/staff/certificates/?${query}`, s.as(s.admin))).body.data.map((c: StaffCertificate) => c.id);
    expect(await searched('search=ethics')).toEqual([ethics.row.id]);
    expect(await searched(`search=${encodeURIComponent(tax.row.code.slice(0, 9))}`)).toEqual([tax.row.id]);
    expect(await searched(`search=${encodeURIComponent(ethics.student.user.email)}`)).toEqual([ethics.row.id]);
    expect(await searched('search=%25')).toEqual([]);

    const path = `/api/v1/staff/certificates/${ethics.row.id}/revoke/`;
    expect(await ctx.api.post(path, { reason: ' ' }, s.as(s.admin))).toMatchObject({ status: 400, body: { reason: [m.reason] } });
    const revoked = await ctx.api.post<StaffCertificate>(path, { reason: 'Attendance was not verified.' }, s.as(s.admin));
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ id: ethics.row.id, revoked_reason: 'Attendance was not verified.' });
    expect(await ctx.api.post(path, { reason: 'Again.' }, s.as(s.admin))).toMatchObject({ status: 409, body: { detail: m.alreadyRevoked } });
    const page = await ctx.api.get(`/api/v1/certificates/${ethics.row.code}/`);
    expect(page.body).toMatchObject({ revoked: true, revoked_at: revoked.body.revoked_at, revoked_reason: 'Attendance was not verified.', image_url: null, pdf_url: null });
    expect(await searched('state=revoked')).toEqual([ethics.row.id]);
    expect(await searched('state=valid')).toEqual([tax.row.id]);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, s.school.id), eq(auditLog.action, 'certificate.revoke')));
    expect(entry).toMatchObject({ actorId: s.admin.user.id, subjectType: 'certificate', subjectId: ethics.row.id });
  });

  it("reissues a certificate with the student's corrected name, keeping its code, and refuses an unchanged name or a revoked one", async () => {
    const s = await school();
    const { row, student } = await s.issue('Remedial Law Review');
    const path = `/api/v1/staff/certificates/${row.id}/reissue/`;
    expect(await ctx.api.post(path, {}, s.as(s.admin))).toMatchObject({ status: 409, body: { detail: m.sameName } });
    await db().update(users).set({ firstName: 'Maria Clara', lastName: 'Santos' }).where(eq(users.id, student.user.id));
    const reissued = await ctx.api.post<StaffCertificate>(path, {}, s.as(s.admin));
    expect(reissued.status, reissued.text).toBe(200);
    expect(reissued.body).toMatchObject({ code: row.code, learner: 'Maria Clara Santos', current_name: 'Maria Clara Santos' });
    expect(reissued.body.reissued_at).not.toBeNull();
    const [after] = await db().select().from(certificates).where(eq(certificates.id, row.id));
    expect(after!.imageKey).not.toBe(row.imageKey);
    expect(await ctx.server.app.storage.get(row.imageKey!, 'private')).toBeNull();
    expect(await ctx.server.app.storage.get(after!.pdfKey!, 'private')).not.toBeNull();
    expect((await ctx.api.get(`/api/v1/certificates/${row.code}/`)).body.learner).toBe('Maria Clara Santos');

    await ctx.api.post(`/api/v1/staff/certificates/${row.id}/revoke/`, { reason: 'Issued in error.' }, s.as(s.admin));
    await db().update(users).set({ firstName: 'Clara' }).where(eq(users.id, student.user.id));
    expect(await ctx.api.post(path, {}, s.as(s.admin))).toMatchObject({ status: 409, body: { detail: m.revokedCannotReissue } });
  });

  it('sets the signatories and the accreditation number new certificates print, at the version read', async () => {
    const s = await school();
    const first = (await ctx.api.get<CertificateSettings>('/api/v1/staff/certificate-settings/', s.as(s.admin))).body;
    expect(first).toMatchObject({ signatories: [{ name: 'Atty. Ana Cruz', title: 'Dean' }], accreditation_number: 'AP-2026-017' });
    const path = '/api/v1/staff/certificate-settings/';
    expect(await ctx.api.patch(path, { accreditation_number: 'AP-1' }, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `Signer ${i}`, title: 'Director' }));
    expect(await ctx.api.patch(path, { signatories: four }, s.as(s.admin, at(first.version)))).toMatchObject({ status: 400, body: { signatories: [m.tooManySignatories] } });
    expect((await ctx.api.patch(path, { signatories: [{ name: 'Atty. B', title: ' ' }] }, s.as(s.admin, at(first.version)))).status).toBe(400);
    const signatories = [
      { name: 'Atty. Ramon Bautista', title: 'Executive Director' },
      { name: 'Dr. Liza Soriano', title: 'Academic Head' },
    ];
    const saved = await ctx.api.patch<CertificateSettings>(path, { signatories, accreditation_number: ' AP-2027-001 ' }, s.as(s.admin, at(first.version)));
    expect(saved).toMatchObject({ status: 200, headers: { etag: `"v${first.version + 1}"` }, body: { signatories, accreditation_number: 'AP-2027-001' } });
    expect(await ctx.api.patch(path, { accreditation_number: null }, s.as(s.admin, at(first.version)))).toMatchObject({ status: 412, body: { current: { accreditation_number: 'AP-2027-001' } } });

    // A certificate issued now prints them; one issued before keeps its own.
    const { row } = await s.issue('Special Penal Laws');
    expect(row.facts).toMatchObject({ signatories, accreditation: 'AP-2027-001' });
  });

  it("prints each signatory's uploaded signature, kept across saves; a signature that is not the school's is refused", async () => {
    const s = await school();
    const path = '/api/v1/staff/certificate-settings/';
    const ink = await sharp({ create: { width: 1200, height: 400, channels: 4, background: { r: 20, g: 30, b: 90, alpha: 1 } } }).png().toBuffer();
    const upload = await tusClient(ctx).upload({ token: s.admin.token, school: s.school }, ink, 'signature.png');
    expect(upload.state).toBe('ready');
    const first = (await ctx.api.get<CertificateSettings>(path, s.as(s.admin))).body;
    const refusedUpload = await ctx.api.patch(path, { signatories: [{ name: 'Atty. Ana Cruz', title: 'Dean', signature_upload: 'f'.repeat(32) }] }, s.as(s.admin, at(first.version)));
    expect(refusedUpload).toMatchObject({ status: 400, body: { 'signatories.0.signature_upload': [expect.any(String)] } });
    const saved = await ctx.api.patch<CertificateSettings>(path, { signatories: [{ name: 'Atty. Ana Cruz', title: 'Dean', signature_upload: upload.id }, { name: 'Dr. Liza Soriano', title: 'Academic Head' }] }, s.as(s.admin, at(first.version)));
    expect(saved.status, saved.text).toBe(200);
    const [signed, unsigned] = saved.body.signatories;
    expect(signed!.signature).toBe(`signatures/${upload.id}.png`);
    expect(signed!.signature_url).toMatch(/^\/media\/private\//);
    expect(unsigned).toMatchObject({ signature: null, signature_url: null });
    // Stored as a PNG within its box, in the private area only.
    expect(await sharp((await ctx.server.app.storage.get(signed!.signature!, 'private'))!).metadata()).toMatchObject({ format: 'png', width: 900, height: 300 });
    expect(await ctx.server.app.storage.get(signed!.signature!, 'public')).toBeNull();

    // Moved to second place, the signature goes with its signatory; a key the school's signatories do not have is refused.
    const moved = await ctx.api.patch<CertificateSettings>(path, { signatories: [unsigned, signed] }, s.as(s.admin, at(saved.body.version)));
    expect(moved.body.signatories.map((x) => x.signature)).toEqual([null, signed!.signature]);
    const forged = await ctx.api.patch(path, { signatories: [{ name: 'Atty. X', title: 'Dean', signature: 'certificates/ABCD.png' }] }, s.as(s.admin, at(moved.body.version)));
    expect(forged).toMatchObject({ status: 400, body: { 'signatories.0.signature': [m.unknownSignature] } });

    // The certificate's PDF draws it: the QR code and one signature.
    const { row } = await s.issue('Signed Course');
    expect(row.facts.signatories?.[1]).toMatchObject({ name: 'Atty. Ana Cruz', signature: signed!.signature });
    const pdf = await PDFDocument.load((await ctx.server.app.storage.get(row.pdfKey!, 'private'))!);
    const images = pdf.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    expect(images.keys()).toHaveLength(2);
  });

  it('answers 404 for another school’s certificates and refuses instructors, students and nobody', async () => {
    const s = await school();
    const other = await school();
    const { row } = await other.issue('Theirs');
    expect((await ctx.api.post(`/api/v1/staff/certificates/${row.id}/revoke/`, { reason: 'Not ours.' }, s.as(s.admin))).status).toBe(404);
    expect((await ctx.api.post(`/api/v1/staff/certificates/${row.id}/reissue/`, {}, s.as(s.admin))).status).toBe(404);
    expect((await ctx.api.get('/api/v1/staff/certificates/', s.as(s.admin))).body.count).toBe(0);
    expect((await ctx.api.get('/api/v1/staff/certificates/', { token: other.admin.token, host: s.school.host })).status).toBe(403);
    const instructor = await createStaff(db(), { school: s.school, role: 'IN' });
    const student = await createStudent(db(), { school: s.school });
    for (const [who, status] of [[instructor, 403], [student, 403], [null, 401]] as const) {
      expect((await ctx.api.get('/api/v1/staff/certificates/', s.as(who))).status).toBe(status);
      expect((await ctx.api.get('/api/v1/staff/certificate-settings/', s.as(who))).status).toBe(status);
      expect((await ctx.api.patch('/api/v1/staff/certificate-settings/', { accreditation_number: null }, s.as(who, at(1)))).status).toBe(status);
    }
    expect((await db().select().from(certificates).where(eq(certificates.id, row.id)))[0]!.revokedAt).toBeNull();
  });
});
