/**
 * The yardstick for bench/run.ts: the read endpoints of the API on bare `node:http` and `pg` (or PGlite),
 * running the same SQL as the real server and answering the same JSON, with nothing else: no framework,
 * no schema validation or serialization, no logging, no security headers. Our req/s over its req/s is the
 * share of the machine our stack leaves to the work itself.
 *
 * It is as strict as the real server can hope to be: the site's school (from the Host) is looked up once
 * and kept for good (no invalidation), and bodies are JSON.stringify'd. SQL text is sent as plain
 * parameterized queries as named statements, prepared once per connection as the real server does (the strict
 * yardstick the goal is set against), or with BARE_NAMED=false as pg's default unnamed statements, which
 * PostgreSQL parses and plans on each call.
 *
 *   DATABASE_URL=postgres://… PORT=4000 node --import tsx bench/bare-server.ts
 *   DATA_DIR=/path PORT=4000 node --import tsx bench/bare-server.ts     # the PGlite folder of a stopped server
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

type Row = Record<string, any>;
type Query = (text: string, values?: unknown[]) => Promise<Row[]>;

const DATE = 1082;
const NUMERIC = 1700;

async function connect(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    pg.types.setTypeParser(DATE, (v: string) => v);
    pg.types.setTypeParser(NUMERIC, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    if (process.env.BARE_NAMED !== 'false') {
      const names = new Map<string, string>();
      const nameOf = (text: string) => names.get(text) ?? (names.set(text, `bare_${names.size}`), names.get(text)!);
      return async (text, values) => (await pool.query({ name: nameOf(text), text, values })).rows;
    }
    return async (text, values) => (await pool.query(text, values)).rows;
  }
  const client = new PGlite({
    dataDir: path.join(process.env.DATA_DIR!, 'pglite'),
    extensions: { pg_trgm },
    parsers: { [DATE]: (v: string) => v, [NUMERIC]: (v: string) => Number(v) },
  });
  return async (text, values) => (await client.query<Row>(text, values)).rows;
}

const query = await connect();
const aliases = new Map([['localhost', 'demo'], ['127.0.0.1', 'demo']]);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const pesos = (centavos: number) => centavos / 100;
/** A stored file's public address on local storage (an absolute URL stays as it is). */
const media = (key: string | null) => (key ? (/^https?:\/\//.test(key) ? key : `/media/uploads/${key}`) : null);

// --- SQL: the statements the real server runs for these pages ---------------------------------------------

const SCHOOL_BY_DOMAIN = 'select * from schools where domain = $1 and is_active = true limit 1';
const SOCIALS = 'select label, url from school_socials where school_id = $1';
const TOKEN = `select t.id as token_id, u.id as user_id, u.role, m.role as staff_role from auth_tokens t
  join users u on u.id = t.user_id left join school_memberships m on m.user_id = u.id and m.school_id = $2
  where t.key_hash = $1 and t.expires_at > now() limit 1`;
const COURSE_COLUMNS = `c.id, c.school_id, c.name, c.slug, c.description, c.image, c.fee, c.show_fee, c.units, c.preview_video_type,
  c.preview_video_url, c.is_published, c.duration_minutes, c.allow_pay_later, c.direct_enrollment, c.class_enrollment_only,
  c.require_kyc, c.allowed_domains, c.enable_kyl, c.video_download, c.pdf_download, c.forward_streaming, c.date_start,
  c.date_end, c.mode_of_payment, c.created_at, c.subcategory_id, c.lecturer_id, c.is_featured`;
/** What a course card shows. */
const CARD_COLUMNS = 'c.id, c.name, c.slug, c.description, c.image, c.fee, c.show_fee, c.units, c.created_at';
const courseOrder: Record<string, string> = {
  '-created_at': 'c.created_at desc, c.id desc',
  created_at: 'c.created_at, c.id',
  name: 'c.name, c.id',
  '-name': 'c.name desc, c.id desc',
  fee: 'c.fee, c.id',
  '-fee': 'c.fee desc, c.id desc',
};
/** Without a search the count is catalogue_counts' (kept by triggers); with one, the matches (behind a fence) are counted. */
const listCourses = (order: string, search: boolean) =>
  search
    ? `select ${CARD_COLUMNS}, s.name as subcategory, count(*) over () as total
  from (select id, name, slug, description, image, fee, show_fee, units, created_at, subcategory_id from courses
    where school_id = $1 and is_published = true and name ilike $4 offset 0) c left join subcategories s on s.id = c.subcategory_id
  order by ${courseOrder[order]} limit $2 offset $3`
    : `select ${CARD_COLUMNS}, s.name as subcategory, coalesce((select published_courses from catalogue_counts where school_id = $1), 0) as total
  from courses c left join subcategories s on s.id = c.subcategory_id
  where c.id = any(array((select c.id from courses c where c.school_id = $1 and c.is_published = true order by ${courseOrder[order]}) limit (select $2::int) offset (select $3::int)))
  order by ${courseOrder[order]}`;
const ENROLMENTS_OF = 'select * from enrollments where user_id = $1 and course_id = any($2)';
const COURSE = `select ${COURSE_COLUMNS}, s.name as subcategory, l.name as lecturer from courses c
  left join subcategories s on s.id = c.subcategory_id left join lecturers l on l.id = c.lecturer_id
  where c.id = $1 and c.school_id = $2 limit 1`;
const PROGRESS_CONTEXT = `select e.id, e.status, e.progress, e.attempt_started_at, e.attempt_ended_at, c.duration_minutes,
  w.type, w.forward_streaming, w.media_seconds, p.seconds, p.completed_at
  from coursewares w join modules m on m.id = w.module_id join courses c on c.id = m.course_id
  join enrollments e on e.course_id = m.course_id and e.user_id = $3
  join courseware_progress p on p.enrollment_id = e.id and p.courseware_id = w.id
  where w.id = $2 and w.school_id = $1 limit 1`;
const SAVE_SECONDS = `update courseware_progress set seconds = $3::int, updated_at = now()
  where enrollment_id = $1 and courseware_id = $2 and seconds < $3::int
    and ($4::boolean or $3::int <= seconds + extract(epoch from now() - updated_at) + 5) returning seconds`;
const MODULES = 'select * from modules where course_id = $1 order by position';
const COURSEWARES = `select w.id, w.module_id, w.name, w.type from coursewares w join modules m on m.id = w.module_id
  where m.course_id = $1 order by w.position`;
const CLASSES = 'select * from classes where course_id = $1 order by id';
const similar = (sameSubcategory: boolean) => `select ${CARD_COLUMNS}, s.name as subcategory from courses c left join subcategories s on s.id = c.subcategory_id
  where c.school_id = $1 and c.is_published = true and c.id <> $2${sameSubcategory ? ' and c.subcategory_id = $3' : ''}
  order by c.created_at desc limit 4`;
const TOP = `select ${CARD_COLUMNS}, s.name as subcategory from courses c left join subcategories s on s.id = c.subcategory_id
  where c.id = any(array(select c.id from courses c where c.school_id = $1 and c.is_published = true
    order by c.enrolment_count desc, c.created_at desc limit 4)) order by c.enrolment_count desc, c.created_at desc`;
const FEATURED_COURSE = `select ${COURSE_COLUMNS} from courses c where c.school_id = $1 and c.is_published = true and c.is_featured = true order by c.created_at desc limit 1`;
const FEATURED_BUNDLE = 'select * from bundles where school_id = $1 and is_published = true and is_featured = true order by created_at desc limit 1';
const SUBCATEGORIES = `select s.id, s.name, c.id as category_id, c.name as category_name from subcategories s
  join categories c on c.id = s.category_id where s.school_id = $1 order by s.name`;
const CATEGORIES = 'select * from categories where school_id = $1 order by name';
const LIST_BUNDLES = `select b.*, s.name as subcategory, count(*) over () as total from bundles b left join subcategories s on s.id = b.subcategory_id
  where b.school_id = $1 and b.is_published = true order by b.created_at desc, b.id desc limit $2 offset $3`;
const BUNDLE = `select b.*, s.name as subcategory from bundles b left join subcategories s on s.id = b.subcategory_id
  where b.id = $1 and b.school_id = $2 limit 1`;
const BUNDLE_COURSES = `select bc.bundle_id, ${CARD_COLUMNS}, s.name as subcategory from bundle_courses bc
  join courses c on c.id = bc.course_id left join subcategories s on s.id = c.subcategory_id
  where bc.bundle_id = any($1) and c.is_published = true order by bc.position`;
const BUNDLE_STATUSES = 'select * from bundle_enrollments where user_id = $1 and bundle_id = any($2)';
const CLASS = `select k.id, k.name, k.school_id, c.is_published from classes k join courses c on c.school_id = k.school_id and c.id = k.course_id
  where k.id = $1 and k.school_id = $2 limit 1`;
const SCHEDULES = 'select * from class_schedules where class_id = $1 order by date, start_time';
const NOTIFICATIONS = `select *, count(*) over () as total, count(*) filter (where read_at is null) over () as unread from notifications
  where user_id = $1 order by created_at desc, id desc limit $2 offset $3`;
// The account check of My Courses: the student's account with its course count.
const STAFF_COURSES = `select c.*, cat.name as category, s.name as subcategory from courses c left join subcategories s on s.id = c.subcategory_id
  left join categories cat on cat.id = s.category_id where c.school_id = $1 and c.archived_at is null order by c.updated_at desc, c.id desc limit $2 offset $3`;
const STAFF_COURSE_COUNT = 'select count(*)::int as n from courses c left join subcategories s on s.id = c.subcategory_id where c.school_id = $1 and c.archived_at is null';
const COURSE_INSTRUCTORS = `select ci.course_id, u.id, u.first_name, u.middle_name, u.last_name, u.suffix, u.username from course_instructors ci
  join users u on u.id = ci.user_id where ci.course_id = any($1) order by u.last_name, u.id`;
const PROFILE_BY_STUDENT = `select u.*, st.id as student_id, st.user_id as student_user_id, s.id as school_id, s.name as school_name, s.domain as school_domain,
  (select count(*) from enrollments where user_id = u.id) as course_count
  from users u left join students st on st.user_id = u.id left join schools s on s.id = u.school_id where st.id = $1 limit 1`;
const MY_ENROLMENTS = `select e.*, c.name as course_name, c.image as course_image, c.slug as course_slug, s.name as school_name, s.domain as school_domain,
  count(*) over () as total from enrollments e join courses c on c.id = e.course_id join schools s on s.id = c.school_id
  where e.user_id = $1 order by e.date_enrolled desc, e.id desc limit $2 offset $3`;

// --- shaping: the same JSON as the real server's presenters -------------------------------------------------

function enrollment(row: Row | undefined) {
  return row ? { id: row.id, progress: row.progress, status: row.status, date_completed: iso(row.date_completed), reward: null, notes: row.notes } : null;
}
function courseCard(c: Row, enrolled?: Row) {
  return {
    id: c.id, name: c.name, slug: c.slug, description: c.description, image: media(c.image), fee: pesos(c.fee), show_fee: c.show_fee,
    subcategory: c.subcategory ?? null, units: c.units, created_at: iso(c.created_at), enrollment: enrollment(enrolled),
  };
}
const previewVideo = (c: Row) => (c.preview_video_type && c.preview_video_url ? { type: c.preview_video_type, url: media(c.preview_video_url) } : null);
function priceBreakdown(fee: number) {
  const subtotal = Math.round(fee / 1.12);
  return { fee, subtotal, tax: fee - subtotal };
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function today(timeZone: string) {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(new Date());
}
function pageOf(data: unknown[], total: number, page: number, perPage: number) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return { data, count: total, page, pages, next: page < pages ? page + 1 : null };
}
function presentSchool(s: Row) {
  return {
    id: s.id, domain: s.domain, name: s.name, logo: media(s.logo), primary_color: s.primary_color, cover: media(s.cover), description: s.description,
    address: s.address, phone_number: s.phone_number, country_code: s.country_code, mobile_number: s.mobile_number, email: s.email,
    how_to_video: media(s.how_to_video), data_privacy: s.data_privacy, consent_form: s.consent_form, payment_instructions: s.payment_instructions,
    faq_url: media(s.faq_url), announcement: s.announcement_title && s.announcement_body ? { title: s.announcement_title, body: s.announcement_body } : null,
    time_zone: s.time_zone, config: { products: s.products },
  };
}
const socialLabels = ['facebook', 'twitter', 'linked_in', 'github', 'pinterest', 'instagram'];

// --- the routes ----------------------------------------------------------------------------------------------

class HttpError extends Error {
  constructor(readonly status: number) {
    super(String(status));
  }
}
const notFound = () => new HttpError(404);

const schoolByHost = new Map<string, Row>();
async function siteSchool(req: http.IncomingMessage) {
  const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  let school = schoolByHost.get(host);
  if (!school) {
    [school] = await query(SCHOOL_BY_DOMAIN, [aliases.get(host) ?? host.split('.')[0]]);
    if (!school) throw notFound();
    schoolByHost.set(host, school);
  }
  return school;
}
async function caller(req: http.IncomingMessage, schoolId: number) {
  const match = /^Token\s+([A-Za-z0-9_-]{20,200})$/.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const [row] = await query(TOKEN, [createHash('sha256').update(match[1]!).digest('hex'), schoolId]);
  if (!row) throw new HttpError(401);
  return row;
}
const number = (value: string | null, fallback: number) => (value === null ? fallback : Number(value));
async function enrolmentsOf(userId: number | undefined, courseIds: number[]) {
  if (!userId || !courseIds.length) return new Map<number, Row>();
  return new Map((await query(ENROLMENTS_OF, [userId, courseIds])).map((r) => [r.course_id as number, r]));
}

function jsonBody(req: http.IncomingMessage): Promise<Row> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Row);
      } catch {
        reject(new HttpError(400));
      }
    });
  });
}
const STUDYING = ['paid', 'free', 'pay_later'];
/** A timed course's attempt has ended: ended on request, or its minutes are used up. */
const attemptEnded = (e: Row, minutes: number | null) =>
  Boolean(minutes) && (e.attempt_ended_at !== null || (e.attempt_started_at !== null && e.attempt_started_at.getTime() + minutes! * 60_000 <= Date.now()));
