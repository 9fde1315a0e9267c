import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { slugFor } from '@school/shared/catalogue/rules';
import type { Products } from '@school/shared/school/schemas';
import type { Db } from '../../src/db/client';
import { authTokens, bundleCourses, bundles, courseInstructors, courses, coursewares, enrollments, modules, schoolMemberships, schools, students, users, vouchers, walletEntries, wallets } from '../../src/db/schema/index';
import { hashKey, newKey } from '../../src/lib/crypto';
import { client } from './http';
import { humanToken } from './human';

/** A name no other test in this run uses (the PostgreSQL run shares one database). */
export const unique = (prefix = 'u') => `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export const PASSWORD = 'secret123';

/** Registers a student through the API and answers its token response and credentials. */
export async function registerStudent(baseUrl: string, overrides: Partial<{ username: string; email: string; password: string; host: string; headers: Record<string, string> }> = {}) {
  const username = overrides.username ?? unique('st');
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? PASSWORD;
  const res = await client(baseUrl).post(
    '/api/v1/student/register/',
    { username, email, password1: password, password2: password, 'g-recaptcha-response': await humanToken(baseUrl, overrides.headers) },
    { host: overrides.host, headers: overrides.headers },
  );
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { ...res.body, username, email, password } as { token: string; id: number; student_id: number; role: string; username: string; email: string; password: string };
}

export interface OutboxMail {
  id: number;
  subject: string;
  html: string;
  text: string;
  from: string;
  headers: Record<string, string>;
}

/**
 * The newest outbox message to an address, through the dev mailbox. Mail is sent by a background job, so
 * this waits for it (up to `timeoutMs`): with `after` (an earlier message's id) for a newer one, with
 * `subject` for one whose subject starts so (jobs of one request and the next may finish in either order).
 */
export async function lastMail(baseUrl: string, to: string, options: { after?: number; subject?: string; containing?: string; timeoutMs?: number } = {}): Promise<OutboxMail> {
  const until = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const message = (await mailTo(baseUrl, to)).find(
      (m) => m.id > (options.after ?? 0) && m.subject.startsWith(options.subject ?? '') && m.text.includes(options.containing ?? ''),
    );
    if (message) return message;
    if (Date.now() > until) throw new Error(`no mail to ${to}${options.subject ? ` about "${options.subject}…"` : ''}${options.containing ? ` saying "${options.containing}"` : ''}${options.after ? ` after #${options.after}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The id of the newest message to an address so far (0: none), to wait for the next with `lastMail`. */
export async function lastMailId(baseUrl: string, to: string) {
  return (await mailTo(baseUrl, to))[0]?.id ?? 0;
}

async function mailTo(baseUrl: string, to: string) {
  const res = await client(baseUrl).get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  return res.body.data as OutboxMail[];
}

/** Polls `probe` until it answers something (a background job's result), for up to `timeoutMs`; `what` names it in the failure. */
export async function waitFor<T>(probe: () => Promise<T | undefined | null>, timeoutMs = 10_000, what?: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null) return value;
    if (Date.now() > until) throw new Error(what ? `never within ${timeoutMs} ms: ${what}` : `nothing came within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error('no link in the message');
  return new URL(match[0]);
}

/** A verified student with a complete basic profile and, unless told otherwise, an MCLE profile. */
export async function eligibleStudent(baseUrl: string, options: { mcle?: boolean; host?: string } = {}) {
  const api = client(baseUrl);
  const student = await registerStudent(baseUrl, { host: options.host });
  const link = linkIn((await lastMail(baseUrl, student.email)).text);
  await api.post('/api/v1/account/verify-email/', { key: link.searchParams.get('key') });
  await api.put(
    `/api/v1/students/${student.student_id}/`,
    { first_name: 'Test', middle_name: ' ', last_name: 'Student', mobile_number: '9170000000', country_code: '63', birthday: '1990-01-01', gender: 'F', type: 'P' },
    { token: student.token },
  );
  if (options.mcle !== false) {
    const regions = (await api.get('/api/v1/ph_regions/')).body.data as { id: string; provinces: { id: string; cities: { id: string; name: string; zips: { code: string }[] }[] }[] }[];
    const ncr = regions.find((r) => r.id === '1300000000')!;
    const city = ncr.provinces[0]!.cities.find((c) => c.name === 'Makati City')!;
    const chapter = (await api.get('/api/v1/ibp_chapters/')).body.data[0].id;
    const res = await api.put(
      `/api/v1/students/${student.student_id}/mcle_profile/`,
      { roll_number: '1', ibp_chapter: chapter, law_school: 'others', law_school_others: 'X', company: 'C', position: 'P', address: 'A', region: ncr.id, province: ncr.provinces[0]!.id, city: city.id, zip_code: city.zips[0]!.code, consent: true },
      { token: student.token },
    );
    if (res.status !== 200) throw new Error(`MCLE profile failed: ${res.text}`);
  }
  return student;
}

