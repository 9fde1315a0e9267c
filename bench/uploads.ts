/**
 * A large tus upload through the staff console's endpoint, on local storage: a real server process (PGlite in a
 * throwaway data folder) takes BENCH_UPLOAD_MB megabytes (default 1,024) in one PATCH, streamed from memory.
 * Prints the upload's MB/s against writing the same bytes to the same disk with `fs` (goal: >= 0.5 of it), and
 * the server's peak RSS growth while it streams (goal: < 64 MB: the file never sits in memory).
 *
 *   npm run bench:uploads
 *   BENCH_UPLOAD_MB=256 npm run bench:uploads
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { startServerProcess } from './server-process';

const MB = 1024 * 1024;
const megabytes = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const total = megabytes * MB;
const host = 'demo.localhost';
// 1 MB of varied bytes, repeated: nothing on the way can shrink it.
const block = Buffer.from(Array.from({ length: MB }, (_, i) => (i * 2654435761) >>> 24));

/** `total` bytes, a block at a time, as a file read from disk would arrive. */
const bytes = () =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += MB) yield block;
    })(),
  );

/** The server's resident memory in bytes (Linux). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

function call(url: string, method: string, headers: Record<string, string>, body?: Readable | string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.request(url, { method, headers: { host, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    if (body instanceof Readable) body.pipe(request);
    else request.end(body);
  });
}

async function diskBaseline(folder: string) {
  const started = performance.now();
  await pipeline(bytes(), createWriteStream(path.join(folder, 'baseline.bin')));
  return total / MB / ((performance.now() - started) / 1000);
}

async function main() {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-uploads-'));
  const server = await startServerProcess({ DATA_DIR: path.join(folder, 'data'), MEDIA_DIR: path.join(folder, 'media'), THROTTLE_MAX: '100000000', WEB_DIST_DIR: '/nonexistent' });
  try {
    const login = await call(`${server.url}/api/v1/api-token-auth/`, 'POST', { 'content-type': 'application/json' }, JSON.stringify({ username: 'demo-admin', password: DEMO_PASSWORD }));
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
    const auth = { authorization: `Token ${(JSON.parse(login.text) as { token: string }).token}`, 'tus-resumable': '1.0.0' };
    const created = await call(`${server.url}/api/v1/staff/uploads/`, 'POST', {
      ...auth,
      'upload-length': String(total),
      'upload-metadata': `filename ${Buffer.from('bench.bin').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
    });
    if (created.status !== 201) throw new Error(`tus creation: ${created.status} ${created.text}`);

    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 50);
    const started = performance.now();
    const sent = await call(
      `${server.url}${created.headers.location}`,
      'PATCH',
      { ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(total) },
      bytes(),
    );
    const uploadRate = total / MB / ((performance.now() - started) / 1000);
    clearInterval(sampler);
    if (sent.status !== 204) throw new Error(`tus PATCH: ${sent.status} ${sent.text}`);

    const diskRate = await diskBaseline(folder);
    console.log(`tus upload of ${megabytes} MB, local storage:   ${uploadRate.toFixed(0).padStart(6)} MB/s`);
    console.log(`the same bytes written with fs:         ${diskRate.toFixed(0).padStart(6)} MB/s`);
    console.log(`upload / fs:                            ${(uploadRate / diskRate).toFixed(2).padStart(6)}   (goal >= 0.50)`);
    console.log(`server RSS growth while streaming:      ${((peak - before) / MB).toFixed(1).padStart(6)} MB   (goal < 64 MB)`);
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
