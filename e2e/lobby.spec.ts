import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycMessages as msg, SELFIE_SIZE } from '@school/shared/kyc/rules';
import type { KycStatus } from '@school/shared/kyc/schemas';
import { kycSnapshots, kycTemplates } from '../apps/server/src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, waitFor } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { dialog, visible } from './support/ui';

const camera = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);
/** The face engine loads its models with the first check: allow for it on a shared machine. */
const CHECK_MS = 60_000;
const LOBBY = 'Identity verification';
const playerPath = (slug: string, id: number) => `/course/${slug}/module/${id}`;
const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;
/** The astronaut is the ID, and a mirrored copy the selfie (as kyc.api.test); the face camera shows the same astronaut. */
const astronaut = readFileSync(path.resolve(import.meta.dirname, '../apps/server/test/fixtures/faces/astronaut.jpg'));
const idPhoto = dataUrl(astronaut);
const selfie = dataUrl(await sharp(astronaut).flop().jpeg({ quality: 80 }).toBuffer());

/**
 * A school with the kyc product and an ID kind, a course there with snapshots (enable_kyl) and a student enrolled;
 * `verified` puts the student's ID and selfie through the automatic check first.
 */
async function studying(app: E2eApp, { verified }: { verified: boolean }) {
  const db = app.server.database.db;
  const school = await createSchool(db, { products: { kyc: true } });
  const [template] = await db.insert(kycTemplates).values({ schoolId: school.id, templateName: 'IBP ID' }).returning();
  const course = await createCourse(db, { school, name: 'Legal Ethics on Camera', enableKyl: true });
  const wares = await createOutline(db, course, [{ type: 'html', name: 'Reading', content: '<p>Candour towards the court.</p>' }]);
  const enrolment = await createEnrolment(db, { course });
  const as = { token: enrolment.student.token, host: school.host };
  if (verified) {
    const api = client(app.server.url);
    const sent = await api.post('/api/v1/kyc/upload/', { school: school.id, user_ids: [{ id: idPhoto, template: template!.id }], selfie }, as);
    expect(sent.status, sent.text).toBe(201);
    const status = async () => (await api.get('/api/v1/kyc/status/', as)).body as KycStatus;
    const settled = await waitFor(async () => ((await status()).status === 'pending' ? null : status()), CHECK_MS);
    expect(settled).toMatchObject({ status: 'verified', complete: true });
  }
  return { school, course, wares, enrolment, as };
}
type Study = Awaited<ReturnType<typeof studying>>;

/** A new browser session at the player, signed in as the study's student (or `token`), the GENERAL NOTICE taken as accepted. */
async function openPlayer(app: E2eApp, s: Study, options: { token?: string; viewport?: { width: number; height: number } } = {}) {
  const { page, context } = await app.newPage(options.viewport ? { viewport: options.viewport } : {});
  await context.addInitScript((id) => sessionStorage.setItem(`general-notice-${id}`, 'yes'), s.course.id);
  const to = playerPath(s.course.slug, s.wares[0]!.id);
  await page.goto(await app.signInUrl(options.token ?? s.as.token, { school: s.school.domain, redirect: to }));
  await page.waitForURL(`**${to}`);
  return page;
}

