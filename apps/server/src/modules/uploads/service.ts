import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { Upload } from '@tus/utils';
import type { LessonType } from '@school/shared/staff/courses';
import { lessonUploadKind, uploadMessages, type UploadKind, type UploadStatus } from '@school/shared/staff/uploads';
import type { Tx } from '../../db/client';
import { decodeImage } from '../../lib/decode-image';
import { invalid, notFound } from '../../lib/errors';
import { publicUrlOf } from '../../infra/storage/storage';
import type { StaffContext } from '../staff/context';
import { uploadCreationPolicy, uploadPolicy } from './policy';
import { posterFrame, probeMedia, sniff, SNIFF_BYTES } from './probe';
import { uploadKey, uploadRepository, uploadWrites, type UploadRow } from './repository';

export const PROBE_UPLOAD = 'probe-upload';
/** Where the tus protocol is spoken; an upload's address is this and its id. */
export const UPLOADS_PATH = '/api/v1/staff/uploads';
/** An upload no lesson took within this long is forgotten, and one no lesson uses any more once it is this old. */
export const UNATTACHED_HOURS = 24;

const hexId = /^[0-9a-f]{32}$/;
/** A refusal in the tus server's terms: its status and a JSON body like every other error of the API. */
/** The extension a public copy's key takes from the type its bytes were sniffed as. */
const extensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov', 'video/x-matroska': 'mkv' };

const refusal = (status_code: number, detail: string) => ({ status_code, body: JSON.stringify({ detail }) });

export function presentUpload(files: FastifyInstance['storage'], row: UploadRow): UploadStatus {
  return {
    id: row.id,
    state: row.state,
    kind: row.kind,
    filename: row.filename,
    bytes: row.bytes,
    media_seconds: row.mediaSeconds,
    width: row.width,
    height: row.height,
    poster: publicUrlOf(files, row.poster),
    problem: row.problem,
  };
}

/**
 * Resumable uploads of course media (tus 1.0 through @tus/server): the bytes stream into the private storage
 * area as they arrive; the row is written when the upload is created (inside the school's limits), the probe
 * job is sent with the last byte, and a lesson takes a ready upload of its kind.
 */
