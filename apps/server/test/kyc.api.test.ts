import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { KYC_RETRY_LIMIT, kycMessages as msg } from '@school/shared/kyc/rules';
import { auditLog, enrollments, kycIds, kycSnapshots, kycSubmissions, kycTemplates, notifications, schools, users } from '../src/db/schema/index';
import { storageFromConfig } from '../src/infra/storage/from-config';
import { VIEWER_COOKIE } from '../src/infra/storage/viewer-cookie';
import { kycService } from '../src/modules/kyc/service';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, waitFor } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures/faces', name));
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;
const face = fixture('astronaut.jpg');
const noFace = fixture('coffee.jpg');
/** The same face as a selfie: mirrored (webcams are) and re-encoded, so not the same bytes. */
const selfie = dataUrl(await sharp(face).flop().jpeg({ quality: 80 }).toBuffer());
const idPhoto = dataUrl(face);
const blank = dataUrl(noFace);

/** A school with the kyc product, its ID kinds (the first is primary when asked), and a student of it. */
async function kycSchool(options: { primary?: boolean } = {}) {
  const school = await createSchool(db(), { products: { kyc: true } });
  const templates = await db()
    .insert(kycTemplates)
    .values(['IBP ID', 'Passport'].map((templateName, position) => ({ schoolId: school.id, templateName, position })))
    .returning();
  if (options.primary) await db().update(schools).set({ products: { ...school.products, kyc: true, primary_id: templates[0]!.id } }).where(eq(schools.id, school.id));
  const student = await createStudent(db(), { school });
  const as = { token: student.token, host: school.host };
  const upload = (body: object) => ctx.api.post('/api/v1/kyc/upload/', { school: school.id, ...body }, as);
  const status = async () => (await ctx.api.get('/api/v1/kyc/status/', as)).body;
  const settled = () => waitFor(async () => ((await status()).status === 'pending' ? null : status()), 30_000);
  return { school, templates, student, as, upload, status, settled };
}

