import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SNAPSHOT_DELAY_MS, kycMessages as msg } from '@school/shared/kyc/rules';
import { enrollments, kycSnapshots } from '../apps/server/src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, waitFor } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { dialog, visible } from './support/ui';

const camera = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);
/** The face engine loads its models with the first check: allow for it on a shared machine. */
const CHECK_MS = 60_000;
const playerPath = (slug: string, id: number) => `/course/${slug}/module/${id}`;

/** A course with random photo validation (enable_kyl) of two readings, and a student enrolled in it. */
async function studying(app: E2eApp, timed: { durationMinutes?: number } = {}) {
  const db = app.server.database.db;
  const school = await createSchool(db);
  const course = await createCourse(db, { school, name: 'Legal Ethics on Camera', enableKyl: true, ...timed });
  const wares = await createOutline(db, course, [
    { type: 'html', name: 'Reading', content: '<p>Candour towards the court.</p>' },
    { type: 'html', name: 'Second Reading', content: '<p>Fidelity to the client.</p>' },
  ]);
  const enrolment = await createEnrolment(db, { course });
  const as = { token: enrolment.student.token, host: school.host };
  return { school, course, wares, enrolment, as };
}
type Study = Awaited<ReturnType<typeof studying>>;

/**
 * The player at the first reading, signed in as the study's student (or `token`), the GENERAL NOTICE taken as
 * accepted (player.spec goes through it); `prepare` runs on the context first.
 */
async function openPlayer(app: E2eApp, s: Study, options: { token?: string; viewport?: { width: number; height: number }; prepare?: (context: BrowserContext) => Promise<unknown> } = {}) {
  const { page, context } = await app.newPage(options.viewport ? { viewport: options.viewport } : {});
  await context.addInitScript((id) => sessionStorage.setItem(`general-notice-${id}`, 'yes'), s.course.id);
  await options.prepare?.(context);
  const to = playerPath(s.course.slug, s.wares[0]!.id);
  await page.goto(await app.signInUrl(options.token ?? s.as.token, { school: s.school.domain, redirect: to }));
  await page.waitForURL(`**${to}`);
  return page;
}

const cameraGroup = (page: Page) => page.getByRole('group', { name: 'Camera' });
const cameraSays = (page: Page, text: string) => visible(cameraGroup(page).getByRole('status').filter({ hasText: new RegExp(`^${text}$`) }));
/** The times (Date.now()) at which the page sent snapshots. */
function snapshotRequests(page: Page) {
  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/kyc/upload/snapshot/')) sent.push(Date.now());
  });
  return sent;
}
const snapshotsOf = (app: E2eApp, enrollmentId: number) =>
  app.server.database.db.select().from(kycSnapshots).where(eq(kycSnapshots.enrollmentId, enrollmentId)).orderBy(asc(kycSnapshots.id));
const snapshotCount = (app: E2eApp, enrollmentId: number, count: number) =>
  waitFor(async () => ((await snapshotsOf(app, enrollmentId)).length >= count ? snapshotsOf(app, enrollmentId) : null), CHECK_MS);
const pausedAt = async (app: E2eApp, enrollmentId: number) =>
  (await app.server.database.db.select({ at: enrollments.snapshotPausedAt }).from(enrollments).where(eq(enrollments.id, enrollmentId)))[0]!.at;

