import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_RETRY_LIMIT, kycMessages as msg, SELFIE_SIZE } from '@school/shared/kyc/rules';
import type { KycStatus, KycTemplate } from '@school/shared/kyc/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import { notifications } from '../apps/server/src/db/schema/index';
import { eligibleStudent, waitFor } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { demoBrowser, signedInAt } from './support/demo-study';
import { dialog, toast, visible } from './support/ui';

const faces = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/faces');
/** The astronaut's photo is the ID; the fake camera shows the same astronaut (e2e/fixtures/face.y4m). */
const idPhoto = path.join(faces, 'astronaut.jpg');
/** A cup of coffee: no face on it. */
const facelessPhoto = path.join(faces, 'coffee.jpg');
const TAB = '/student/authenticate-id';
/** The face engine loads its models with the first check: allow for it on a shared machine. */
const CHECK_MS = 60_000;

let app: E2eApp;
beforeAll(async () => {
  app = await startApp({}, { fakeCamera: path.resolve(import.meta.dirname, 'fixtures/face.y4m') });
});
afterAll(() => app.close());

const demo = { host: 'demo.localhost' };
const api = () => client(app.server.url);
const panel = (page: Page) => page.locator('.account-panel');
/** An ID slot or the selfie step: a fieldset named by its legend. */
const group = (page: Page, name: string) => panel(page).getByRole('group', { name, exact: true });
const photoInput = (slot: Locator) => slot.getByLabel('ID Photo (PNG or JPEG)');
const tabWarning = (page: Page) => page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /Authenticate ID/ }).getByRole('img', { name: 'needs attention' });
const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

async function demoSchool() {
  return (await api().get('/api/v1/school/demo/')).body as { id: number; time_zone: string };
}

async function templateId(as: { token: string; host: string }, name: string) {
  return ((await api().get('/api/v1/kyc/template_ids/', as)).body as KycTemplate[]).find((t) => t.template_name === name)!.id;
}

/** Opens the camera, waits for its picture, and takes the selfie. */
async function takeSelfie(page: Page) {
  const selfie = group(page, 'Selfie');
  await selfie.getByRole('button', { name: 'Open Camera' }).click();
  // 'Snapshot' waits for the live picture; click waits for it to be enabled.
  await selfie.getByRole('button', { name: 'Snapshot' }).click();
  await visible(selfie.getByRole('button', { name: 'Retake' }));
}