describe('identity verification', () => {
  it('lists the school’s ID kinds and checks every field, keyed id0, id1 and selfie', async () => {
    const s = await kycSchool({ primary: true });
    const [ibp, passport] = s.templates;
    expect((await ctx.api.get('/api/v1/kyc/template_ids/', s.as)).body).toEqual([
      { id: ibp!.id, template_name: 'IBP ID' },
      { id: passport!.id, template_name: 'Passport' },
    ]);
    expect((await s.upload({ user_ids: [{ id: null, template: null }] })).body).toEqual({ id0: [msg.idRequired, msg.templateRequired], selfie: [msg.selfieRequired] });
    expect((await s.upload({ user_ids: [{ id: 'data:image/png;base64,AAAA', template: ibp!.id }], selfie })).body).toEqual({ id0: [msg.invalidImage] });
    expect((await s.upload({ user_ids: [{ id: selfie, template: ibp!.id }], selfie })).body).toEqual({ selfie: [msg.duplicateImage] });
    // A passport is not the school's primary ID: a second ID goes with it.
    expect((await s.upload({ user_ids: [{ id: idPhoto, template: passport!.id }], selfie })).body).toEqual({ id1: [msg.secondIdRequired] });
    expect((await s.upload({ user_ids: [{ id: idPhoto, template: 999_999 }], selfie })).body).toEqual({ id0: [msg.templateRequired] });
    // Nothing half-written.
    expect(await db().select().from(kycSubmissions).where(eq(kycSubmissions.userId, s.student.user.id))).toHaveLength(0);
    // Another school's id in the body, or a school without the product: nothing to find.
    expect((await ctx.api.post('/api/v1/kyc/upload/', { school: s.school.id + 1000, user_ids: [{ id: idPhoto, template: ibp!.id }], selfie }, s.as)).status).toBe(404);
    const plain = await createStudent(db());
    expect((await ctx.api.get('/api/v1/kyc/status/', { token: plain.token, host: plain.school.host })).status).toBe(404);
  });

  it('records one of two uploads sent at once, and the other is told a check is running', async () => {
    const s = await kycSchool();
    const body = { user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie };
    const answers = await Promise.all([s.upload(body), s.upload(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toMatchObject({ code: 'pending' });
    expect(await db().select().from(kycSubmissions).where(eq(kycSubmissions.userId, s.student.user.id))).toHaveLength(1);
    await s.settled();
  });

  it('hands a check that never ends to the school\'s staff', async () => {
    const s = await kycSchool();
    await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie });
    // The automatic check (a job, in any process) ends first: it would otherwise decide the submission between the
    // two statements below, and the sweep would find nothing pending.
    await s.settled();
    await db().update(kycSubmissions).set({ createdAt: new Date(Date.now() - 3_600_000), status: 'pending' }).where(eq(kycSubmissions.userId, s.student.user.id));
    await kycService(ctx.server.app).sendStaleToStaff();
    expect(await s.status()).toMatchObject({ status: 'manual' });
  });

  it('verifies a matching ID and selfie with the automatic check, which then lets the student enrol in a KYC course', async () => {
    const s = await kycSchool();
    const course = await createCourse(db(), { school: s.school, requireKyc: true });
    const enrol = () => ctx.api.post('/api/v1/student/enrollment/', { course: course.id, action: 'free' }, s.as);
    expect((await enrol()).body).toMatchObject({ code: 'incomplete_kyc' });
    const sent = await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.status).toBe('pending');
    expect(sent.body.display).toBe(msg.idPending);
    const done = await s.settled();
    expect(done).toMatchObject({ status: 'verified', complete: true, display: msg.fullyVerified, errors: {} });
    expect(done.user_ids).toEqual([expect.objectContaining({ template: s.templates[0]!.id, verified: true, submitted: true })]);
    const [id] = await db().select().from(kycIds).where(eq(kycIds.userId, s.student.user.id));
    expect(id!.score).toBeGreaterThan(0);
    expect(id!.embedding?.length).toBeGreaterThan(100);
    // The stored files are re-encoded JPEGs without metadata.
    const stored = await ctx.server.app.storage.get(id!.photoKey!, 'private');
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    // The profile carries them too (spec 1 §3).
    const profile = (await ctx.api.get('/api/v1/account/profile/', s.as)).body;
    expect(profile.user_ids).toEqual([expect.objectContaining({ template: s.templates[0]!.id, verified: true, submitted: true, new_id: false })]);
    expect(profile.selfie).toEqual(expect.any(String));
    expect((await enrol()).status).toBe(201);
    expect((await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie })).body).toMatchObject({ code: 'verified' });
    // Told by the notification job.
    await waitFor(async () => ((await db().select().from(notifications).where(eq(notifications.userId, s.student.user.id))).some((n) => n.description === 'Your ID has been verified.') || undefined));
  });

  it('checks a selfie against the verified one before studying (the lobby)', async () => {
    const s = await kycSchool();
    const lobby = (image: string) => ctx.api.post('/api/v1/kyc/verify/selfie/', { image }, s.as);
    expect((await lobby(selfie)).body).toEqual({ detail: msg.notVerifiedYet, code: 'not_verified' });
    await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie });
    await s.settled();
    expect((await lobby(dataUrl(await sharp(face).resize(640, 480, { fit: 'cover' }).jpeg().toBuffer()))).body).toEqual({ detail: msg.lobbyReady });
    expect((await lobby(blank)).body).toEqual({ detail: msg.noFaceOnSelfie, code: 'no_face' });
    expect((await lobby(dataUrl(fixture('hopper.jpg')))).body).toEqual({ detail: msg.snapshotMismatch, code: 'mismatch' });
    expect((await lobby('data:image/png;base64,AAAA')).body).toEqual({ detail: msg.invalidImage, code: 'invalid_image' });
  });

  it(`fails an ID without a face, stops automatic checks after ${KYC_RETRY_LIMIT}, and lets the school's administrator decide a manual submission`, async () => {
    const s = await kycSchool();
    const admin = await createStaff(db(), { school: s.school });
    const staff = { token: admin.token, host: s.school.host };
    for (let attempt = 1; attempt <= KYC_RETRY_LIMIT; attempt++) {
      expect((await s.upload({ user_ids: [{ id: blank, template: s.templates[0]!.id }], selfie })).status).toBe(201);
      const failed = await s.settled();
      expect(failed).toMatchObject({ status: 'failed', errors: { id0: [msg.noFaceOnId] }, failed_attempts: attempt, retry_limit_reached: attempt === KYC_RETRY_LIMIT, display: null });
      expect(failed.user_ids).toEqual([expect.objectContaining({ submitted: false, verified: false })]);
    }
    expect((await s.upload({ user_ids: [{ id: blank, template: s.templates[0]!.id }], selfie })).body).toMatchObject({ code: 'retry_limit' });
    const manual = await s.upload({ user_ids: [{ id: blank, template: s.templates[0]!.id }], selfie, submit: true });
    expect(manual.body).toMatchObject({ status: 'manual', failed_attempts: 0, retry_limit_reached: false });
    expect(manual.body.manual_locked_until).not.toBeNull();
    expect((await s.upload({ user_ids: [{ id: blank, template: s.templates[0]!.id }], selfie, submit: true })).body).toMatchObject({ code: 'manual_pending' });
    expect((await ctx.api.post('/api/v1/kyc/verify/notify/', { school: s.school.id }, s.as)).status).toBe(200);
    const told = await db().select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(told).toHaveLength(1);

    const queue = await ctx.api.get('/api/v1/kyc/submissions/?status=manual', staff);
    expect(queue.body.count).toBe(1);
    const [review] = queue.body.data;
    expect(review).toMatchObject({ mode: 'manual', status: 'manual', student: { email: s.student.user.email } });
    expect(review.selfie).toMatch(/^\/|^http/);
    expect(review.ids[0]).toMatchObject({ template: 'IBP ID' });
    // The student may not decide; another school's administrator does not see it.
    expect((await ctx.api.post(`/api/v1/kyc/submissions/${review.id}/approve/`, {}, s.as)).status).toBe(403);
    const elsewhere = await createStaff(db());
    expect((await ctx.api.post(`/api/v1/kyc/submissions/${review.id}/approve/`, {}, { token: elsewhere.token, host: elsewhere.school.host })).status).toBe(404);
    expect((await ctx.api.post(`/api/v1/kyc/submissions/${review.id}/reject/`, { reason: 'No.' }, { token: elsewhere.token, host: elsewhere.school.host })).status).toBe(404);
    // Through this school's host with the other school's administrator's token, and for another student: 404 too.
    expect((await ctx.api.post(`/api/v1/kyc/submissions/${review.id}/approve/`, {}, { token: elsewhere.token, host: s.school.host })).status).toBe(404);
    const classmate = await createStudent(db(), { school: s.school });
    expect((await ctx.api.post(`/api/v1/kyc/submissions/${review.id}/approve/`, {}, { token: classmate.token, host: s.school.host })).status).toBe(404);
    expect((await ctx.api.get('/api/v1/kyc/submissions/', { token: classmate.token, host: s.school.host })).status).toBe(403);
    expect((await ctx.api.post(`/api/v1/kyc/submissions/${review.id}/reject/`, { reason: ' ' }, staff)).body).toEqual({ reason: [msg.reasonRequired] });
    const approved = await ctx.api.post(`/api/v1/kyc/submissions/${review.id}/approve/`, {}, staff);
    expect(approved.body).toMatchObject({ status: 'verified' });
    expect((await ctx.api.post(`/api/v1/kyc/submissions/${review.id}/reject/`, { reason: 'Blurred.' }, staff)).body).toMatchObject({ code: 'decided' });
    expect(await s.status()).toMatchObject({ status: 'verified', complete: true });
    // The approved selfie is described, for the snapshots to be compared with.
    const [approvedRow] = await db().select().from(kycSubmissions).where(eq(kycSubmissions.id, review.id));
    expect(approvedRow).toMatchObject({ selfieFaces: 1, reviewedBy: admin.user.id });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.subjectType, 'kyc_submission'), eq(auditLog.subjectId, review.id)))).toMatchObject([
      { actorId: admin.user.id, action: 'kyc.review', changes: { status: { before: 'manual', after: 'verified' } } },
    ]);
    expect(approvedRow!.selfieEmbedding?.length).toBeGreaterThan(100);
  });

  it('tells a rejected student why', async () => {
    const s = await kycSchool();
    const admin = await createStaff(db(), { school: s.school });
    await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie, submit: true });
    const [submission] = await db().select().from(kycSubmissions).where(eq(kycSubmissions.userId, s.student.user.id));
    expect((await ctx.api.post(`/api/v1/kyc/submissions/${submission!.id}/reject/`, { reason: 'The ID has expired.' }, { token: admin.token, host: s.school.host })).body).toMatchObject({ status: 'rejected', reason: 'The ID has expired.' });
    expect(await s.status()).toMatchObject({ status: 'rejected', reason: 'The ID has expired.', complete: false, display: null });
    // Manual verification again only after 3 days; the automatic check at once.
    expect((await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie, submit: true })).body).toMatchObject({ code: 'manual_locked' });
    expect((await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie })).status).toBe(201);
    await waitFor(async () => ((await db().select().from(notifications).where(eq(notifications.userId, s.student.user.id))).some((n) => n.description === 'Your ID was not verified: The ID has expired.') || undefined));
  });
});

