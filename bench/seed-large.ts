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
  // A bell's worth of notifications for the first accounts, read and unread.
  await db.execute(sql`
    insert into notifications (user_id, description, read_at)
    select u.id, 'Bench notification ' || g, case when g % 3 = 0 then now() end
    from users u, generate_series(1, 12) g
    where u.username in (select 'benchuser' || n from generate_series(1, 100) n)
      and not exists (select 1 from notifications x where x.user_id = u.id)`);
}

/**
 * Courses for the demo school until it has `total`, and enrolments of the bench accounts spread over
 * them (one per account, up to `enrolments`). Idempotent: a second call adds only what is missing.
 */
export async function seedLargeCatalogue(db: Db, counts: { courses: number; enrolments: number }) {
  await db.execute(sql`
    insert into courses (school_id, name, slug, description, fee, units, created_at)
    select s.id, 'Bench Course ' || g, 'bench-course-' || g, 'A generated course for the benchmarks.', (g % 5) * 50000, 2, now() - (g || ' minutes')::interval
    from schools s, generate_series(1, ${counts.courses}) g
    where s.domain = 'demo' and not exists (select 1 from courses c where c.slug = 'bench-course-' || g)`);
  await db.execute(sql`
    insert into enrollments (user_id, school_id, course_id, status, progress)
    select u.id, c.school_id, c.id, 'free', (u.id % 101)
    from (select id, row_number() over (order by id) as n from users where username like 'benchuser%') u
    join (select id, school_id, row_number() over (order by id) - 1 as k, count(*) over () as total from courses where slug like 'bench-course-%') c
      on c.k = (u.n * 7919) % c.total
    where u.n <= ${counts.enrolments}
    on conflict do nothing`);
}

/** The session key of the n-th studying account (1-based), as the progress benchmark sends it. */
export const progressToken = (n: number) => `bench-progress-token-${String(n).padStart(6, '0')}`;

/**
 * `count` accounts studying one course: enrolled, each with a session key (progressToken) and the course's
 * first courseware opened a day ago, so that every save of a later second is within real time. Idempotent.
 */
export async function seedStudying(db: Db, courseId: number, count: number) {
  await db.execute(sql`
    insert into enrollments (user_id, school_id, course_id, status)
    select u.id, c.school_id, c.id, 'free' from courses c,
      (select id from users where username like 'benchuser%' order by id limit ${count}) u
    where c.id = ${courseId}
    on conflict do nothing`);
  await db.execute(sql`
    insert into auth_tokens (user_id, key_hash, persistent, expires_at)
    select u.id, encode(sha256(convert_to('bench-progress-token-' || lpad(u.n::text, 6, '0'), 'UTF8')), 'hex'), true, now() + interval '1 day'
    from (select id, row_number() over (order by id) as n from users where username like 'benchuser%' order by id limit ${count}) u
    where not exists (select 1 from auth_tokens t where t.key_hash = encode(sha256(convert_to('bench-progress-token-' || lpad(u.n::text, 6, '0'), 'UTF8')), 'hex'))`);
  await db.execute(sql`
    insert into courseware_progress (school_id, enrollment_id, courseware_id, seconds, updated_at)
    select e.school_id, e.id, w.id, 0, now() - interval '1 day'
    from enrollments e
    join (select id from users where username like 'benchuser%' order by id limit ${count}) u on u.id = e.user_id
    join lateral (select w.id from coursewares w join modules m on m.id = w.module_id where m.course_id = e.course_id
      order by m.position, w.position limit 1) w on true
    where e.course_id = ${courseId}
    on conflict do nothing`);
}