/** Mean difference of two images' grey 64x36 thumbnails (0 to 255). */
async function difference(a: Buffer, b: Buffer) {
  const grey = (image: Buffer) => sharp(image).resize(64, 36, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  return x.reduce((sum, value, i) => sum + Math.abs(value - y[i]!), 0) / x.length;
}

describe('Authenticate ID', () => {
  it('checks the IDs and the selfie on the page, verifies an IBP ID with a webcam selfie, and moves on', { timeout: 180_000 }, async () => {
    const who = await eligibleStudent(app.server.url, demo);
    const as = { token: who.token, ...demo };
    const ibp = await templateId(as, 'IBP ID');
    const { page } = await signedInAt(app, who.token, TAB);
    await visible(panel(page).getByText(/^To verify your identity/));
    await visible(panel(page).getByText('Your IBP ID is enough on its own; any other ID needs a second ID with it.'));
    expect(await tabWarning(page).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // The page's checks (spec 1 §5), as bulleted lists under their fields; the first field in error takes the focus.
    const submit = panel(page).getByRole('button', { name: 'Submit', exact: true });
    await submit.click();
    const first = group(page, 'First ID');
    await visible(first.locator('.kyc-errors li', { hasText: msg.idRequired }));
    await visible(first.locator('.kyc-errors li', { hasText: msg.templateRequired }));
    await visible(group(page, 'Selfie').locator('.kyc-errors li', { hasText: msg.selfieRequired }));
    expect(await first.getByLabel('ID Type').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await photoInput(first).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await visible(first.getByText(msg.invalidImage));

    // A passport is not the school's primary ID: a second slot comes, and the same photo twice is refused.
    await first.getByLabel('ID Type').selectOption({ label: 'Philippine Passport' });
    const second = await visible(group(page, 'Second ID'));
    await photoInput(first).setInputFiles(idPhoto);
    await visible(first.getByRole('img', { name: 'The photo chosen for your first id' }));
    expect(await first.locator('.kyc-errors').count()).toBe(0);
    await photoInput(second).setInputFiles(idPhoto);
    await visible(second.getByText(msg.duplicateImage));
    expect(await second.getByRole('img').count()).toBe(0);
    // The IBP ID is enough alone: the second slot goes.
    await first.getByLabel('ID Type').selectOption({ label: 'IBP ID' });
    await group(page, 'Second ID').waitFor({ state: 'detached' });

    // The selfie: the live picture pauses on 'Snapshot' and resumes on 'Retake'.
    await takeSelfie(page);
    const video = panel(page).getByLabel('Camera preview');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await group(page, 'Selfie').getByRole('button', { name: 'Retake' }).click();
    await page.waitForFunction(() => !(document.querySelector('.kyc-video') as HTMLVideoElement).paused);
    await group(page, 'Selfie').getByRole('button', { name: 'Snapshot' }).click();
    expect(await group(page, 'Selfie').locator('.kyc-errors').count()).toBe(0);

    const upload = page.waitForRequest((r) => r.url().endsWith('/api/v1/kyc/upload/') && r.method() === 'POST');
    await submit.click();
    const body = (await upload).postDataJSON();
    expect(body).toMatchObject({ school: (await demoSchool()).id, submit: false, user_ids: [{ id: expect.stringMatching(/^data:image\/jpeg;base64,/), template: ibp }] });
    // 1280x720, JPEG, mirrored as the student saw it (spec 1 §9): the camera's frame is the astronaut's photo cut to 640x480.
    const selfie = Buffer.from(body.selfie.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    expect(await sharp(selfie).metadata()).toMatchObject({ format: 'jpeg', width: SELFIE_SIZE.width, height: SELFIE_SIZE.height });
    const frame = await sharp(idPhoto).resize(640, 640).extract({ left: 0, top: 0, width: 640, height: 480 }).resize(1280, 960).extract({ left: 0, top: 120, width: 1280, height: 720 }).toBuffer();
    expect(await difference(selfie, await sharp(frame).flop().toBuffer())).toBeLessThan(await difference(selfie, frame));

    // The check runs as a job: the page says so, then moves on when it ends verified (spec 1 §4).
    await visible(panel(page).getByText(/We are checking your ID and selfie now/));
    await visible(panel(page).getByText(msg.idPending));
    await visible(panel(page).getByRole('figure', { name: /First ID: IBP ID/ }).getByText('Pending', { exact: true }));
    await page.waitForURL('**/course-bundles', { timeout: CHECK_MS });
    await toast(page, msg.fullyVerified);

    await page.goto(app.origin() + TAB);
    await visible(panel(page).getByText(msg.fullyVerified));
    await visible(panel(page).getByRole('figure', { name: /First ID: IBP ID/ }).getByText('Verified', { exact: true }));
    expect(await panel(page).getByRole('button', { name: /Submit/ }).count()).toBe(0);
    await tabWarning(page).waitFor({ state: 'detached' });

    // A course that asks for verified IDs lets the student through to the Statement of Affirmation.
    const list = (await api().get(`/api/v1/schools/${(await demoSchool()).id}/courses/?search_course=${encodeURIComponent('Judicial Affidavit Rule')}`)).body.data as { slug: string }[];
    await page.goto(`${app.origin()}/course/${list[0]!.slug}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await dialog(page, 'Statement of Affirmation');
  });

  it(`fails an ID without a face ${KYC_RETRY_LIMIT} times, then sends it for manual verification and locks new submissions`, { timeout: 180_000 }, async () => {
    const who = await eligibleStudent(app.server.url, demo);
    const as = { token: who.token, ...demo };
    const school = await demoSchool();
    const ibp = await templateId(as, 'IBP ID');
    const status = async () => (await api().get('/api/v1/kyc/status/', as)).body as KycStatus;

    // The incomplete-KYC modal leads here.
    const list = (await api().get(`/api/v1/schools/${school.id}/courses/?search_course=${encodeURIComponent('Judicial Affidavit Rule')}`)).body.data as { slug: string }[];
    const { page } = await signedInAt(app, who.token, `/course/${list[0]!.slug}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await (await dialog(page, 'KYC Not Submitted')).getByRole('button', { name: 'Proceed with KYC' }).click();
    await page.waitForURL(`**${TAB}`);

    // All but the last failure through the API, as the page would send them.
    const selfie = dataUrl(await sharp(readFileSync(idPhoto)).flop().jpeg({ quality: 80 }).toBuffer());
    for (let attempt = 1; attempt < KYC_RETRY_LIMIT; attempt++) {
      const sent = await api().post('/api/v1/kyc/upload/', { school: school.id, user_ids: [{ id: dataUrl(readFileSync(facelessPhoto)), template: ibp }], selfie }, as);
      expect(sent.status, sent.text).toBe(201);
      await waitFor(async () => ((await status()).status === 'failed' ? true : null), CHECK_MS);
    }

    // What the check found is under the ID, and the kind chosen before is chosen again.
    await page.reload();
    await visible(panel(page).getByText(/^Your ID could not be verified automatically/));
    const first = group(page, 'First ID');
    await visible(first.locator('.kyc-errors li', { hasText: msg.noFaceOnId }));
    expect(await first.getByLabel('ID Type').inputValue()).toBe(String(ibp));
    await photoInput(first).setInputFiles(facelessPhoto);
    await takeSelfie(page);
    await panel(page).getByRole('button', { name: 'Submit', exact: true }).click();
    await visible(panel(page).getByText(/We are checking your ID and selfie now/));

    // The last automatic check allowed fails too: manual verification is offered instead of 'Submit'.
    const manual = panel(page).getByRole('button', { name: 'Submit for Manual Verification' });
    await manual.waitFor({ state: 'visible', timeout: CHECK_MS });
    await visible(panel(page).getByText(msg.retryLimit));
    await visible(group(page, 'First ID').locator('.kyc-errors li', { hasText: msg.noFaceOnId }));
    expect(await panel(page).getByRole('button', { name: 'Submit', exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await photoInput(group(page, 'First ID')).setInputFiles(facelessPhoto);
    await takeSelfie(page);
    const notified = page.waitForResponse((r) => r.url().endsWith('/api/v1/kyc/verify/notify/'));
    await manual.click();
    expect((await notified).status()).toBe(200);
    const after = await status();
    expect(after).toMatchObject({ status: 'manual', failed_attempts: 0, retry_limit_reached: false });
    await visible(panel(page).getByText(`${msg.manualPending} New submissions are locked until ${dateTimeIn(after.manual_locked_until!, school.time_zone)}.`));
    await visible(panel(page).getByRole('figure', { name: /First ID: IBP ID/ }).getByText('Pending', { exact: true }));
    expect(await panel(page).getByRole('button', { name: /Submit/ }).count()).toBe(0);
    // The lock is kept per user in local storage too (spec 1 §4), as the server has it.
    const stored = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('kyc-manual-lock:')).map(([, value]) => value));
    expect(stored).toEqual([after.manual_locked_until]);
    // The school's administrators are told.
    expect(await app.server.database.db.select().from(notifications).where(eq(notifications.description, 'Test Student sent IDs for manual verification.'))).not.toHaveLength(0);
  });

  it('fits a phone in dark mode with the camera open, and says what to do when the camera is blocked', { timeout: 120_000 }, async () => {
    const who = await eligibleStudent(app.server.url, demo);
    const phone = { width: 360, height: 740 };
    const { page, context } = await demoBrowser(app, phone);
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(await app.signInUrl(who.token, { redirect: TAB }));
    await page.waitForURL(`**${TAB}`);
    await page.getByRole('button', { name: 'Open Camera' }).click();
    await visible(panel(page).getByLabel('Camera preview'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close Camera' }).click();
    await visible(page.getByRole('button', { name: 'Open Camera' }));
    expect(await page.evaluate(() => document.querySelector('video')?.srcObject ?? null)).toBeNull();

    const blocked = await demoBrowser(app);
    await blocked.context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await blocked.page.goto(await app.signInUrl(who.token, { redirect: TAB }));
    await blocked.page.getByRole('button', { name: 'Open Camera' }).click();
    await visible(blocked.page.getByRole('alert').filter({ hasText: /^Camera access is blocked/ }));
  });
});