export function uploadService(app: FastifyInstance) {
  const repo = uploadRepository(app.db);
  // The tus server calls back without the Fastify request: the staff context, and the upload the route
  // authorized (tus would otherwise read the id from the whole address, query included), travel with its work.
  const requests = new AsyncLocalStorage<{ ctx: StaffContext; uploadId: string | null }>();
  const area = () => app.storage.resumable();
  const hexOf = (storeId: string) => storeId.slice(-32);
  let tus: Server | undefined;

  async function admit(upload: Upload) {
    const { ctx } = requests.getStore()!;
    const filename = upload.metadata?.filename?.trim();
    if (upload.size === undefined || upload.size === 0) throw refusal(400, uploadMessages.noLength);
    if (!filename) throw refusal(400, uploadMessages.filename);
    if (upload.size > ctx.school.uploadMaxBytes) throw refusal(413, uploadMessages.tooLarge(ctx.school.uploadMaxBytes));
    const row = { id: hexOf(upload.id), schoolId: ctx.school.id, ownerId: ctx.actor.userId, filename: filename.slice(0, 255), declaredType: (upload.metadata?.filetype ?? '').slice(0, 255), bytes: upload.size };
    if (!(await repo.insertWithinQuota(row, ctx.school.uploadQuotaBytes))) throw refusal(413, uploadMessages.quota(ctx.school.uploadQuotaBytes));
    return {};
  }

  /** The last byte is in: the upload is processing and its probe job sent, or neither. */
  async function finish(schoolId: number, id: string) {
    await app.db.transaction(async (tx) => {
      if (await uploadWrites(tx).finish(schoolId, id)) await app.jobs.send(PROBE_UPLOAD, { id }, { tx });
    });
  }

  /**
   * An upload whose last byte arrived while its finish failed (the database away a moment) stays receiving,
   * and tus will not call back again: its store says it is whole, so it is finished now.
   */
  async function finishIfWhole(row: UploadRow) {
    if (row.state !== 'receiving') return row;
    const stored = await area()
      .store.getUpload(area().idOf(uploadKey(row.id)))
      .catch(() => null);
    if (!stored || stored.size === undefined || stored.offset < stored.size) return row;
    await finish(row.schoolId, row.id);
    return (await repo.find(row.schoolId, row.id)) ?? row;
  }

  function server() {
    tus ??= new Server({
      path: UPLOADS_PATH,
      datastore: area().store,
      namingFunction: () => area().idOf(uploadKey(randomBytes(16).toString('hex'))),
      generateUrl: (_request, { path, id }) => `${path}/${hexOf(id)}`,
      // Only the upload the route authorized, whatever the address says.
      getFileIdFromRequest: () => {
        const uploadId = requests.getStore()?.uploadId;
        return uploadId ? area().idOf(uploadKey(uploadId)) : undefined;
      },
      // The console is on the school's own host: no other origin sends files.
      allowedOrigins: () => false,
      disableTerminationForFinishedUploads: true,
      onUploadCreate: (_request, upload) => admit(upload),
      onUploadFinish: async (_request, upload) => {
        await finish(requests.getStore()!.ctx.school.id, hexOf(upload.id));
        return {};
      },
    });
    return tus;
  }

  /** The mime type of a ready upload of `kind` the actor may use; else 400 on `field` with the reason. */
  async function usable(ctx: StaffContext, id: string, kind: UploadKind, field: string, what: string) {
    const row = await repo.find(ctx.school.id, id);
    if (!row || !uploadPolicy.can(ctx.actor, 'use', row)) throw invalid({ [field]: uploadMessages.unknown });
    if (row.state === 'failed') throw invalid({ [field]: uploadMessages.failed });
    if (row.state !== 'ready') throw invalid({ [field]: uploadMessages.notReady });
    if (row.kind !== kind || !row.mime) throw invalid({ [field]: uploadMessages.needs(what, kind, row.kind) });
    return row.mime;
  }

  async function visible(ctx: StaffContext, id: string, verb: 'read' | 'cancel') {
    const row = hexId.test(id) ? await repo.find(ctx.school.id, id) : null;
    if (!row) throw notFound();
    uploadPolicy.authorize(ctx.actor, verb, row);
    return row;
  }

  return {
    /** Whether the caller may create uploads at the school (checked before tus takes the request). */
    mayCreate(ctx: StaffContext) {
      uploadCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
    },

    /** The caller's own upload (or any at the school for its administrators); another's is 404. */
    mine: (ctx: StaffContext, id: string, verb: 'read' | 'cancel') => visible(ctx, id, verb),

    /**
     * Hands the raw request to tus and sends its answer; the staff context goes with it to the hooks above. A
     * refusal is sent as JSON, like every other error of the API (tus would label it text).
     */
    async handle(ctx: StaffContext, request: IncomingMessage, response: ServerResponse, uploadId: string | null) {
      const answer = await requests.run({ ctx, uploadId }, () => server().handleWeb(new NodeRequest({ req: request, res: response })));
      answer.headers.set('cache-control', 'no-store');
      // An upload given up by its sender (tus termination) loses its row too, before the sender hears so.
      if (uploadId && request.method === 'DELETE' && answer.status === 204) await repo.remove(ctx.school.id, uploadId);
      if (answer.status < 400) return sendNodeResponse(response, answer);
      const text = (await answer.text()).trim();
      const headers = new Headers(answer.headers);
      headers.delete('content-length');
      headers.set('content-type', 'application/json; charset=utf-8');
      const body = text.startsWith('{') ? text : JSON.stringify({ detail: text || 'The upload failed.' });
      await sendNodeResponse(response, new Response(request.method === 'HEAD' ? null : body, { status: answer.status, headers }));
    },

    async status(ctx: StaffContext, id: string) {
      return presentUpload(app.storage, await finishIfWhole(await visible(ctx, id, 'read')));
    },

    /**
     * The file a lesson of `type` takes from the upload (a body field: an unusable upload is 400 with its reason),
     * marked as used in the lesson's transaction.
     */
    async forLesson(ctx: StaffContext, tx: Tx, id: string, type: LessonType) {
      const wanted = lessonUploadKind[type];
      if (!wanted) throw invalid({ upload: uploadMessages.noFileForType });
      const writes = uploadWrites(tx);
      const row = await writes.find(ctx.school.id, id);
      if (!row || !uploadPolicy.can(ctx.actor, 'use', row)) throw invalid({ upload: uploadMessages.unknown });
      if (row.state === 'failed') throw invalid({ upload: uploadMessages.failed });
      if (row.state !== 'ready') throw invalid({ upload: uploadMessages.notReady });
      if (row.kind !== wanted) throw invalid({ upload: uploadMessages.wrongKind(type, row.kind) });
      await writes.attach(ctx.school.id, id);
      return { file: uploadKey(id), mediaSeconds: wanted === 'pdf' ? null : row.mediaSeconds };
    },

    /**
     * A public copy of a ready upload of `kind`, for what anybody may see: a course's image or preview video. The
     * copy's key is returned; an unusable upload is 400 on `field`. The private upload itself is left to the
     * cleanup job (it is never attached to a lesson).
     */
    async publicCopy(ctx: StaffContext, id: string, kind: 'image' | 'video', field: string, what: string) {
      const mime = await usable(ctx, id, kind, field, what);
      const key = `${kind === 'image' ? 'images' : 'previews'}/${id}.${extensions[mime] ?? 'bin'}`;
      await app.storage.publish(uploadKey(id), key, mime);
      return key;
    },

    /**
     * A private copy of a ready image upload, redrawn as a PNG at most `box` in size (a signatory's signature,
     * printed on certificates and shown to nobody else); its key is returned. An unusable upload is 400 on `field`.
     */
    async privateImage(ctx: StaffContext, id: string, folder: string, box: { width: number; height: number }, field: string, what: string) {
      await usable(ctx, id, 'image', field, what);
      const bytes = await app.storage.get(uploadKey(id), 'private');
      const drawn = bytes && (await decodeImage(bytes).resize({ ...box, fit: 'inside', withoutEnlargement: true }).png().toBuffer().catch(() => null));
      if (!drawn) throw invalid({ [field]: uploadMessages.imageUnreadable });
      const key = `${folder}/${id}.png`;
      await app.storage.put(key, drawn, { visibility: 'private', contentType: 'image/png' });
      return key;
    },

    /** The probe job: what the bytes are, and for media their length, size and a poster frame. */
    async probe(id: string) {
      const row = await repo.findForJob(id);
      if (!row || row.state !== 'processing') return;
      const key = uploadKey(id);
      const head = await app.storage.head(key, 'private', SNIFF_BYTES);
      const type = head && (await sniff(head));
      if (!type) return repo.settle(id, { state: 'failed', problem: uploadMessages.notMedia });
      if (type.kind === 'pdf') return repo.settle(id, { state: 'ready', kind: 'pdf', mime: type.mime });
      const source = await app.storage.toolSource(key, 'private');
      const media = await probeMedia(source);
      const timed = type.kind !== 'image';
      if (!media || (timed && !media.seconds) || (type.kind === 'video' && !media.hasVideo && !media.hasAudio)) {
        return repo.settle(id, { state: 'failed', kind: type.kind, mime: type.mime, problem: uploadMessages.unreadable });
      }
      // An MP4 with sound only is an audio file, whatever its container says.
      const kind = type.kind === 'video' && !media.hasVideo ? 'audio' : type.kind;
      let poster: string | null = null;
      if (kind === 'video') {
        const frame = await posterFrame(source, Math.min(1, media.seconds! / 2));
        if (frame) {
          poster = `posters/${id}.jpg`;
          await app.storage.put(poster, frame, { visibility: 'public', contentType: 'image/jpeg' });
        }
      }
      await repo.settle(id, { state: 'ready', kind, mime: type.mime, mediaSeconds: timed ? media.seconds : null, width: media.width, height: media.height, poster });
    },

    /**
     * Forgets uploads no lesson took within UNATTACHED_HOURS, and those no lesson uses any more: their bytes,
     * poster and row, so that their room is the school's again.
     */
    async forgetUnused(now = new Date()) {
      const before = new Date(now.getTime() - UNATTACHED_HOURS * 3600_000);
      const rows = await repo.unusedBefore(before, 100);
      for (const row of rows) {
        // The row first, and only while still unused: then nothing can point at the bytes removed next.
        if (!(await repo.removeUnused(row.schoolId, row.id, before))) continue;
        await area()
          .store.remove(area().idOf(uploadKey(row.id)))
          .catch((error: { status_code?: number }) => {
            // Created but never written (the store refused it): nothing to remove.
            if (error.status_code !== 404) throw error;
          });
        if (row.poster) await app.storage.remove(row.poster);
      }
      return rows.length;
    },
  };
}