/*
 * Rows straight into the database, each creating the parents it is not given: a course makes its school, an
 * enrolment its student and course. Tests build what they change this way and leave the demo seed as it is:
 * on PostgreSQL two test files share one database, so a flipped seeded row would break the other file.
 */

type CourseRow = typeof courses.$inferSelect;

const NO_PRODUCTS: Products = { facebook_sso: false, google_sso: false, mcle: false, kyc: false, apt_coins: false, show_announcement: false, primary_id: null };

/** A session key for a user, stored as the server stores them (its SHA-256). */
async function tokenFor(db: Db, userId: number) {
  const key = newKey();
  await db.insert(authTokens).values({ userId, keyHash: hashKey(key), persistent: false, expiresAt: new Date(Date.now() + 3_600_000) });
  return key;
}

/** A school of its own, reached at `host` (the first label of a host name is the school's domain); no products unless given. */
export async function createSchool(db: Db, overrides: Partial<Omit<typeof schools.$inferInsert, 'products'>> & { products?: Partial<Products> } = {}) {
  const domain = overrides.domain ?? unique('school').toLowerCase();
  const [row] = await db
    .insert(schools)
    .values({ name: `School ${domain}`, ...overrides, domain, products: { ...NO_PRODUCTS, ...overrides.products } })
    .returning();
  return withHost(row!);
}
type School = Awaited<ReturnType<typeof createSchool>>;
const withHost = (row: typeof schools.$inferSelect) => ({ ...row, host: `${row.domain}.localhost` });

/** A published, free course open to direct enrolment. */
export async function createCourse(db: Db, { school, ...overrides }: { school?: School } & Partial<Omit<typeof courses.$inferInsert, 'schoolId'>> = {}) {
  const owner = school ?? (await createSchool(db));
  const name = overrides.name ?? `Course ${unique('c')}`;
  const [inserted] = await db.insert(courses).values({ slug: unique('course'), ...overrides, name, schoolId: owner.id }).returning();
  // The page finds a course by the id at the end of its slug, as the server makes them.
  const [row] = overrides.slug ? [inserted] : await db.update(courses).set({ slug: slugFor(name, inserted!.id) }).where(eq(courses.id, inserted!.id)).returning();
  return { ...row!, school: owner };
}

/** A published, free bundle of the given courses (of its own school), else of two new ones. */
export async function createBundle(db: Db, { school, courses: members, ...overrides }: { school?: School; courses?: CourseRow[] } & Partial<Omit<typeof bundles.$inferInsert, 'schoolId'>> = {}) {
  const owner = school ?? (await createSchool(db));
  const list = members ?? [await createCourse(db, { school: owner }), await createCourse(db, { school: owner })];
  const [row] = await db.insert(bundles).values({ name: `Bundle ${unique('b')}`, slug: unique('bundle'), ...overrides, schoolId: owner.id }).returning();
  if (list.length) await db.insert(bundleCourses).values(list.map((course, position) => ({ schoolId: owner.id, bundleId: row!.id, courseId: course.id, position })));
  return { ...row!, school: owner, courses: list };
}

/**
 * A student registered at `school` with a session token: verified with a complete basic profile unless
 * told otherwise (`verified: false`, `profile: false` leaves step '1').
 */
