import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/client';
import { loadLookups } from '../../src/modules/lookups/load-lookups';
import { seedDemo } from '../../src/seed/seed-demo';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
/** What the snapshot is made of: a change to any of these makes a new one, and so does a new day (the demo's dates are relative to it). */
const inputs = ['db', 'seed', 'modules/lookups'].map((dir) => path.join(src, dir));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function fingerprint() {
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  for (const file of inputs.flatMap(filesUnder)) hash.update(path.relative(src, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Read once per test process: every server of its files starts from the same bytes. */
let loaded: { file: string; blob: Blob } | undefined;

/**
 * A PGlite database migrated, with the lookups and the demo loaded, as a dump kept in the temporary folder:
 * every test server on PGlite starts from it instead of migrating and seeding afresh (seconds each). Test
 * files run in parallel: whichever needs it first makes it, and a rename makes it appear whole. The dump is
 * not compressed: 65 MB instead of 6, but a server opens it in 1.2 s instead of 2.0–2.4 s, and about 170
 * servers start in a test run.
 */
export async function pgliteSnapshot(): Promise<Blob> {
  const file = path.join(tmpdir(), `platform-test-pglite-${fingerprint()}.tar`);
  if (loaded?.file === file) return loaded.blob;
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: '', inMemory: true });
    try {
      await loadLookups(database.db);
      await seedDemo(database.db);
      if (database.driver.kind !== 'pglite') throw new Error('not PGlite');
      const dump = await database.driver.client.dumpDataDir('none');
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  loaded = { file, blob: new Blob([readFileSync(file)]) };
  return loaded.blob;
}
