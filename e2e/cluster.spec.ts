import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { certificates, enrollments, outboxMessages, paymentTransactions, students, users } from '../apps/server/src/db/schema/index';
import { createCourse, createOutline, createSchool, createStudent, linkIn, unique, waitFor } from '../apps/server/test/support/factories';
import { startCluster, type Cluster } from '../apps/server/test/support/cluster';
import { client } from '../apps/server/test/support/http';
import { launchChromium } from './support/app';
import { dialog, login, signUp, visible } from './support/ui';

const databaseUrl = process.env.CLUSTER_DATABASE_URL;

/**
 * The site in Chromium through nginx in front of three server processes on one PostgreSQL database and one S3
 * bucket (README: Running in production; the API side is apps/server/test/cluster.api.test.ts). The test command
 * gives it the PostgreSQL it starts; without one it is skipped.
 */
describe.skipIf(!databaseUrl)('the site through nginx in front of three processes', { timeout: 120_000 }, () => {
  let cluster: Cluster;
  let database: Database;
  let browser: Browser;
  beforeAll(async () => {
    // The bell asks every second (30 by default), so an arrival shows within a second or two.
    cluster = await startCluster(databaseUrl!, { env: { WEB_DIST_DIR: path.resolve(import.meta.dirname, '../apps/web/dist'), NOTIFICATION_POLL_SECONDS: '1' } });
    database = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: '', inMemory: false });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await database?.close();
    await cluster?.close();
  });

  /** A page that notes which process answered each of its API calls, and every answer of 500 or more. */
  async function watchedPage() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const upstreams: string[] = [];
    const failed: string[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/v1/')) return;
      upstreams.push(response.headers()['x-upstream'] ?? '');
      if (response.status() >= 500) failed.push(`${response.status()} ${response.url()}`);
    });
    return { context, page, upstreams, failed };
  }

  it("serves a signed-in student's pages from every process, and a forum answer written through one reaches the bell", async () => {
    const db = database.db;
    const school = await createSchool(db);
    const [asker, answerer] = [await createStudent(db, { school }), await createStudent(db, { school })];
    const as = (token: string) => ({ token, host: school.host });
    const [p0, p1] = cluster.processes;
    const asked = await client(p0!.url).post('/api/v1/forums/questions/', { title: 'Is notarial work MCLE-exempt?', description: 'Asking for a friend.', tags: 'notarial', school: school.id }, as(asker.token));
    expect(asked.status, asked.text).toBe(201);
    const code = await client(cluster.url).post('/api/v1/auth/sign-in-codes/', {}, as(asker.token));
    expect(code.status, code.text).toBe(201);

    const { context, page, upstreams, failed } = await watchedPage();
    try {
      const origin = `http://${school.host}:${cluster.port}`;
      await page.goto(`${origin}/auth/${code.body.code}?redirect=${encodeURIComponent(`/forums/topic/${asked.body.id}`)}`);
      await visible(page.getByRole('heading', { name: 'Is notarial work MCLE-exempt?' }));
      await visible(page.getByRole('button', { name: 'Notifications', exact: true }));
      // The page's own calls went to more than one process, and every one worked.
      expect(new Set(upstreams.filter(Boolean)).size).toBeGreaterThan(1);

      const answered = await client(p1!.url).post('/api/v1/forums/answers/', { question: asked.body.id, answer_text: 'No, it is not.' }, as(answerer.token));
      expect(answered.status, answered.text).toBe(201);
      await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }), 15_000);
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      await visible(page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: /answered your question Is notarial work MCLE-exempt\?/ }));
      // The answer was written through p1; the bell's calls went through nginx to whichever process.
      expect(new Set(upstreams.filter(Boolean)).size).toBe(3);
      expect(failed).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signs a new student up, verifies, logs in, pays with the callback on another process, finishes a free course and shows its one certificate from S3', { timeout: 180_000 }, async () => {
    const db = database.db;
    const school = await createSchool(db);
    const paid = await createCourse(db, { school, name: 'Legal Writing for the Bar', fee: 112_000 });
    const free = await createCourse(db, { school, name: 'Court Etiquette' });
    await createOutline(db, paid, [{ type: 'html', content: '<p>Write plainly.</p>' }]);
    const [lesson] = await createOutline(db, free, [{ type: 'html', name: 'Reading: the courtroom', content: '<p>Rise when the judge enters.</p>' }]);
    const origin = `http://${school.host}:${cluster.port}`;
    const username = unique('cl');
    const email = `${username}@example.com`;
    const { context, page, upstreams, failed } = await watchedPage();
    try {
      // Sign-up: the human check's challenge and its answer may each reach a different process.
      await page.goto(origin);
      await signUp(page, username, email, 'secret123');
      await dialog(page, "You're almost there!");
      await page.waitForURL('**/student/profile', { timeout: 15_000 });

      // The mail leaves once, though two processes work jobs; its link is the school's address through nginx.
      const mailTo = () => db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email));
      const [mail] = await waitFor(async () => ((await mailTo()).length ? mailTo() : null), 15_000, 'the verification mail');
      const link = linkIn(mail!.text);
      expect(link.origin).toBe(origin);
      await page.goto(link.toString());
      await page.waitForURL('**/student/profile?verified=1');
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${origin}/`);
      await login(page, username, 'secret123');
      await visible(page.getByRole('button', { name: /^Account menu/ }));
      expect(await mailTo()).toHaveLength(1);

      // The basic profile that buying needs, over the API through nginx.
      const [user] = await db.select().from(users).where(eq(users.username, username));
      const [student] = await db.select().from(students).where(eq(students.userId, user!.id));
      const token = (await client(cluster.url).post('/api/v1/api-token-auth/', { username, password: 'secret123' }, { host: school.host })).body.token as string;
      const profile = await client(cluster.url).put(
        `/api/v1/students/${student!.id}/`,
        { first_name: 'Maria', middle_name: ' ', last_name: 'Santos', mobile_number: '9170000000', country_code: '63', birthday: '1990-01-01', gender: 'F', type: 'P' },
        { token, host: school.host },
      );
      expect(profile.status, profile.text).toBe(200);

      // Paying: the process that starts the payment is taken out and stopped before the payer pays, so the
      // gateway's callback, sent through nginx, can only reach another.
      await page.goto(`${origin}/course/payment/${paid.slug}`);
      await page.getByRole('radio', { name: 'Online Banking' }).check();
      await page.getByLabel('Select Bank').selectOption({ label: 'BPI Online' });
      const [started] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/v1/payment/process/') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Purchase Course' }).click(),
      ]);
      expect(started.status()).toBe(201);
      await page.waitForURL('**/sandbox/checkout/**');
      await visible(page.getByText('Sandbox checkout — no real money'));
      const payer = cluster.processes.find((p) => started.headers()['x-upstream'] === `127.0.0.1:${p.port}`)!;
      await cluster.leaveOut([payer]);
      expect(await payer.stop('SIGTERM')).toBe(0);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(`**/course/${paid.slug}?status=S`);
      await dialog(page, 'Payment Successful');
      const callbacks = cluster.requests().filter((r) => r.uri === '/api/v1/payment/callback/sandbox/');
      expect(callbacks).toHaveLength(1);
      expect(callbacks[0]).toMatchObject({ method: 'POST', status: 200 });
      expect(callbacks[0]!.upstream).not.toBe(`127.0.0.1:${payer.port}`);
      const [txn] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, user!.id));
      expect(txn!.status).toBe('Paid');
      expect(await db.select().from(enrollments).where(and(eq(enrollments.userId, user!.id), eq(enrollments.courseId, paid.id)))).toHaveLength(1);
      await payer.start();
      await cluster.leaveOut([]);

      // A free course finished in the browser: one certificate, its image and PDF straight from the bucket.
      await page.goto(`${origin}/course/${free.slug}`);
      await page.getByRole('button', { name: 'Enroll Now' }).click();
      await (await dialog(page, 'Enrollment is free!')).getByRole('button', { name: 'Proceed' }).click();
      // Leaving before the enrolment's answer would abort it in flight.
      await dialog(page, 'Enrollment Successful');
      await page.goto(`${origin}/course/${free.slug}/module/${lesson!.id}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Reading: the courtroom' }));
      await page.getByLabel('Mark as Complete').click();
      await (await dialog(page, 'Congratulations!')).getByRole('button', { name: 'View Certificates' }).click();
      await page.waitForURL('**/student/certificates');
      const card = page.locator('.account-panel').getByRole('link', { name: /Court Etiquette/ });
      await card.waitFor({ state: 'visible', timeout: 30_000 });
      await fromBucket(card.locator('img'));
      const [enrolment] = await db.select().from(enrollments).where(and(eq(enrollments.userId, user!.id), eq(enrollments.courseId, free.id)));
      const issued = () => db.select().from(certificates).where(eq(certificates.enrollmentId, enrolment!.id));
      expect(await issued()).toHaveLength(1);

      await page.goto((await card.getAttribute('href'))!);
      await visible(page.getByText(`This certificate is valid and was issued by ${school.name}.`));
      await fromBucket(page.getByRole('img', { name: 'Certificate of Maria Santos for completing Court Etiquette' }));
      const pdf = await fetch((await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href'))!);
      expect(pdf.url.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/`)).toBe(true);
      expect(pdf.status).toBe(200);
      expect((await PDFDocument.load(await pdf.arrayBuffer())).getTitle()).toBe(`Certificate ${(await issued())[0]!.code}`);

      // Every process answered some of the page's calls, and none failed, the stopped one's included.
      expect(new Set(upstreams.filter(Boolean)).size).toBe(3);
      expect(failed).toEqual([]);
      expect(await issued()).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  /** Waits for an image shown from a presigned address of the cluster's bucket. */
  async function fromBucket(image: Locator) {
    await visible(image);
    expect((await image.getAttribute('src'))!.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/`)).toBe(true);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  }
});