describe('study snapshots', () => {
  async function studying(durationMinutes: number | null = null) {
    const s = await kycSchool();
    const course = await createCourse(db(), { school: s.school, enableKyl: true, durationMinutes });
    const [lesson] = await createOutline(db(), course, [{ type: 'html', content: '<p>Read</p>' }, { type: 'html', content: '<p>More</p>' }]);
    const enrolment = await createEnrolment(db(), { student: s.student, course, status: 'free' });
    const snap = (image: string, as = s.as, courseId = course.id) => ctx.api.post('/api/v1/kyc/upload/snapshot/', { image, course_id: courseId }, as);
    return { ...s, course, enrolment, lesson: lesson!, snap };
  }

  it('records every snapshot, passes one face matching the verified selfie, and says when no face is seen', async () => {
    const s = await studying();
    expect((await s.snap(selfie)).body).toMatchObject({ result: 'unverified', score: null, time_left: null });
    await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie });
    await s.settled();
    const match = await s.snap(dataUrl(await sharp(face).resize(640, 480, { fit: 'cover' }).jpeg().toBuffer()));
    expect(match.status, match.text).toBe(201);
    expect(match.body.result).toBe('match');
    expect((await s.snap(blank)).body).toEqual({ detail: msg.noFaceSnapshot, code: 'no_face' });
    // Nothing moves while the session is paused; a passing snapshot resumes it.
    await ctx.api.get(`/api/v1/coursewares/${s.lesson.id}/`, s.as);
    expect((await ctx.api.post(`/api/v1/coursewares/${s.lesson.id}/complete/`, {}, s.as)).body).toEqual({ detail: msg.sessionPaused, code: 'session_paused' });
    expect((await ctx.api.post('/api/v1/progress/', { courseware_id: s.lesson.id, seconds: 1 }, s.as)).body).toMatchObject({ code: 'session_paused' });
    expect((await s.snap(selfie)).body.result).toBe('match');
    expect((await ctx.api.post(`/api/v1/coursewares/${s.lesson.id}/complete/`, {}, s.as)).status).toBe(200);
    const twice = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#888' } })
      .composite([
        { input: await sharp(face).resize(512, 512).toBuffer(), left: 40, top: 44 },
        { input: await sharp(face).resize(512, 512).toBuffer(), left: 640, top: 44 },
      ])
      .jpeg()
      .toBuffer();
    expect((await s.snap(dataUrl(twice))).body).toMatchObject({ code: 'many_faces' });
    expect((await s.snap('data:image/png;base64,AAAA')).body).toEqual({ detail: msg.invalidImage, code: 'invalid_image' });
    expect((await s.snap('not an image')).status).toBe(400);
    const rows = await db().select().from(kycSnapshots).where(eq(kycSnapshots.userId, s.student.user.id));
    expect(rows.map((r) => r.result).sort()).toEqual(['many_faces', 'match', 'match', 'no_face', 'unverified']);

    // The staff's evidence: the timeline with its pauses, the course's flagged sessions, the records export.
    const admin = await createStaff(db(), { school: s.school });
    const staff = { token: admin.token, host: s.school.host };
    const timeline = (await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/identity/`, staff)).body;
    expect(timeline.decisions).toEqual([expect.objectContaining({ mode: 'automatic', status: 'verified' })]);
    expect(timeline.snapshots.map((x: { result: string }) => x.result)).toEqual(['unverified', 'match', 'no_face', 'match', 'many_faces']);
    expect(timeline.snapshots[1].score).toBeGreaterThanOrEqual(0.7);
    expect(timeline.snapshots[2].image).toEqual(expect.any(String));
    expect(timeline.pauses).toEqual([
      { from: timeline.snapshots[2].taken_at, to: timeline.snapshots[3].taken_at, reason: 'no_face' },
      { from: timeline.snapshots[4].taken_at, to: null, reason: 'many_faces' },
    ]);
    expect(timeline.progress).toEqual([expect.objectContaining({ completed_at: expect.any(String) })]);
    const flags = (await ctx.api.get(`/api/v1/courses/${s.course.id}/identity-flags/`, staff)).body;
    expect(flags).toEqual([expect.objectContaining({ enrollment_id: s.enrolment.id, no_face: 1, many_faces: 1, mismatch: 0 })]);
    const csv = (await ctx.api.get(`/api/v1/courses/${s.course.id}/records.csv`, staff)).text;
    expect(csv).toMatch(/verified \(automatic [^)]+\),5,2/);
    // Not for the student, an instructor, nor another school's staff.
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/identity/`, s.as)).status).toBe(403);
    const instructor = await createStaff(db(), { school: s.school, role: 'IN' });
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/identity/`, { token: instructor.token, host: s.school.host })).status).toBe(403);
    const elsewhere = await createStaff(db());
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/identity/`, { token: elsewhere.token, host: elsewhere.school.host })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/courses/${s.course.id}/identity-flags/`, { token: elsewhere.token, host: elsewhere.school.host })).status).toBe(404);
  });

  it('gives a timed course back the time its session stood paused by a failed snapshot, its clock standing still meanwhile', async () => {
    const s = await studying(60);
    const started = new Date(Date.now() - 30 * 60_000);
    await db().update(enrollments).set({ attemptStartedAt: started }).where(eq(enrollments.id, s.enrolment.id));
    expect((await s.snap(blank)).status).toBe(400);
    await db().update(enrollments).set({ snapshotPausedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(enrollments.id, s.enrolment.id));
    // Paused ten minutes ago, twenty into the hour: the clock reads forty minutes left, and the page's timer
    // reaching zero meanwhile does not end the attempt.
    const left = async () => (await ctx.api.get(`/api/v1/courses/${s.course.id}/`, s.as)).body.attempt.time_left as number;
    expect(await left()).toBeGreaterThan(40 * 60 - 5);
    expect(await left()).toBeLessThanOrEqual(40 * 60);
    expect((await ctx.api.post(`/api/v1/courses/${s.course.id}/end/`, {}, s.as)).body.attempt).toMatchObject({ ended: false });
    const passed = await s.snap(selfie);
    expect(passed.status).toBe(201);
    expect(passed.body.time_left).toBeGreaterThan(40 * 60 - 5);
    expect(passed.body.time_left).toBeLessThanOrEqual(40 * 60);
    const [row] = await db().select().from(enrollments).where(eq(enrollments.id, s.enrolment.id));
    expect(row!.snapshotPausedAt).toBeNull();
    expect(row!.attemptStartedAt!.getTime() - started.getTime()).toBeGreaterThan(9.9 * 60_000);
    expect(row!.attemptStartedAt!.getTime() - started.getTime()).toBeLessThan(10.5 * 60_000);
  });

  it("answers 404 for a course the student is not enrolled in, and for another student's", async () => {
    const s = await studying();
    const other = await createStudent(db(), { school: s.school });
    expect((await s.snap(selfie, { token: other.token, host: s.school.host })).status).toBe(404);
    const elsewhere = await createCourse(db(), { enableKyl: true });
    expect((await s.snap(selfie, s.as, elsewhere.id)).status).toBe(404);
    const plain = await createCourse(db(), { school: s.school });
    await createEnrolment(db(), { student: s.student, course: plain, status: 'free' });
    expect((await s.snap(selfie, s.as, plain.id)).body).toEqual({ detail: msg.noSnapshots, code: 'no_snapshots' });
  });

  it('records 50 snapshots of one session sent at once, without a server error', async () => {
    const s = await studying();
    const image = dataUrl(await sharp(face).resize(640, 480, { fit: 'cover' }).jpeg().toBuffer());
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.snap(image)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect(await db().select().from(kycSnapshots).where(eq(kycSnapshots.userId, s.student.user.id))).toHaveLength(50);
  });
});

describe('retention', () => {
  it("removes photos past the school's retention period and keeps the embeddings", async () => {
    const s = await kycSchool();
    await s.upload({ user_ids: [{ id: idPhoto, template: s.templates[0]!.id }], selfie });
    await s.settled();
    await db().update(schools).set({ kycRetentionDays: 1 }).where(eq(schools.id, s.school.id));
    await db().update(kycSubmissions).set({ decidedAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(kycSubmissions.userId, s.student.user.id));
    const [before] = await db().select().from(kycIds).where(eq(kycIds.userId, s.student.user.id));
    expect(await kycService(ctx.server.app).forgetExpiredPhotos()).toBeGreaterThan(0);
    const [after] = await db().select().from(kycIds).where(eq(kycIds.userId, s.student.user.id));
    expect(after).toMatchObject({ photoKey: null, verifiedAt: before!.verifiedAt });
    expect(after!.embedding).toEqual(before!.embedding);
    expect(await ctx.server.app.storage.get(before!.photoKey!, 'private')).toBeNull();
    expect(await s.status()).toMatchObject({ complete: true, selfie: null });
  });
});

describe("the administrators' bell", () => {
  it('names the learner who sent IDs as text: markup in a name comes back escaped, never a link', async () => {
    const s = await kycSchool();
    const admin = await createStaff(db(), { school: s.school });
    await db().update(users).set({ lastName: '<a href="https://evil.example/">y</a>' }).where(eq(users.id, s.student.user.id));
    await db().insert(kycSubmissions).values({ schoolId: s.school.id, userId: s.student.user.id, mode: 'manual', status: 'manual' });
    expect((await ctx.api.post('/api/v1/kyc/verify/notify/', { school: s.school.id }, s.as)).status).toBe(200);
    const bell = await ctx.api.get('/api/v1/notifications/', { token: admin.token, host: s.school.host });
    expect(bell.body.data).toMatchObject([{ kind: 'kyc', link: '/staff/id-verification', description: 'Test &lt;a href="https://evil.example/"&gt;y&lt;/a&gt; sent IDs for manual verification.' }]);
  });
});

/** The viewer cookie a signed-in API answer left (`name=value`). */
const viewerCookieOf = (res: { headers: Record<string, string | string[] | undefined> }) => {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${VIEWER_COOKIE}=`));
  expect(set).toMatch(/; HttpOnly; SameSite=Strict/);
  return set!.split(';')[0]!;
};

