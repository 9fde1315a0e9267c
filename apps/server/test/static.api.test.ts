import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { serverForFile } from './support/server';

/** A built front end in miniature: index.html and one hashed script, each with its .br and .gz. */
function fakeDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const files = {
    'index.html': Buffer.from(`<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>`),
    'assets/app-Bx7Qz1aA.js': Buffer.from(`console.log(${JSON.stringify('compressible '.repeat(200))});`),
  };
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), bytes);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(bytes));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(bytes));
  }
  return { dir, files };
}

const dist = fakeDist();
const ctx = serverForFile({ WEB_DIST_DIR: dist.dir });
afterAll(() => rmSync(dist.dir, { recursive: true, force: true }));
const script = '/assets/app-Bx7Qz1aA.js';

describe('built front end', () => {
  it('sends the brotli file to a browser that accepts br', async () => {
    const res = await ctx.api.get(script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.raw.equals(brotliCompressSync(dist.files['assets/app-Bx7Qz1aA.js']))).toBe(true);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const res = await ctx.api.get(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.raw.equals(gzipSync(dist.files['assets/app-Bx7Qz1aA.js']))).toBe(true);
  });

  it('sends the plain file when no encoding is accepted', async () => {
    const res = await ctx.api.get(script);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.raw.equals(dist.files['assets/app-Bx7Qz1aA.js'])).toBe(true);
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const res = await ctx.api.get(script, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/courses', '/index.html'])('serves index.html at %s compressed, checked on every visit', async (url) => {
    const res = await ctx.api.get(url, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.raw.equals(brotliCompressSync(dist.files['index.html']))).toBe(true);
  });

  it('answers API paths that do not exist with JSON, not the page', async () => {
    const res = await ctx.api.get('/api/v1/nothing-here', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });
});