export async function createStudent(db: Db, options: { school?: School; verified?: boolean; profile?: boolean; email?: string } = {}) {
  const school = options.school ?? (await createSchool(db));
  const username = unique('st');
  const profile = options.profile !== false;
  const [user] = await db
    .insert(users)
    .values({
      username,
      email: options.email ?? `${username}@example.com`,
      role: 'ST',
      schoolId: school.id,
      isVerified: options.verified !== false,
      ...(profile ? { firstName: 'Test', middleName: ' ', lastName: 'Student', mobileNumber: '9170000000', countryCode: '63' } : {}),
    })
    .returning();
  const [student] = await db
    .insert(students)
    .values({ userId: user!.id, ...(profile ? { step: null, birthday: '1990-01-01', gender: 'F' as const, occupationType: 'P' as const } : {}) })
    .returning();
  return { user: user!, student: student!, school, token: await tokenFor(db, user!.id) };
}

/** A school administrator (or instructor, assigned to `courses`) of `school`, through a membership, with a session token. */
export async function createStaff(db: Db, options: { school?: School; role?: 'SA' | 'IN'; courses?: { id: number }[] } = {}) {
  const school = options.school ?? (await createSchool(db));
  const role = options.role ?? 'SA';
  const username = unique(role.toLowerCase());
  const [user] = await db.insert(users).values({ username, email: `${username}@example.com`, role, schoolId: school.id, isVerified: true }).returning();
  await db.insert(schoolMemberships).values({ userId: user!.id, schoolId: school.id, role });
  if (options.courses?.length) await db.insert(courseInstructors).values(options.courses.map((course) => ({ courseId: course.id, userId: user!.id })));
  return { user: user!, school, token: await tokenFor(db, user!.id) };
}

/** A platform administrator (SU): no school of their own; the platform's console answers them on its host. */
export async function createPlatformAdmin(db: Db) {
  const username = unique('su');
  const [user] = await db.insert(users).values({ username, email: `${username}@example.com`, role: 'SU', isVerified: true }).returning();
  return { user: user!, token: await tokenFor(db, user!.id) };
}

/** A student's enrolment in a course (both made when not given, at one school). */
export async function createEnrolment(
  db: Db,
  options: { student?: Awaited<ReturnType<typeof createStudent>>; course?: CourseRow } & Partial<Pick<typeof enrollments.$inferInsert, 'status' | 'progress' | 'bundleId' | 'classId'>> = {},
) {
  const { student: given, course: givenCourse, ...values } = options;
  const course = givenCourse ?? (await createCourse(db, given ? { school: given.school } : {}));
  const [school] = given ? [given.school] : (await db.select().from(schools).where(eq(schools.id, course.schoolId))).map(withHost);
  const student = given ?? (await createStudent(db, { school }));
  const [row] = await db.insert(enrollments).values({ status: 'free', ...values, userId: student.user.id, schoolId: course.schoolId, courseId: course.id }).returning();
  return { ...row!, student, course };
}

type CoursewareValues = Partial<Omit<typeof coursewares.$inferInsert, 'schoolId' | 'moduleId' | 'position'>> & { type: (typeof coursewares.$inferInsert)['type'] };

/** One module of coursewares under a course, in the order given; answers their rows. */
export async function createOutline(db: Db, course: Pick<CourseRow, 'id' | 'schoolId'>, items: CoursewareValues[], position = 0) {
  const [mod] = await db.insert(modules).values({ schoolId: course.schoolId, courseId: course.id, name: `Module ${position + 1}`, position }).returning();
  return db
    .insert(coursewares)
    .values(items.map((item, i) => ({ name: `${item.type} ${i + 1}`, ...item, schoolId: course.schoolId, moduleId: mod!.id, position: i })))
    .returning();
}

/** A voucher of `school` (percentage by default; a fixed value is centavos). */
export async function createVoucher(db: Db, school: School, overrides: Partial<Omit<typeof vouchers.$inferInsert, 'schoolId'>> = {}) {
  const [row] = await db.insert(vouchers).values({ code: unique('V').toUpperCase(), type: 'percentage', value: 10, ...overrides, schoolId: school.id }).returning();
  return row!;
}

/** Coins (centavos) in a user's wallet, with the ledger row that explains them. */
export async function giveCoins(db: Db, userId: number, amount: number) {
  await db.insert(wallets).values({ userId, balance: amount });
  await db.insert(walletEntries).values({ userId, amount, balanceAfter: amount, reason: 'signup_reward', description: 'Test coins' });
}
