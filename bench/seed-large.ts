import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/crypto';

/**
 * A large data set for the benchmarks: many schools and accounts, so that lookups by domain and by
 * username run against big tables. Plain INSERT ... SELECT generate_series, valid on PGlite and PostgreSQL.
 */
export async function seedLarge(db: Db, counts: { schools: number; users: number }) {
  await db.execute(sql`
    insert into schools (domain, name, products)
    select 'bench' || g, 'Bench School ' || g,
      '{"facebook_sso":false,"google_sso":false,"mcle":true,"kyc":false,"apt_coins":false,"show_announcement":false,"primary_id":null}'::jsonb
    from generate_series(1, ${counts.schools}) g
    on conflict do nothing`);
  const hash = await hashPassword('bench-pass-1');
  await db.execute(sql`
    insert into users (username, email, password_hash, role, is_verified)
    select 'benchuser' || g, 'benchuser' || g || '@example.com', ${hash}, 'ST', true
    from generate_series(1, ${counts.users}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into students (user_id)
    select id from users where username like 'benchuser%' and id not in (select user_id from students)`);
}
