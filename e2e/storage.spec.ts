import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStudent } from '../apps/server/test/support/factories';
import { uploadFile } from '../apps/server/test/support/multipart';
import { startS3, type TestS3 } from '../apps/server/test/support/s3';
import { startApp, type E2eApp } from './support/app';
import { visible } from './support/ui';

let s3: TestS3;
let app: E2eApp;
beforeAll(async () => {
  s3 = await startS3();
  app = await startApp(s3.env);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

describe('files in an S3 bucket', () => {
  it('shows the logo and a new profile photo straight from the bucket, allowed by the page policy', async () => {
    const student = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#7c3aed' } }).png().toBuffer();
    const upload = await uploadFile(app.server.url, `/api/v1/users/${student.id}/`, { field: 'photo', name: 'me.png', type: 'image/png', data: png }, { token: student.token });
    expect(upload.body.photo).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/public/photos/`));

    const { page, context } = await app.newPage();
    await context.addInitScript(() => {
      for (let id = 1; id < 10; id++) sessionStorage.setItem(`announcement-seen:${id}`, '1');
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(await app.signInUrl(student.token, { redirect: '/student/profile' }));
    await page.waitForURL('**/student/profile');
    const photo = await visible(page.getByRole('img', { name: 'Profile photo' }));
    // <Image> swaps in the fallback when a picture fails: the bucket's address kept and a width mean it loaded.
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await photo.elementHandle());
    expect(await photo.getAttribute('src')).toBe(upload.body.photo);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    const logo = page.locator('.brand img');
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await logo.elementHandle());
    expect(await logo.getAttribute('src')).toBe(`${s3.endpoint}/${s3.bucket}/public/seed/demo/logo.svg`);
    expect(refused).toEqual([]);
  });
});
