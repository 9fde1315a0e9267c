import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localStorage } from './local';
import { assertKey, InvalidStorageKey } from './storage';

const secret = 'test-secret-key-that-is-long-enough-0123456789';
const folders: string[] = [];
const newRoot = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-storage-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('storage keys', () => {
  it.each(['photos/12-ab34.jpg', 'seed/courses/course-1.svg', 'a', 'A_b-c.d/e.f.g', '2026/11/x.pdf'])('accepts %s', (key) => {
    expect(assertKey(key)).toBe(key);
  });

  it.each(['', '/abs', '../up', 'a/../b', 'a/./b', '.env', 'a/.git/config', 'a//b', 'a/', 'a\\b', 'a b', 'caf\u00e9.jpg', 'a%2Fb', 'a?b', 'a#b', 'x'.repeat(513)])(
    'refuses %j',
    (key) => {
      expect(() => assertKey(key)).toThrow(InvalidStorageKey);
    },
  );
});

describe('local storage', () => {
  it('signs an address for a time, bound to its key', async () => {
    let now = Date.UTC(2026, 0, 1);
    const storage = localStorage({ root: newRoot(), secret, now: () => now });
    const url = new URL(await storage.signedUrl('ids/7.jpg', { expiresIn: 300 }), 'http://x');
    expect(url.pathname).toBe('/media/private/ids/7.jpg');
    const [expires, signature] = [url.searchParams.get('expires'), url.searchParams.get('signature')];
    expect(Number(expires)).toBe(now / 1000 + 300);
    expect(storage.verify('ids/7.jpg', expires, signature)).toBe(true);
    expect(storage.verify('ids/8.jpg', expires, signature)).toBe(false);
    expect(storage.verify('ids/7.jpg', String(Number(expires) + 1), signature)).toBe(false);
    expect(storage.verify('ids/7.jpg', expires, `${signature}A`)).toBe(false);
    expect(storage.verify('ids/7.jpg', undefined, signature)).toBe(false);
    expect(storage.verify('ids/7.jpg', ['1', '2'], signature)).toBe(false);
    now += 300_000;
    expect(storage.verify('ids/7.jpg', expires, signature)).toBe(true);
    now += 1000;
    expect(storage.verify('ids/7.jpg', expires, signature)).toBe(false);
    // Another installation's secret signs differently.
    expect(localStorage({ root: newRoot(), secret: `${secret}!`, now: () => now - 1000 }).verify('ids/7.jpg', expires, signature)).toBe(false);
  });

  it('binds an address to a viewer with the signature, for no longer than the viewer cookie lasts', async () => {
    const storage = localStorage({ root: newRoot(), secret });
    const url = new URL(await storage.signedUrl('ids/7.jpg', { expiresIn: 300, viewer: 12 }), 'http://x');
    const [expires, viewer, signature] = ['expires', 'viewer', 'signature'].map((name) => url.searchParams.get(name));
    expect(viewer).toBe('12');
    expect(storage.verify('ids/7.jpg', expires, signature, viewer)).toBe(true);
    expect(storage.verify('ids/7.jpg', expires, signature, '13')).toBe(false);
    expect(storage.verify('ids/7.jpg', expires, signature)).toBe(false);
    expect(storage.verify('ids/7.jpg', expires, signature, ['12', '12'])).toBe(false);
    await expect(storage.signedUrl('ids/7.jpg', { expiresIn: 3600, viewer: 12 })).rejects.toThrow(/at most/);
  });

  it('keeps public and private files in separate folders, written whole', async () => {
    const root = newRoot();
    const storage = localStorage({ root, secret });
    await storage.put('a/b.txt', Buffer.from('public'), { visibility: 'public', contentType: 'text/plain' });
    await storage.put('a/b.txt', Buffer.from('private'), { visibility: 'private', contentType: 'text/plain' });
    expect(readFileSync(path.join(root, 'public/a/b.txt'), 'utf8')).toBe('public');
    expect(readFileSync(path.join(root, 'private/a/b.txt'), 'utf8')).toBe('private');
    await storage.remove('a/b.txt');
    expect(existsSync(path.join(root, 'public/a/b.txt')) || existsSync(path.join(root, 'private/a/b.txt'))).toBe(false);
  });

  it('moves the photos of earlier versions (MEDIA_DIR/photos) into the public area', async () => {
    const root = newRoot();
    mkdirSync(path.join(root, 'photos'));
    writeFileSync(path.join(root, 'photos/1-ab.jpg'), 'jpeg');
    const storage = localStorage({ root, secret });
    expect((await storage.get('photos/1-ab.jpg', 'public'))?.toString()).toBe('jpeg');
    expect(existsSync(path.join(root, 'photos'))).toBe(false);
  });
});
