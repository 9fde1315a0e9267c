import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Moves the demo's live classes (rooms named demo-forum-…, 00:00 to 23:59) to the current day of their school,
 * at every start with SEED_DEMO, so that a newcomer always finds one to join.
 */
export async function redateDemoClasses(db: Db) {
  await db.execute(sql`update conference_rooms set date = (now() at time zone s.time_zone)::date
    from schools s where s.id = conference_rooms.school_id and conference_rooms.name like 'demo-forum-%'`);
}
