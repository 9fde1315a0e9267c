/**
 * Stored files (uploads, the demo's assets, later ID photos and certificates) behind one interface: local disk
 * (MEDIA_DIR) or S3-compatible object storage. The database keeps keys such as `photos/12-ab34.jpg`, never
 * addresses; presenters turn a key into an address with `publicUrl` (public files) or `signedUrl` (private
 * files, for a short time).
 */
import type { DataStore } from '@tus/utils';

export type Visibility = 'public' | 'private';

/** Where resumable (tus) uploads are written: straight into the private area, as they arrive. */
export interface ResumableArea {
  readonly store: DataStore;
  /** The store's id for a private key such as `uploads/<id>`. */
  idOf(key: string): string;
}

export interface PutOptions {
  /** public: anyone with the address, cacheable; private: only through a signed, expiring address. */
  visibility: Visibility;
  contentType: string;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Origins other than the site's own that addresses may point to (for the Content Security Policy). */
  readonly origins: string[];
  /** Stores the bytes under the key (replacing any), in the public or the private area. */
  put(key: string, data: Buffer, options: PutOptions): Promise<void>;
  /** The stored bytes, or null when the area has no such key. */
  get(key: string, visibility: Visibility): Promise<Buffer | null>;
  /** Copies a private file to a public key (a course's image from its upload), without holding it in memory. */
  publish(privateKey: string, publicKey: string, contentType: string): Promise<void>;
  /** Forgets the key in both areas; an unknown key is no error. */
  remove(key: string): Promise<void>;
  /** A public file's lasting, cacheable address (absolute path on local disk, absolute URL on S3). */
  publicUrl(key: string): string;
  /**
   * A private file's address, refused after `expiresIn` seconds or when altered. With a `viewer` (a user id),
   * local storage refuses it to anybody else too (viewer-cookie.ts); S3's presigned addresses cannot be bound.
   */
  signedUrl(key: string, options: { expiresIn: number; viewer?: number }): Promise<string>;
  /** The first `length` bytes of a stored file (to tell its type), or null when the area has no such key. */
  head(key: string, visibility: Visibility, length: number): Promise<Buffer | null>;
  /** Where a program on this machine (ffprobe) reads the file: a path on local disk, or an address for an hour. */
  toolSource(key: string, visibility: Visibility): Promise<string>;
  /** The tus store of the staff console's uploads (made at the first use). */
  resumable(): ResumableArea;
  /** Lets go of connections (the server is closing). */
  close(): void;
}

/** What presenters need: a public file's address. */
export type PublicFiles = Pick<Storage, 'publicUrl'>;

/** The address of a public file whose key may be missing. */
export const publicUrlOf = (files: PublicFiles, key: string | null) => (key ? files.publicUrl(key) : null);

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

// Segments of letters, digits, '.', '_' and '-', none starting with a dot: no '..', no hidden files, nothing a
// URL or a file system reads differently, the same key on every backend.
const segment = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Refuses keys that could escape the storage's root or mean different things on disk and in a URL. */
export function assertKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512 || !key.split('/').every((s) => segment.test(s))) {
    throw new InvalidStorageKey(String(key));
  }
  return key;
}

/**
 * Cache-Control for a public file. Uploads get a new key each time (a random part), so browsers may keep them
 * for good; the demo's assets (`seed/…`) keep their keys across releases, so they are kept for an hour.
 */
export const publicCacheControl = (key: string) => (key.startsWith('seed/') ? 'public, max-age=3600' : 'public, max-age=31536000, immutable');

/** Private files are never kept by browsers or proxies: their addresses expire. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
