import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { UploadKind, UploadState } from '@school/shared/staff/uploads';
import { schools } from './schools';
import { users } from './users';

/**
 * A file sent by the staff console through the tus protocol. Its bytes are the private storage key
 * `uploads/<id>` (the tus id: 32 hex digits); the row says whose it is, what its first bytes say it is and, for
 * media, what ffprobe found. A lesson that uses it sets `attachedAt`; the cleanup forgets the others after 24 h.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text().primaryKey(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    filename: text().notNull(),
    /** The type the browser declared; `mime` is what the bytes say. */
    declaredType: text().notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    state: text().notNull().$type<UploadState>().default('receiving'),
    kind: text().$type<UploadKind>(),
    mime: text(),
    mediaSeconds: integer(),
    width: integer(),
    height: integer(),
    /** Public storage key of a video's poster frame. */
    poster: text(),
    /** Why the file was refused (state failed), in words for the editor. */
    problem: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    attachedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('uploads_school_idx').on(t.schoolId),
    index('uploads_unattached_idx').on(t.createdAt).where(sql`${t.attachedAt} is null`),
    check('uploads_id_check', sql`${t.id} ~ '^[0-9a-f]{32}$'`),
    check('uploads_bytes_check', sql`${t.bytes} >= 0`),
  ],
);
