import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Storage } from '../infra/storage/storage';

const assetsDir = fileURLToPath(new URL('./assets', import.meta.url));

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.webm': 'video/webm',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.pdf': 'application/pdf',
};

/**
 * Puts the demo's files (seed/assets, shipped with the code) into the storage under `seed/…`, the keys the demo
 * rows hold: public files, but those under `private/` (the demo's identity photos) in the private area. Run at every start with SEED_DEMO: a file already stored with the same bytes
 * is left alone, a missing or changed one is written, so a new storage (or a new release's assets) is filled in.
 * Answers how many files it wrote.
 */
export async function putSeedAssets(storage: Storage): Promise<number> {
  const files = (await readdir(assetsDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const written = await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const key = `seed/${path.relative(assetsDir, file).split(path.sep).join('/')}`;
      const visibility = key.startsWith('seed/private/') ? 'private' : 'public';
      const [data, stored] = await Promise.all([readFile(file), storage.get(key, visibility)]);
      if (stored?.equals(data)) return 0;
      await storage.put(key, data, { visibility, contentType: contentTypes[path.extname(file)] ?? 'application/octet-stream' });
      return 1;
    }),
  );
  return written.reduce<number>((sum, n) => sum + n, 0);
}
