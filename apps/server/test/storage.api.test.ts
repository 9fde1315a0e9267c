import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFromConfig } from '../src/infra/storage/from-config';
import { InvalidStorageKey, type Storage } from '../src/infra/storage/storage';
import { registerStudent } from './support/factories';
import { client } from './support/http';
import { uploadFile } from './support/multipart';
import { startS3, type TestS3 } from './support/s3';
import { startServer, type TestServer } from './support/server';

/**
 * One contract, two storages: local disk (files served by our own routes) and S3 (s3rver behind a gate that
 * checks SigV4 signatures and the public-read policy, see support/s3.ts). Each runs the real server.
 */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

const backends = [
  { name: 'local disk', env: (): Record<string, string> => ({}) },
  { name: 'S3 (s3rver)', env: (): Record<string, string> => s3.env },
];

describe.each(backends)('storage on $name', ({ env }) => {
  let server: TestServer;
  let storage: Storage;
  /** The same storage with a clock an hour behind: the addresses it signs have already expired. */
  let lateStorage: Storage;
  beforeAll(async () => {
    server = await startServer(env());
    storage = server.app.storage;
    lateStorage = storageFromConfig(server.app.config, { now: () => Date.now() - 3_600_000 });
  });
  afterAll(async () => {
    lateStorage?.close();
    await server?.close();
  });

  const absolute = (url: string) => new URL(url, server.url).href;
  /** Reads every answer to the end: an unread body keeps its connection busy, and the server's close waits for it. */
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(absolute(url), { headers });
    const body = await res.arrayBuffer();
    return { status: res.status, headers: res.headers, arrayBuffer: async () => body, text: async () => Buffer.from(body).toString('utf8') };
  };
  const newKey = (name: string) => `tests/${randomBytes(6).toString('hex')}/${name}`;
  // Every byte differs from its neighbours, so a wrong range cannot pass by chance.
  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7 + (i >> 8)) % 256));

  it('puts, gets and removes, keeping the public and private areas apart', async () => {
    const key = newKey('note.txt');
    expect(await storage.get(key, 'public')).toBeNull();
    await storage.put(key, Buffer.from('first'), { visibility: 'public', contentType: 'text/plain' });
    await storage.put(key, Buffer.from('second'), { visibility: 'public', contentType: 'text/plain' });
    expect((await storage.get(key, 'public'))?.toString()).toBe('second');
    expect(await storage.get(key, 'private')).toBeNull();
    await storage.remove(key);
    expect(await storage.get(key, 'public')).toBeNull();
    await storage.remove(key);
  });

  it('serves a public file at its public address, cacheable, with its type', async () => {
    const key = newKey('pixel.svg');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
    await storage.put(key, Buffer.from(svg), { visibility: 'public', contentType: 'image/svg+xml' });
    const res = await get(storage.publicUrl(key));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(svg);
    await storage.remove(key);
    expect((await get(storage.publicUrl(key))).status).toBe(404);
  });

  it('publishes a private file under a public key with its type, the private one staying private', async () => {
    const from = newKey('upload.png');
    const to = newKey('course.png');
    await storage.put(from, Buffer.from('png bytes'), { visibility: 'private', contentType: 'application/octet-stream' });
    await storage.publish(from, to, 'image/png');
    const res = await get(storage.publicUrl(to));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/png/);
    expect(await res.text()).toBe('png bytes');
    expect(await storage.get(from, 'public')).toBeNull();
    await Promise.all([storage.remove(from), storage.remove(to)]);
  });

  it('serves a private file only through a signed address, and refuses an expired or altered one', async () => {
    const key = newKey('id-photo.jpg');
    const other = newKey('other.jpg');
    await storage.put(key, bytes, { visibility: 'private', contentType: 'image/jpeg' });
    await storage.put(other, Buffer.from('someone else'), { visibility: 'private', contentType: 'image/jpeg' });
    // Not at a public address, nor by climbing out of the public area.
    expect((await get(storage.publicUrl(key))).status).toBe(404);
    expect((await get(`/media/uploads/%2e%2e/private/${key}`)).status).not.toBe(200);

    const url = await storage.signedUrl(key, { expiresIn: 60 });
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    const expired = await lateStorage.signedUrl(key, { expiresIn: 60 });
    expect((await get(expired)).status).toBe(403);
    const signature = /(signature|X-Amz-Signature)=([^&]+)/.exec(url)!;
    const flipped = signature[2]!.startsWith('0') ? `1${signature[2]!.slice(1)}` : `0${signature[2]!.slice(1)}`;
    expect((await get(url.replace(signature[0], `${signature[1]}=${flipped}`))).status).toBe(403);
    // The signature of one file does not open another.
    expect((await get(url.replace(key, other))).status).toBe(403);
    expect((await get(url.split('?')[0]!)).status).toBe(403);
    await Promise.all([storage.remove(key), storage.remove(other)]);
  });

  it('answers a range request with 206 and the right bytes, public and private (video and audio seek so)', async () => {
    const key = newKey('lesson.webm');
    await storage.put(key, bytes, { visibility: 'public', contentType: 'video/webm' });
    await storage.put(key, bytes, { visibility: 'private', contentType: 'video/webm' });
    for (const url of [storage.publicUrl(key), await storage.signedUrl(key, { expiresIn: 60 })]) {
      const res = await get(url, { range: 'bytes=1000-1499' });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe('bytes 1000-1499/5000');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(1000, 1500))).toBe(true);
      const tail = await get(url, { range: 'bytes=4990-' });
      expect(tail.status).toBe(206);
      expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(4990))).toBe(true);
    }
    await storage.remove(key);
  });

  it('refuses keys that could escape its root or read differently on disk and in a URL', async () => {
    for (const key of ['../secret', 'a/../../secret', '/etc/passwd', 'a//b', './a', '.hidden', 'a/.env', 'a\\b', '%2e%2e/x', 'a b', '']) {
      await expect(storage.put(key, Buffer.from('x'), { visibility: 'public', contentType: 'text/plain' }), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.get(key, 'private'), key).rejects.toBeInstanceOf(InvalidStorageKey);
      expect(() => storage.publicUrl(key), key).toThrow(InvalidStorageKey);
      await expect(storage.signedUrl(key, { expiresIn: 60 }), key).rejects.toBeInstanceOf(InvalidStorageKey);
    }
  });

  it('holds the demo files under seed/ keys, shown through the school and catalogue addresses', async () => {
    const school = (await client(server.url).get('/api/v1/school/demo.localhost/')).body;
    for (const url of [school.logo, school.cover, school.how_to_video]) {
      expect(url).toMatch(/\/seed\/demo\//);
      expect((await get(url)).status, url).toBe(200);
    }
    const video = await get(school.how_to_video, { range: 'bytes=0-99' });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/webm');
    const courses = (await client(server.url).get(`/api/v1/schools/${school.id}/courses/?perpage=3`, { host: 'demo.localhost' })).body;
    const image = await get(courses.data[0].image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('lets pages load images, video and the FAQ frame from where the storage serves them', async () => {
    const csp = (await client(server.url).get('/api/v1/school/demo.localhost/')).headers['content-security-policy'] as string;
    const origin = new URL(absolute(storage.publicUrl('seed/demo/logo.svg'))).origin;
    for (const directive of ['img-src', 'media-src', 'frame-src']) {
      const sources = new RegExp(`${directive} ([^;]*)`).exec(csp)![1]!.split(' ');
      expect(sources, directive).toContain(origin === server.url ? "'self'" : origin);
    }
  });

  it('stores a profile photo by its key and shows its address; a new photo replaces it', async () => {
    const student = await registerStudent(server.url);
    const png = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#0f766e' } }).png().toBuffer();
    const first = await uploadFile(server.url, `/api/v1/users/${student.id}/`, { field: 'photo', name: 'me.png', type: 'image/png', data: png }, { token: student.token });
    expect(first.status).toBe(200);
    const [row] = await server.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, student.id), columns: { photo: true } });
    expect(row!.photo).toMatch(/^photos\/\d+-[0-9a-f]{16}\.jpg$/);
    expect(first.body.photo).toBe(storage.publicUrl(row!.photo!));
    const stored = await get(first.body.photo);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 400 });

    const second = await uploadFile(server.url, `/api/v1/users/${student.id}/`, { field: 'photo', name: 'me.png', type: 'image/png', data: png }, { token: student.token });
    expect(second.body.photo).not.toBe(first.body.photo);
    expect((await get(first.body.photo)).status).toBe(404);
    expect((await get(second.body.photo)).status).toBe(200);
  });
});
