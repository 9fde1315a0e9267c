/// <reference path="./s3rver.d.ts" />
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The server settings that store files in this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * s3rver (a local S3-compatible server) with one bucket in a temporary folder, behind a small gate on a free
 * port that adds what s3rver leaves out and real S3 does: it checks presigned URLs' SigV4 signatures (s3rver
 * checks only their expiry) and applies the bucket policy we document (anonymous reads of `public/*` only).
 */
export async function startS3(bucket = 'media'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'platform-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const backend = await s3rver.run();

  const gate = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const refuse = (reason: string) => response.writeHead(403, { 'content-type': 'text/plain' }).end(reason);
    if (url.searchParams.has('X-Amz-Signature')) {
      if (!validPresignedUrl(request.method ?? 'GET', url, request.headers.host ?? '')) return refuse('SignatureDoesNotMatch');
    } else if (!request.headers.authorization) {
      const anonymousRead = (request.method === 'GET' || request.method === 'HEAD') && url.pathname.startsWith(`/${bucket}/public/`);
      if (!anonymousRead) return refuse('AccessDenied');
    }
    const forward = http.request({ host: backend.address, port: backend.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on('error', () => response.writeHead(502).end());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;

  return {
    endpoint,
    bucket,
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY },
    async close() {
      gate.closeAllConnections();
      await new Promise((resolve) => gate.close(resolve));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * SigV4 query-string authentication, written from AWS's description rather than taken from the SDK, for a
 * request signing only the host header (what the SDK's presigner does for a GET).
 */
function validPresignedUrl(method: string, url: URL, host: string) {
  const q = url.searchParams;
  const [accessKeyId, date, region, service, terminator] = (q.get('X-Amz-Credential') ?? '').split('/');
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || accessKeyId !== ACCESS_KEY_ID || terminator !== 'aws4_request' || q.get('X-Amz-SignedHeaders') !== 'host') return false;
  const amzDate = q.get('X-Amz-Date') ?? '';
  const query = [...q.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a, av], [b, bv]) => (a! < b! ? -1 : a! > b! ? 1 : av! < bv! ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonical = [method, url.pathname, query, `host:${host}`, '', 'host', q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, date!), region!), service!), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(q.get('X-Amz-Signature') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
