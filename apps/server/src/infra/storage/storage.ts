import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; local disk by default (DECISIONS.md: S3-compatible storage in production). */
export interface Storage {
  /** Stores the bytes under a key like `photos/abc.jpg` and answers their public address. */
  put(key: string, data: Buffer): Promise<string>;
  /** Forgets a file by the address `put` gave; unknown addresses are ignored. */
  remove(url: string): Promise<void>;
}

export const LOCAL_MEDIA_PREFIX = '/media/uploads/';

export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileFor = (key: string) => {
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error('storage key escapes the media folder');
    return file;
  };
  return {
    async put(key, data) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
      return LOCAL_MEDIA_PREFIX + key;
    },
    async remove(url) {
      if (!url.startsWith(LOCAL_MEDIA_PREFIX)) return;
      await rm(fileFor(url.slice(LOCAL_MEDIA_PREFIX.length)), { force: true });
    },
  };
}
