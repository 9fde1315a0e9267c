import { expect } from 'vitest';
import type { UploadStatus } from '@school/shared/staff/uploads';
import { waitFor } from './factories';
import { request, type client } from './http';

type Ctx = { server: { url: string }; api: ReturnType<typeof client> };
export type Who = { token: string; school: { host: string } };

const staff = (rest: string) => `/api/v1/staff/${rest}`;
export const tus = { 'tus-resumable': '1.0.0' };
export const metadata = (filename: string, type: string) => `filename ${Buffer.from(filename).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;
export const as = (who: Who, headers: Record<string, string> = {}) => ({ token: who.token, host: who.school.host, headers });

/** The staff console's tus uploads, as a test sends them to the file's server. */
export function tusClient(ctx: Ctx) {
  /** tus creation: answers the response and the upload's id (the Location's last segment). */
  async function create(who: Who, length: number, headers: Record<string, string> = {}) {
    const res = await request(ctx.server.url, staff('uploads/'), { method: 'POST', ...as(who, { ...tus, 'upload-length': String(length), 'upload-metadata': metadata('lecture.webm', 'video/webm'), ...headers }) });
    return { res, id: String(res.headers.location ?? '').split('/').pop()! };
  }

  const patch = (who: Who, id: string, offset: number, bytes: Buffer) =>
    request(ctx.server.url, staff(`uploads/${id}`), { method: 'PATCH', rawBody: bytes, ...as(who, { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }) });

  const settled = (who: Who, id: string) =>
    waitFor(async () => {
      const res = await ctx.api.get<UploadStatus>(staff(`uploads/${id}/`), as(who));
      return res.body.state === 'ready' || res.body.state === 'failed' ? res.body : null;
    }, 30_000, `upload ${id} probed`);

  /** A whole file sent in one PATCH, then its probe awaited: the upload as GET tells it. */
  async function upload(who: Who, bytes: Buffer, filename = 'file.bin') {
    const res = await request(ctx.server.url, staff('uploads/'), { method: 'POST', ...as(who, { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata(filename, 'application/octet-stream') }) });
    expect(res.status).toBe(201);
    const id = String(res.headers.location).split('/').pop()!;
    expect((await patch(who, id, 0, bytes)).status).toBe(204);
    return settled(who, id);
  }

  return { create, patch, settled, upload };
}
