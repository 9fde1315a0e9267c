import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import { FileStore } from '@tus/file-store';
import type { FastifyInstance } from 'fastify';
import { assertKey, InvalidStorageKey, PRIVATE_CACHE_CONTROL, publicCacheControl, type ResumableArea, type Storage, type Visibility } from './storage';
import { MAX_BOUND_LINK_SECONDS, viewerCookies, type ViewerCookies } from './viewer-cookie';

export const LOCAL_PUBLIC_PREFIX = '/media/uploads/';
export const LOCAL_PRIVATE_PREFIX = '/media/private/';

export interface LocalStorage extends Storage {
  readonly kind: 'local';
  readonly roots: Record<Visibility, string>;
  /** Who is looking, for addresses bound to a viewer. */
  readonly viewers: ViewerCookies;
  /** Whether a private address's expiry, viewer and signature are ours and still good. */
  verify(key: string, expires: unknown, signature: unknown, viewer?: unknown): boolean;
}

/**
 * Files on disk: MEDIA_DIR/public (served at /media/uploads/ with a long cache) and MEDIA_DIR/private (served
 * only at /media/private/<key>?expires=…[&viewer=…]&signature=…, an HMAC of the key, expiry and viewer made with
 * SECRET_KEY). `now` is for tests that need addresses which have already expired.
 */