function attemptOf(e: Row | undefined, minutes: number | null) {
  if (!e) return null;
  if (!minutes) return { ended: false, time_left: null };
  if (e.attempt_ended_at) return { ended: true, time_left: 0 };
  const left = e.attempt_started_at ? Math.max(0, Math.floor((e.attempt_started_at.getTime() + minutes * 60_000 - Date.now()) / 1000)) : minutes * 60;
  return { ended: left === 0, time_left: left };
}

type Handler = (req: http.IncomingMessage, params: string[], q: URLSearchParams) => Promise<unknown>;
const routes: [RegExp, Handler][] = [
  [/^\/api\/v1\/progress\/?$/, async (req) => {
    const school = await siteSchool(req);
    const user = await caller(req, school.id);
    if (!user) throw new HttpError(401);
    const body = await jsonBody(req);
    const coursewareId = Number(body.courseware_id);
    const seconds = Math.floor(Number(body.seconds));
    if (!Number.isInteger(coursewareId) || coursewareId <= 0 || !(seconds >= 0)) throw new HttpError(400);
    const [context] = await query(PROGRESS_CONTEXT, [school.id, coursewareId, user.user_id]);
    if (!context) throw notFound();
    if (!STUDYING.includes(context.status)) throw new HttpError(403);
    if (context.progress < 100 && attemptEnded(context, context.duration_minutes)) throw new HttpError(403);
    const free = context.forward_streaming || context.completed_at !== null || context.progress >= 100;
    const [saved] = seconds > context.seconds ? await query(SAVE_SECONDS, [context.id, coursewareId, seconds, free]) : [];
    if (!saved && seconds > context.seconds) throw new HttpError(400);
    return { courseware_id: coursewareId, seconds: saved?.seconds ?? context.seconds, completed: context.completed_at !== null };
  }],
  [/^\/api\/v1\/school\/([^/]+)\/?$/, async (_req, [domain]) => {
    const name = domain!.toLowerCase();
    const [school] = await query(SCHOOL_BY_DOMAIN, [aliases.get(name) ?? name.split('.')[0]]);
    if (!school) throw notFound();
    return presentSchool(school);
  }],
  [/^\/api\/v1\/schools\/(\d+)\/socials\/?$/, async (req, [id]) => {
    const school = await siteSchool(req);
    if (school.id !== Number(id)) throw notFound();
    const socials: Record<string, string | null> = Object.fromEntries(socialLabels.map((l) => [l, null]));
    for (const row of await query(SOCIALS, [school.id])) if (socialLabels.includes(row.label)) socials[row.label] = row.url;
    return socials;
  }],
  [/^\/api\/v1\/schools\/(\d+)\/courses\/?$/, async (req, [id], q) => {
    const school = await siteSchool(req);
    const user = await caller(req, school.id);
    if (school.id !== Number(id)) throw notFound();
    const page = number(q.get('page'), 1);
    const perPage = number(q.get('perpage'), 6);
    const search = q.get('search_course')?.trim();
    const sort = q.get('sort') ?? '-created_at';
    const values: unknown[] = [school.id, perPage, (page - 1) * perPage];
    if (search) values.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await query(listCourses(sort, !!search), values);
    const total = rows.length ? Number(rows[0]!.total) : 0;
    const enrolled = await enrolmentsOf(user?.user_id, rows.map((r) => r.id));
    return pageOf(rows.map((r) => courseCard(r, enrolled.get(r.id))), total, page, perPage);
  }],
  [/^\/api\/v1\/courses\/(\d+)\/?$/, async (req, [id]) => {
    const school = await siteSchool(req);
    const user = await caller(req, school.id);
    const [c] = await query(COURSE, [Number(id), school.id]);
    if (!c || !c.is_published) throw notFound();
    const [modules, wares, classes, enrolled] = await Promise.all([
      query(MODULES, [c.id]),
      query(COURSEWARES, [c.id]),
      query(CLASSES, [c.id]),
      enrolmentsOf(user?.user_id, [c.id]),
    ]);
    const price = priceBreakdown(c.fee);
    const day = today(school.time_zone);
    const state = c.date_end && day > c.date_end ? 'ended' : c.date_start && day < c.date_start ? 'not_open' : 'open';
    return {
      ...courseCard(c, enrolled.get(c.id)),
      abilities: { view: true, enrol: !!user, preview: false, edit: false },
      tax: pesos(price.tax), subtotal: pesos(price.subtotal), lecturer: c.lecturer, module_count: modules.length, courseware_count: wares.length,
      type: c.class_enrollment_only ? 'class' : 'self_paced', school_id: c.school_id, preview_video: previewVideo(c),
      modules: modules.map((m) => {
        const own = wares.filter((w) => w.module_id === m.id);
        return { id: m.id, name: m.name, description: m.description, courseware_count: own.length, coursewares: own.map((w) => ({ id: w.id, name: w.name, type: w.type })) };
      }),
      classes: classes.map((k) => ({ id: k.id, name: k.name, fee: pesos(k.fee) })),
      config: {
        duration: c.duration_minutes, allow_pay_later: c.allow_pay_later, direct_enrollment: c.direct_enrollment, class_enrollment_only: c.class_enrollment_only,
        require_kyc: c.require_kyc, allowed_domains: c.allowed_domains, course_open: state === 'open', course_ended: state === 'ended', enable_kyl: c.enable_kyl,
        video_download: c.video_download, pdf_download: c.pdf_download, forward_streaming: c.forward_streaming, date_start: c.date_start, date_end: c.date_end,
        mode_of_payment: c.mode_of_payment,
      },
      attempt: attemptOf(enrolled.get(c.id), c.duration_minutes),
    };
  }],
  [/^\/api\/v1\/courses\/(\d+)\/similar_courses\/?$/, async (req, [id]) => {
    const school = await siteSchool(req);
    await caller(req, school.id);
    const [c] = await query(COURSE, [Number(id), school.id]);
    if (!c || !c.is_published) throw notFound();
    const rows = c.subcategory_id ? await query(similar(true), [school.id, c.id, c.subcategory_id]) : await query(similar(false), [school.id, c.id]);
    return rows.map((r) => courseCard(r));
  }],
  [/^\/api\/v1\/schools\/(\d+)\/top_courses\/?$/, async (req, [id]) => {
    const school = await siteSchool(req);
    await caller(req, school.id);
    if (school.id !== Number(id)) throw notFound();
    return (await query(TOP, [school.id])).map((r) => courseCard(r));
  }],
  [/^\/api\/v1\/schools\/(\d+)\/featured_material\/?$/, async (req, [id]) => {
    const school = await siteSchool(req);
    await caller(req, school.id);
    if (school.id !== Number(id)) throw notFound();
    const [c] = await query(FEATURED_COURSE, [school.id]);
    if (c) {
      return { type: 'course', date: c.date_start ?? iso(c.created_at)!.slice(0, 10), id: c.id, name: c.name, slug: c.slug, description: c.description, fee: pesos(c.fee), image: media(c.image), preview_video: previewVideo(c) };
    }
    const [b] = await query(FEATURED_BUNDLE, [school.id]);
    return b ? { type: 'bundle', date: iso(b.created_at)!.slice(0, 10), id: b.id, name: b.name, slug: b.slug, description: b.description, fee: pesos(b.price), image: media(b.image), preview_video: null } : null;
  }],
  [/^\/api\/v1\/schools\/(\d+)\/subcategories\/?$/, async (req, [id]) => {
    const school = await siteSchool(req);
    await caller(req, school.id);
    if (school.id !== Number(id)) throw notFound();
    return (await query(SUBCATEGORIES, [school.id])).map((s) => ({ id: s.id, name: s.name, category: { id: s.category_id, name: s.category_name } }));
  }],
  [/^\/api\/v1\/course\/categories-list\/?$/, async (req) => {
    const school = await siteSchool(req);
    await caller(req, school.id);
    return (await query(CATEGORIES, [school.id])).map((c) => ({ id: c.id, name: c.name, school_id: c.school_id }));
  }],
  [/^\/api\/v1\/schools\/(\d+)\/bundles\/?$/, async (req, [id], q) => {
    const school = await siteSchool(req);
    const user = await caller(req, school.id);
    if (school.id !== Number(id)) throw notFound();
    const page = number(q.get('page'), 1);
    const perPage = number(q.get('perpage'), 6);
    const rows = await query(LIST_BUNDLES, [school.id, perPage, (page - 1) * perPage]);
    const ids = rows.map((r) => r.id);
    const [courses, statuses] = await Promise.all([
      ids.length ? query(BUNDLE_COURSES, [ids]) : [],
      user && ids.length ? query(BUNDLE_STATUSES, [user.user_id, ids]) : [],
    ]);
    const data = rows.map((b) => {
      const own = courses.filter((c) => c.bundle_id === b.id);
      const status = statuses.find((s) => s.bundle_id === b.id)?.status;
      return {
        id: b.id, name: b.name, slug: b.slug, description: b.description, image: media(b.image), price: pesos(b.price), units: own.reduce((sum, c) => sum + c.units, 0),
        courses_count: own.length, subcategory: b.subcategory, created_at: iso(b.created_at),
        status: status === undefined ? null : status === 'notpaid' || status === 'pending' ? 'pending' : 'paid',
      };
    });
    return pageOf(data, rows.length ? Number(rows[0]!.total) : 0, page, perPage);
  }],
  [/^\/api\/v1\/course\/bundles\/(\d+)\/?$/, async (req, [id]) => {
    const school = await siteSchool(req);
    const user = await caller(req, school.id);
    const [b] = await query(BUNDLE, [Number(id), school.id]);
    if (!b || !b.is_published) throw notFound();
    const courses = await query(BUNDLE_COURSES, [[b.id]]);
    const [statuses, enrolled] = await Promise.all([user ? query(BUNDLE_STATUSES, [user.user_id, [b.id]]) : [], enrolmentsOf(user?.user_id, courses.map((c) => c.id))]);
    const status = statuses[0]?.status;
    const price = priceBreakdown(b.price);
    return {
      id: b.id, name: b.name, slug: b.slug, description: b.description, image: media(b.image), price: pesos(b.price), units: courses.reduce((sum, c) => sum + c.units, 0),
      courses_count: courses.length, subcategory: b.subcategory, created_at: iso(b.created_at),
      status: status === undefined ? null : status === 'notpaid' || status === 'pending' ? 'pending' : 'paid',
      abilities: { view: true, enrol: !!user, edit: false },
      fee: pesos(price.fee), tax: pesos(price.tax), subtotal: pesos(price.subtotal),
      courses: courses.map((c) => courseCard(c, enrolled.get(c.id))),
      config: { duration: b.duration_minutes, require_kyc: b.require_kyc, mode_of_payment: b.mode_of_payment },
    };
  }],
  [/^\/api\/v1\/classes\/(\d+)\/schedule\/?$/, async (req, [id]) => {
    const school = await siteSchool(req);
    await caller(req, school.id);
    const [k] = await query(CLASS, [Number(id), school.id]);
    if (!k || !k.is_published) throw notFound();
    const schedules = await query(SCHEDULES, [k.id]);
    return {
      id: k.id,
      name: k.name,
      schedules: schedules.map((s) => ({ date: s.date, start_time: s.start_time.slice(0, 5), end_time: s.end_time.slice(0, 5), instructor: s.instructor, type: s.type })),
    };
  }],
  [/^\/api\/v1\/notifications\/?$/, async (req, _params, q) => {
    const school = await siteSchool(req);
    const user = await caller(req, school.id);
    if (!user) throw new HttpError(401);
    const page = number(q.get('page'), 1);
    const rows = await query(NOTIFICATIONS, [user.user_id, 10, (page - 1) * 10]);
    const data = rows.map((n) => ({ id: n.id, description: n.description, timestamp: iso(n.created_at), read: n.read_at !== null }));
    return { ...pageOf(data, rows.length ? Number(rows[0]!.total) : 0, page, 10), unread: rows.length ? Number(rows[0]!.unread) : 0 };
  }],
  [/^\/api\/v1\/students\/(\d+)\/enrollments\/?$/, async (req, [id], q) => {
    const school = await siteSchool(req);
    const user = await caller(req, school.id);
    if (!user) throw new HttpError(401);
    const [account] = await query(PROFILE_BY_STUDENT, [Number(id)]);
    if (account?.id !== user.user_id) throw notFound();
    const page = number(q.get('page'), 1);
    const perPage = number(q.get('perpage'), 6);
    const rows = await query(MY_ENROLMENTS, [user.user_id, perPage, (page - 1) * perPage]);
    const data = rows.map((r) => ({
      id: r.id, progress: r.progress, status: r.status, date_enrolled: iso(r.date_enrolled),
      course: { id: r.course_id, name: r.course_name, image: media(r.course_image), school_name: r.school_name, course_detail_link: `http://${r.school_domain}.localhost:3000/course/${r.course_slug}` },
    }));
    return pageOf(data, rows.length ? Number(rows[0]!.total) : 0, page, perPage);
  }],
  [/^\/api\/v1\/staff\/courses\/?$/, async (req, _params, q) => {
    const school = await siteSchool(req);
    const user = await caller(req, school.id);
    if (!user) throw new HttpError(401);
    if (!user.staff_role && user.role !== 'SU') throw new HttpError(403);
    const page = number(q.get('page'), 1);
    const [rows, [total]] = await Promise.all([query(STAFF_COURSES, [school.id, 20, (page - 1) * 20]), query(STAFF_COURSE_COUNT, [school.id])]);
    const teaching = rows.length ? await query(COURSE_INSTRUCTORS, [rows.map((r) => r.id)]) : [];
    const nameOf = (u: Row) => [u.first_name, u.middle_name, u.last_name, u.suffix ?? ''].map((part: string) => part.trim()).filter(Boolean).join(' ') || u.username;
    const data = rows.map((c) => ({
      id: c.id, name: c.name, slug: c.slug, status: c.archived_at ? 'archived' : c.is_published ? 'published' : 'draft', fee: pesos(c.fee),
      category: c.category, subcategory: c.subcategory, instructors: teaching.filter((t) => t.course_id === c.id).map((t) => ({ id: t.id, name: nameOf(t) })),
      enrolments: c.enrolment_count, version: c.version, updated_at: iso(c.updated_at),
    }));
    return pageOf(data, total!.n, page, 20);
  }],
];

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const q = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  for (const [pattern, handler] of routes) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    handler(req, match.slice(1), q).then(
      (body) => send(res, 200, body),
      (error: unknown) => (error instanceof HttpError ? send(res, error.status, { detail: 'error' }) : (console.error(error), send(res, 500, { detail: 'error' }))),
    );
    return;
  }
  send(res, 404, { detail: 'Not found.' });
});
server.listen(Number(process.env.PORT ?? 4000), process.env.HOST ?? '127.0.0.1');
// A normal exit, so that `node --cpu-prof` writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
