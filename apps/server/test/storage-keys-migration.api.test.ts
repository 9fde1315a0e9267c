import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrations = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/** The migrations folder as it was before 0006: stored files were kept by their address. */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0006_storage_keys', () => {
  const old = migrationsBefore('0006_storage_keys');
  const client = new PGlite({ extensions: { pg_trgm } });
  afterAll(async () => {
    await client.close();
    rmSync(old, { recursive: true, force: true });
  });

  it('turns stored addresses into storage keys and leaves other links alone', async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: old });
    await client.exec(`
      INSERT INTO schools (id, domain, name, products, logo, cover, how_to_video, faq_url) OVERRIDING SYSTEM VALUE VALUES
        (1, 'demo', 'Demo', '{}', '/media/seed/demo/logo.svg', '/media/seed/demo/cover.svg', '/media/seed/demo/how-to.webm', '/media/seed/demo/faq.html'),
        (2, 'other', 'Other', '{}', '/media/uploads/logos/2-ab.png', NULL, NULL, 'https://help.example.com/faq');
      INSERT INTO users (id, username, email, role, photo) OVERRIDING SYSTEM VALUE VALUES
        (1, 'one', 'one@example.com', 'ST', '/media/uploads/photos/1-0123456789abcdef.jpg'),
        (2, 'two', 'two@example.com', 'ST', NULL);
      INSERT INTO courses (id, school_id, name, slug, image, preview_video_type, preview_video_url) OVERRIDING SYSTEM VALUE VALUES
        (1, 1, 'A', 'a-1', '/media/seed/courses/course-1.svg', 'video', '/media/seed/courses/preview.webm'),
        (2, 1, 'B', 'b-2', NULL, 'yt', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      INSERT INTO bundles (id, school_id, name, slug, image) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'Pack', 'pack-1', '/media/seed/courses/course-2.svg');
    `);

    await migrate(db, { migrationsFolder: migrations });

    const rows = async (sql: string) => (await client.query(sql)).rows;
    expect(await rows('SELECT id, logo, cover, how_to_video, faq_url FROM schools ORDER BY id')).toEqual([
      { id: 1, logo: 'seed/demo/logo.svg', cover: 'seed/demo/cover.svg', how_to_video: 'seed/demo/how-to.webm', faq_url: 'seed/demo/faq.html' },
      { id: 2, logo: 'logos/2-ab.png', cover: null, how_to_video: null, faq_url: 'https://help.example.com/faq' },
    ]);
    expect(await rows('SELECT photo FROM users ORDER BY id')).toEqual([{ photo: 'photos/1-0123456789abcdef.jpg' }, { photo: null }]);
    expect(await rows('SELECT image, preview_video_url FROM courses ORDER BY id')).toEqual([
      { image: 'seed/courses/course-1.svg', preview_video_url: 'seed/courses/preview.webm' },
      { image: null, preview_video_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    ]);
    expect(await rows('SELECT image FROM bundles')).toEqual([{ image: 'seed/courses/course-2.svg' }]);
  });
});