const cameraSays = (page: Page, text: string) => visible(page.getByRole('group', { name: 'Camera' }).getByRole('status').filter({ hasText: new RegExp(`^${text}$`) }));
const snapshotsOf = (app: E2eApp, enrollmentId: number) => app.server.database.db.select().from(kycSnapshots).where(eq(kycSnapshots.enrollmentId, enrollmentId)).orderBy(asc(kycSnapshots.id));
const firstSnapshot = async (app: E2eApp, enrollmentId: number) => (await waitFor(async () => ((await snapshotsOf(app, enrollmentId)).length ? snapshotsOf(app, enrollmentId) : null), CHECK_MS))[0]!;
/** The POSTs a page sends to `suffix` under /api/v1. */
function posts(page: Page, suffix: string) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/v1${suffix}`)) sent.push(request.postData() ?? '');
  });
  return sent;
}
/** The text in the lobby right under the photo taken. */
const underPhoto = (page: Page) => page.getByRole('dialog', { name: LOBBY }).locator('img[alt="Your selfie"] + [role="status"]');

describe('the lobby with a face in the camera', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp({}, { fakeCamera: camera('face.y4m') });
  });
  afterAll(() => app.close());

  it("checks a verified student's selfie before the course starts and its snapshots, once per course in a browser session", { timeout: 180_000 }, async () => {
    const s = await studying(app, { verified: true });
    const page = await openPlayer(app, s);
    const starts = posts(page, `/courses/${s.course.id}/start/`);
    const lobby = await dialog(page, LOBBY);
    await visible(lobby.getByLabel('Camera preview'));
    expect(await lobby.getByLabel('Camera preview').evaluate((v) => getComputedStyle(v).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // Neither the course's time nor its snapshots run during the check.
    expect(await page.getByRole('group', { name: 'Camera' }).count()).toBe(0);
    expect(starts).toEqual([]);

    const checked = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/kyc/verify/selfie/'));
    // 'Take selfie' waits for the live picture; click waits for it to be enabled.
    await lobby.getByRole('button', { name: 'Take selfie' }).click();
    const image = (await checked).postDataJSON().image as string;
    // 1280x720 JPEG (spec 1 §9), from the fake camera's 640x480.
    expect(await sharp(Buffer.from(image.replace(/^data:image\/jpeg;base64,/, ''), 'base64')).metadata()).toMatchObject({ format: 'jpeg', width: SELFIE_SIZE.width, height: SELFIE_SIZE.height });
    expect(await (await visible(underPhoto(page))).textContent()).toBe(msg.lobbyReady);
    const proceed = lobby.getByRole('button', { name: 'Proceed' });
    expect(await proceed.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(starts).toEqual([]);
    await proceed.click();
    await lobby.waitFor({ state: 'hidden' });

    // The snapshot session opens its own camera; its face is the verified selfie's.
    await cameraSays(page, 'Camera active');
    await visible(page.getByRole('heading', { level: 1, name: 'Reading' }));
    expect(starts).toHaveLength(1);
    expect(await firstSnapshot(app, s.enrolment.id)).toMatchObject({ faces: 1, result: 'match' });

    // The same browser session does not ask again; a new one does.
    await page.reload();
    await cameraSays(page, 'Camera active');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await dialog(await openPlayer(app, s), LOBBY);
  });

  it('has no serious accessibility violations, light and dark, before and after the check, and fits 360 px', { timeout: 180_000 }, async () => {
    const s = await studying(app, { verified: true });
    const page = await openPlayer(app, s);
    const lobby = await dialog(page, LOBBY);
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible((await dialog(page, LOBBY)).getByRole('button', { name: 'Take selfie' }));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await lobby.getByRole('button', { name: 'Take selfie' }).click();
    await visible(lobby.getByRole('button', { name: 'Proceed' }));
    expect(await seriousViolations(page)).toEqual([]);

    const phone = { width: 360, height: 740 };
    const small = await openPlayer(app, s, { viewport: phone });
    const narrow = await dialog(small, LOBBY);
    await narrow.getByRole('button', { name: 'Take selfie' }).click();
    await visible(narrow.getByRole('button', { name: 'Proceed' }));
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(small)).toEqual([]);
  });

  it('is not there for a student whose identity is not verified, nor for staff', { timeout: 120_000 }, async () => {
    const s = await studying(app, { verified: false });
    const page = await openPlayer(app, s);
    await cameraSays(page, 'Camera active');
    expect(await page.getByRole('dialog').count()).toBe(0);
    // No verified selfie to compare with.
    expect(await firstSnapshot(app, s.enrolment.id)).toMatchObject({ faces: 1, result: 'unverified' });

    const staff = await createStaff(app.server.database.db, { school: s.school });
    const preview = await openPlayer(app, s, { token: staff.token });
    await visible(preview.getByRole('heading', { level: 1, name: 'Reading' }));
    expect(await preview.getByRole('dialog').count()).toBe(0);
  });
});

describe('the lobby without a face in the camera', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp({}, { fakeCamera: camera('no-face.y4m') });
  });
  afterAll(() => app.close());

  it("says the server's refusal under the photo, with Retake, and holds the snapshots back", { timeout: 180_000 }, async () => {
    const s = await studying(app, { verified: true });
    const page = await openPlayer(app, s);
    const lobby = await dialog(page, LOBBY);
    await lobby.getByRole('button', { name: 'Take selfie' }).click();
    expect(await (await visible(underPhoto(page))).textContent()).toBe(msg.noFaceOnSelfie);
    const retake = lobby.getByRole('button', { name: 'Retake' });
    expect(await retake.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await lobby.getByRole('button', { name: 'Proceed' }).count()).toBe(0);

    // Retake shows the live picture again; an answer without a message has the spec's own.
    await retake.click();
    await visible(lobby.getByLabel('Camera preview'));
    expect(await lobby.getByRole('img', { name: 'Your selfie' }).count()).toBe(0);
    await page.route('**/api/v1/kyc/verify/selfie/', (route) => route.fulfill({ status: 502, body: '' }));
    await lobby.getByRole('button', { name: 'Take selfie' }).click();
    expect(await (await visible(underPhoto(page))).textContent()).toBe(msg.selfieUploadFailed);
    expect(await page.getByRole('group', { name: 'Camera' }).count()).toBe(0);
    expect(await snapshotsOf(app, s.enrolment.id)).toEqual([]);

    // It blocks: leaving it leaves the course.
    await lobby.getByRole('button', { name: 'Exit' }).click();
    await page.waitForURL(`**/course/${s.course.slug}`);
  });
});