export function localStorage(options: { root: string; secret: string; now?: () => number }): LocalStorage {
  const base = path.resolve(options.root);
  const roots = { public: path.join(base, 'public'), private: path.join(base, 'private') };
  const now = options.now ?? Date.now;
  prepareFolders(base, roots);
  const signingKey = createHmac('sha256', options.secret).update('storage: signed addresses').digest();
  const sign = (key: string, expires: string, viewer: string | undefined) =>
    createHmac('sha256', signingKey)
      .update(viewer === undefined ? `${key}\n${expires}` : `${key}\n${expires}\n${viewer}`)
      .digest();

  const fileFor = (key: string, visibility: Visibility) => {
    const root = roots[visibility];
    const file = path.resolve(root, assertKey(key));
    // assertKey already refuses '..' and absolute keys; this is the second lock on the same door.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKey(key);
    return file;
  };

  let resumable: ResumableArea | undefined;

  return {
    kind: 'local',
    origins: [],
    roots,
    viewers: viewerCookies({ secret: options.secret, now }),
    async put(key, data, { visibility }) {
      const file = fileFor(key, visibility);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target, then renamed: a reader sees the old file or the new one, never half of one.
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, data);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async publish(privateKey, publicKey) {
      const file = fileFor(publicKey, 'public');
      await mkdir(path.dirname(file), { recursive: true });
      // Copied beside the target, then renamed, as put writes.
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await copyFile(fileFor(privateKey, 'private'), temporary);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key, visibility) {
      try {
        return await readFile(fileFor(key, visibility));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async remove(key) {
      await Promise.all([rm(fileFor(key, 'public'), { force: true }), rm(fileFor(key, 'private'), { force: true })]);
    },
    async head(key, visibility, length) {
      const handle = await open(fileFor(key, visibility), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async toolSource(key, visibility) {
      return fileFor(key, visibility);
    },
    resumable() {
      // The tus file store writes `<id>` and its `<id>.json` in the private area: a finished upload is a private key.
      resumable ??= { store: new FileStore({ directory: roots.private }), idOf: assertKey };
      return resumable;
    },
    publicUrl(key) {
      return LOCAL_PUBLIC_PREFIX + assertKey(key);
    },
    async signedUrl(key, { expiresIn, viewer }) {
      if (viewer !== undefined && expiresIn > MAX_BOUND_LINK_SECONDS) throw new Error(`a link bound to its viewer lasts at most ${MAX_BOUND_LINK_SECONDS} s`);
      const expires = String(Math.floor(now() / 1000) + Math.max(1, Math.ceil(expiresIn)));
      const bound = viewer === undefined ? undefined : String(viewer);
      const query = `expires=${expires}${bound === undefined ? '' : `&viewer=${bound}`}`;
      return `${LOCAL_PRIVATE_PREFIX}${assertKey(key)}?${query}&signature=${sign(key, expires, bound).toString('base64url')}`;
    },
    close() {},
    verify(key, expires, signature, viewer) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return false;
      if (viewer !== undefined && (typeof viewer !== 'string' || !/^\d{1,10}$/.test(viewer))) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(key, expires, viewer);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return Number(expires) * 1000 >= now();
    },
  };
}

/** Creates both areas; uploads of earlier versions (MEDIA_DIR/photos) move into the public area once. */
function prepareFolders(base: string, roots: Record<Visibility, string>) {
  mkdirSync(roots.public, { recursive: true });
  mkdirSync(roots.private, { recursive: true });
  const legacy = path.join(base, 'photos');
  if (existsSync(legacy) && !existsSync(path.join(roots.public, 'photos'))) renameSync(legacy, path.join(roots.public, 'photos'));
}

/**
 * Serves local files: the public area as static files (ranges, ETags, a long cache), the private area only to
 * a valid signed address (403 when altered or expired, or when bound to a viewer the request's cookie does not
 * name; 404 when missing), with ranges too for video and audio.
 */
export async function localMediaRoutes(app: FastifyInstance, storage: LocalStorage) {
  await app.register(fastifyStatic, {
    root: storage.roots.public,
    prefix: LOCAL_PUBLIC_PREFIX,
    decorateReply: false,
    setHeaders: (reply, file) => reply.header('cache-control', publicCacheControl(path.relative(storage.roots.public, file).split(path.sep).join('/'))),
  });

  app.get<{ Params: { '*': string }; Querystring: { expires?: string; viewer?: string; signature?: string } }>(
    `${LOCAL_PRIVATE_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      const { expires, viewer, signature } = request.query;
      if (!storage.verify(key, expires, signature, viewer)) {
        return reply.code(403).header('cache-control', 'no-store').send({ detail: 'This link has expired or is not valid.' });
      }
      if (viewer !== undefined && storage.viewers.viewerOf(request.headers.cookie) !== Number(viewer)) {
        return reply.code(403).header('cache-control', 'no-store').send({ detail: 'This link is for another account: open it from its page while signed in.' });
      }
      const result = await send(request.raw, `/${encodeURI(assertKey(key))}`, {
        root: storage.roots.private,
        dotfiles: 'deny',
        index: false,
        cacheControl: false,
        lastModified: true,
        etag: true,
      });
      if (result.type === 'error' && result.statusCode === 416) {
        return reply.code(416).header('content-range', result.headers['Content-Range']).header('cache-control', 'no-store').send();
      }
      if (result.type !== 'file') return reply.code(404).header('cache-control', 'no-store').send({ detail: 'Not found.' });
      return reply
        .code(result.statusCode)
        .headers(result.headers as Record<string, string>)
        .header('cache-control', PRIVATE_CACHE_CONTROL)
        .send(result.stream);
    },
  );
}

/**
 * Gives signed-in API answers the viewer cookie when the browser's is missing, another user's or half spent, so
 * that the bound addresses in them open in the same browser (`api`: the scope where `request.user` is known).
 * Signing out drops it, so that the files stay closed to that browser once its user has left.
 */
export function rememberViewers(api: FastifyInstance, storage: LocalStorage) {
  api.addHook('onSend', (request, reply, payload, done) => {
    const secure = request.protocol === 'https';
    const cookie = request.routeOptions.config.signsOut ? storage.viewers.cleared(secure) : request.user ? storage.viewers.renewal(request.headers.cookie, request.user.id, secure) : null;
    if (cookie) reply.header('set-cookie', cookie);
    done(null, payload);
  });
}
