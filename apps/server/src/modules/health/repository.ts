import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The readiness check's one query: the database answers at all. */
export const pingDatabase = (db: Db) => db.execute(sql`select 1`);