describe('snapshots with a face in the camera', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp({}, { fakeCamera: camera('face.y4m') });
  });
  afterAll(() => app.close());

  it('sends the first snapshot 2.5 s after the camera starts; pauses (by the student, a hidden tab) and resumes with a snapshot at once', { timeout: 120_000 }, async () => {
    const s = await studying(app);
    const page = await openPlayer(app, s);
    const sent = snapshotRequests(page);
    await visible(page.getByRole('heading', { level: 1, name: 'Reading' }));

    await cameraSays(page, 'Camera active');
    const activeAt = Date.now();
    expect(sent).toEqual([]);
    await waitFor(async () => sent[0], 10_000);
    // Measured from when the test saw the camera active, a little after it was.
    expect(sent[0]! - activeAt).toBeGreaterThan(FIRST_SNAPSHOT_DELAY_MS - 500);
    expect(sent[0]! - activeAt).toBeLessThan(FIRST_SNAPSHOT_DELAY_MS + 1_500);
    const [first] = await snapshotCount(app, s.enrolment.id, 1);
    // One face, and no verified selfie to compare it with: it passes unverified.
    expect(first).toMatchObject({ schoolId: s.school.id, userId: s.enrolment.student.user.id, faces: 1, result: 'unverified' });
    expect(first!.imageKey).toMatch(/^snapshots\//);
    await cameraSays(page, 'Camera active');
    expect(sent).toHaveLength(1);

    // The student's own pause: the camera goes off, the lesson is out of reach, the time limit keeps running.
    await cameraGroup(page).getByRole('button', { name: 'Pause' }).click();
    const paused = await dialog(page, 'Course paused');
    await visible(paused.getByText('The course time limit continues running', { exact: false }));
    await cameraSays(page, 'Paused');
    expect(await page.locator('main').getAttribute('inert')).not.toBeNull();
    expect(await page.locator('.camera-preview').evaluate((v: HTMLVideoElement) => v.srcObject)).toBeNull();
    await paused.getByRole('button', { name: 'Resume' }).click();
    await paused.waitFor({ state: 'hidden' });
    await cameraSays(page, 'Camera active');
    const resumedAt = Date.now();
    await waitFor(async () => sent[1], 5_000);
    expect(sent[1]! - resumedAt).toBeLessThan(1_000);
    await snapshotCount(app, s.enrolment.id, 2);
    expect(await page.locator('main').getAttribute('inert')).toBeNull();

    // Closing the modal keeps the session paused; the camera status resumes it too.
    await cameraGroup(page).getByRole('button', { name: 'Pause' }).click();
    await (await dialog(page, 'Course paused')).getByRole('button', { name: 'Close' }).click();
    await cameraSays(page, 'Paused');
    await cameraGroup(page).getByRole('button', { name: 'Resume' }).click();
    await cameraSays(page, 'Camera active');
    await snapshotCount(app, s.enrolment.id, 3);

    // A hidden tab pauses without a modal; coming back resumes, with a snapshot at once.
    const tab = (visibility: string) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { value, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, visibility);
    await tab('hidden');
    await cameraSays(page, 'Paused while the tab is hidden');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await tab('visible');
    await cameraSays(page, 'Camera active');
    await snapshotCount(app, s.enrolment.id, 4);
  });

  it("shows the server's refusal as the paused session, and a passing snapshot on Resume lets progress through and gives the paused time back", { timeout: 120_000 }, async () => {
    const s = await studying(app, { durationMinutes: 60 });
    const page = await openPlayer(app, s);
    await cameraSays(page, 'Camera active');
    await snapshotCount(app, s.enrolment.id, 1);
    const timer = page.getByRole('timer');
    expect(await timer.textContent()).toMatch(/^00:59:/);
    // As after a failed snapshot in another tab 20 minutes ago, half an hour into the attempt: the server pauses the session.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await app.server.database.db.update(enrollments).set({ attemptStartedAt: minutesAgo(30), snapshotPausedAt: minutesAgo(20) }).where(eq(enrollments.id, s.enrolment.id));

    await page.getByLabel('Mark as Complete').click();
    const paused = await dialog(page, msg.sessionPaused);
    await visible(paused.getByText('whole face is visible', { exact: false }));
    await cameraSays(page, 'Paused: no face detected');
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    // Held by the server, whose clock stands still: the page's timer stops too.
    const shown = await timer.textContent();
    await page.waitForTimeout(2_100);
    expect(await timer.textContent()).toBe(shown);

    await paused.getByRole('button', { name: 'Resume' }).click();
    await cameraSays(page, 'Camera active');
    await snapshotCount(app, s.enrolment.id, 2);
    await waitFor(async () => ((await pausedAt(app, s.enrolment.id)) === null ? true : null), CHECK_MS);
    // 60 minutes, 30 gone, 20 of them paused: the timer reads the server's 50 minutes again.
    await waitFor(async () => (/^00:(49|50):/.test((await timer.textContent()) ?? '') ? true : null), 10_000, 'the timer shows the time given back');
    await page.getByLabel('Mark as Complete').click();
    await page.waitForURL(`**${playerPath(s.course.slug, s.wares[1]!.id)}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Second Reading' }));
  });

  it('has no serious accessibility violations with the camera status, light and dark, active and paused, and fits 360 px', { timeout: 120_000 }, async () => {
    const s = await studying(app);
    const page = await openPlayer(app, s);
    await cameraSays(page, 'Camera active');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await cameraGroup(page).getByRole('button', { name: 'Pause' }).click();
    const paused = await dialog(page, 'Course paused');
    expect(await seriousViolations(page)).toEqual([]);
    // Paused with the modal closed: the dimmed lesson behind is out of reach.
    await paused.getByRole('button', { name: 'Close' }).click();
    expect(await seriousViolations(page)).toEqual([]);

    const phone = { width: 360, height: 740 };
    const small = await openPlayer(app, s, { viewport: phone });
    await cameraSays(small, 'Camera active');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await cameraGroup(small).getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);
  });
});

describe('snapshots without a face in the camera', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp({}, { fakeCamera: camera('no-face.y4m') });
  });
  afterAll(() => app.close());

  it('pauses the session with its modal, and the server refuses progress until a snapshot passes', { timeout: 120_000 }, async () => {
    const s = await studying(app);
    const page = await openPlayer(app, s);
    const paused = await dialog(page, msg.sessionPaused);
    await visible(paused.getByText('not used by other software', { exact: false }));
    await cameraSays(page, 'Paused: no face detected');
    expect(await page.locator('main').getAttribute('inert')).not.toBeNull();
    const [snapshot] = await snapshotCount(app, s.enrolment.id, 1);
    expect(snapshot).toMatchObject({ faces: 0, result: 'no_face' });
    expect(await pausedAt(app, s.enrolment.id)).not.toBeNull();

    const api = client(app.server.url);
    const progress = await api.post('/api/v1/progress/', { courseware_id: s.wares[0]!.id, seconds: 1 }, s.as);
    expect(progress.status).toBe(403);
    expect(progress.body).toEqual({ detail: msg.sessionPaused, code: 'session_paused' });
    const complete = await api.post(`/api/v1/coursewares/${s.wares[0]!.id}/complete/`, {}, s.as);
    expect(complete.status).toBe(403);
    expect(complete.body.code).toBe('session_paused');

    // Resume tries again at once; still no face, so the modal comes back.
    await paused.getByRole('button', { name: 'Resume' }).click();
    await snapshotCount(app, s.enrolment.id, 2);
    await visible((await dialog(page, msg.sessionPaused)).getByRole('button', { name: 'Resume' }));
    await cameraSays(page, 'Paused: no face detected');
  });
});

describe('snapshots without a camera', () => {
  let app: E2eApp;
  beforeAll(async () => {
    // No fake camera: Chromium has no video device to give.
    app = await startApp();
  });
  afterAll(() => app.close());

  it("blocks with 'Video Device Inaccessible' and leaves the course when closed", { timeout: 120_000 }, async () => {
    const s = await studying(app);
    const page = await openPlayer(app, s);
    const blocked = await dialog(page, 'Video Device Inaccessible');
    await visible(blocked.getByText('cannot go on without a camera', { exact: false }));
    await cameraSays(page, 'Paused: camera unavailable');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForURL(`**/course/${s.course.slug}`);

    // A browser without camera support at all says so.
    const unsupported = await openPlayer(app, s, {
      prepare: (context) =>
        context.addInitScript(() => {
          Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });
        }),
    });
    const modal = await dialog(unsupported, 'Video Device Inaccessible');
    await visible(modal.getByText('This browser cannot use a camera on this page.', { exact: false }));
    await modal.getByRole('button', { name: 'Try Again' }).click();
    await visible((await dialog(unsupported, 'Video Device Inaccessible')).getByRole('button', { name: 'Exit' }));
    expect(await snapshotsOf(app, s.enrolment.id)).toEqual([]);
  });

  it("takes no snapshots of the school's staff previewing the course", async () => {
    const s = await studying(app);
    const staff = await createStaff(app.server.database.db, { school: s.school });
    const page = await openPlayer(app, s, { token: staff.token });
    await visible(page.getByRole('heading', { level: 1, name: 'Reading' }));
    expect(await cameraGroup(page).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
