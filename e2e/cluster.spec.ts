import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createSchool, createStudent } from '../apps/server/test/support/factories';
import { startCluster, type Cluster } from '../apps/server/test/support/cluster';
import { client } from '../apps/server/test/support/http';
import { launchChromium } from './support/app';
import { visible } from './support/ui';

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

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const upstreams: string[] = [];
      const failed: string[] = [];
      page.on('response', (response) => {
        if (!response.url().includes('/api/v1/')) return;
        upstreams.push(response.headers()['x-upstream'] ?? '');
        if (response.status() >= 500) failed.push(`${response.status()} ${response.url()}`);
      });
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
});