describe('photo addresses', () => {
  it('last five minutes and open only in the browser of the administrator they were made for', async () => {
    const login = await ctx.api.post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD });
    const queue = await ctx.api.get('/api/v1/kyc/submissions/?status=manual', { token: login.body.token, host: 'demo.localhost' });
    const photo = new URL(queue.body.data.find((r: { student: { email: string } }) => r.student.email === 'verifying@example.com').ids[0].photo, ctx.server.url);
    expect(Number(photo.searchParams.get('expires')) - Date.now() / 1000).toBeCloseTo(300, -1);
    expect(photo.searchParams.get('viewer')).toBe(String(login.body.id));
    const open = async (url: URL | string, cookie?: string) => {
      const res = await fetch(url, { headers: cookie ? { cookie } : {} });
      await res.arrayBuffer();
      return res.status;
    };
    const mine = viewerCookieOf(queue);
    expect(await open(photo, mine)).toBe(200);
    // The address alone, sent on to somebody else, opens nothing: neither without the cookie nor with theirs.
    expect(await open(photo)).toBe(403);
    const other = await createStudent(db());
    const theirs = viewerCookieOf(await ctx.api.get('/api/v1/notifications/', { token: other.token, host: other.school.host }));
    expect(await open(photo, theirs)).toBe(403);
    expect(await open(photo, mine.replace(/\.[^.]+$/, '.forged-forged-forged-forged-forged-forged-abc'))).toBe(403);
    // Unbinding it breaks its signature.
    expect(await open(photo.href.replace(/&viewer=\d+/, ''), mine)).toBe(403);
    const late = storageFromConfig(ctx.server.app.config, { now: () => Date.now() - 301_000 });
    const expired = await late.signedUrl(decodeURIComponent(photo.pathname.replace('/media/private/', '')), { expiresIn: 300, viewer: login.body.id });
    expect(await open(new URL(expired, ctx.server.url), mine)).toBe(403);
    // A cookie is sent again only once half of it is spent, or for another user.
    expect((await ctx.api.get('/api/v1/kyc/submissions/?status=manual', { token: login.body.token, host: 'demo.localhost', headers: { cookie: mine } })).headers['set-cookie']).toBeUndefined();
  });
});

describe('the demo', () => {
  it("puts verifying's IBP ID and selfie in Juris Academy's review queue, its photos private", async () => {
    const login = await ctx.api.post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD });
    const queue = await ctx.api.get('/api/v1/kyc/submissions/?status=manual', { token: login.body.token, host: 'demo.localhost' });
    const review = queue.body.data.find((r: { student: { email: string } }) => r.student.email === 'verifying@example.com');
    expect(review).toMatchObject({ mode: 'manual', status: 'manual', ids: [{ template: 'IBP ID' }] });
    const cookie = viewerCookieOf(queue);
    for (const address of [review.selfie, review.ids[0].photo]) {
      const res = await fetch(new URL(address, ctx.server.url), { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      // Read to the end: an unread body keeps its connection busy, and the server's close waits for it.
      expect([...new Uint8Array(await res.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    }
    const hidden = await fetch(new URL('/media/seed/private/kyc/selfie.jpg', ctx.server.url));
    await hidden.arrayBuffer();
    expect(hidden.status).toBe(404);
  });
});
