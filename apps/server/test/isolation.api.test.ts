import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundles, classes, enrollments, modules } from '../src/db/schema/index';
import { createBundle, createCourse, createEnrolment, createStudent } from './support/factories';
import { request, type RequestOptions } from './support/http';
import { uploadFile } from './support/multipart';
import { serverForFile } from './support/server';
import { makeSchool, type TestSchool } from './support/tenants';

/**
 * Every id-taking endpoint, asked for another user's or another school's data, answers 404 exactly like
 * a missing row. Each case has a positive control (the rightful caller does not get 404), so that a
 * route answering 404 to everybody would fail here too.
 */
const ctx = serverForFile();
let a: TestSchool;
let b: TestSchool;
let photo: Buffer;

beforeAll(async () => {
  a = await makeSchool(ctx.server);
  b = await makeSchool(ctx.server);
  photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
});

interface Call {
  name: string;
  /** Anonymous callers get 401 first: only logged-in callers are asked. */
  needsLogin?: boolean;
  send(options: RequestOptions): ReturnType<typeof request>;
}

const call = (method: string, path: () => string, body?: () => unknown): Call => ({
  name: `${method} ${path.toString().replace(/^\(\) => /, '')}`,
  needsLogin: method !== 'GET',
  send: (options) => request(ctx.server.url, path(), { method, ...(body ? { body: body() } : {}), ...options }),
});

const studentForm = { first_name: 'Iso', middle_name: ' ', last_name: 'Lated', mobile_number: '9170000000', country_code: '63', birthday: '1990-01-01', gender: 'F', type: 'P' };
const userForm = { first_name: 'Iso', middle_name: ' ', last_name: 'Lated', mobile_number: '9170000000', country_code: '63' };
// Valid in shape, so the request reaches the handler; its ids need not exist (the owner gets a 400 for them).
const mcleForm = { roll_number: '1', ibp_chapter: 1, law_school: 'others', law_school_others: 'X', company: 'C', position: 'P', address: 'A', region: '1300000000', province: '1300000000', city: '1', zip_code: '1000', consent: true };

/** Records of one account: the account belongs to the person, at every school. */
const accountCalls = (): Call[] => [
  call('GET', () => `/api/v1/students/${a.student.studentId}/`),
  call('PUT', () => `/api/v1/students/${a.student.studentId}/`, () => studentForm),
  call('GET', () => `/api/v1/users/${a.student.userId}/`),
  call('PUT', () => `/api/v1/users/${a.student.userId}/`, () => userForm),
  {
    name: 'PATCH /users/{id}/ (photo)',
    send: (options) => uploadFile(ctx.server.url, `/api/v1/users/${a.student.userId}/`, { field: 'photo', name: 'p.png', type: 'image/png', data: photo }, options),
  },
  call('PUT', () => `/api/v1/students/${a.student.studentId}/mcle_profile/`, () => mcleForm),
  call('GET', () => `/api/v1/students/${a.student.studentId}/enrollments/`),
  call('GET', () => `/api/v1/students/${a.student.studentId}/certificates/`),
];

/** What school A publishes, reached through its own host only. */
const schoolCalls = (): Call[] => [
  call('GET', () => `/api/v1/schools/${a.id}/courses/`),
  call('GET', () => `/api/v1/schools/${a.id}/top_courses/`),
  call('GET', () => `/api/v1/schools/${a.id}/featured_material/`),
  call('GET', () => `/api/v1/schools/${a.id}/subcategories/`),
  call('GET', () => `/api/v1/schools/${a.id}/bundles/`),
  call('GET', () => `/api/v1/schools/${a.id}/socials`),
  call('GET', () => `/api/v1/courses/${a.course}/`),
  call('GET', () => `/api/v1/courses/${a.course}/similar_courses/`),
  call('GET', () => `/api/v1/course/bundles/${a.bundle}/`),
  call('GET', () => `/api/v1/classes/${a.classId}/schedule/`),
  call('POST', () => '/api/v1/student/enrollment/', () => ({ course: a.course, action: 'free' })),
  call('POST', () => '/api/v1/enrollment/bundle/', () => ({ bundle: a.bundle, action: 'free' })),
  { ...call('GET', () => `/api/v1/coursewares/${a.courseware}/`), needsLogin: true },
  call('POST', () => `/api/v1/coursewares/${a.courseware}/complete/`),
  call('POST', () => `/api/v1/coursewares/${a.courseware}/problems/`, () => ({ detail: 'Blocked' })),
  call('POST', () => '/api/v1/conference-rooms/attendance/', () => ({ code: a.roomCode, event: 'joined' })),
  call('POST', () => '/api/v1/progress/', () => ({ courseware_id: a.courseware, seconds: 1 })),
  call('POST', () => `/api/v1/courses/${a.course}/start/`),
  call('POST', () => `/api/v1/courses/${a.course}/end/`),
  call('POST', () => `/api/v1/video-questions/${a.videoQuestion}/answer/`, () => ({ answer: ['b'] })),
  { ...call('GET', () => `/api/v1/exams/${a.exam}/`), needsLogin: true },
  call('POST', () => `/api/v1/exams/${a.exam}/start/`),
  call('POST', () => `/api/v1/exam/questions/${a.examQuestion}/submit/`, () => ({ answer: 'mine' })),
  call('GET', () => `/api/v1/payment/fetch_channels/?content_type=course&object_id=${a.course}`),
  call('GET', () => `/api/v1/payment/fetch_channels/?content_type=bundle&object_id=${a.bundle}`),
  call('GET', () => `/api/v1/payment/fetch_channels/?content_type=class&object_id=${a.classId}`),
  call('POST', () => '/api/v1/payment/fees/', () => ({ content_type: 'course', object_id: a.course })),
  { ...call('GET', () => `/api/v1/vouchers/ANY/course/${a.course}/`), needsLogin: true },
  { ...call('GET', () => `/api/v1/vouchers/ANY/bundle/${a.bundle}/`), needsLogin: true },
  call('POST', () => `/api/v1/wallets/apply_coins/course/${a.course}/`, () => ({ coins: 1 })),
  {
    name: 'POST /payment/process/',
    needsLogin: true,
    send: (options) => request(ctx.server.url, '/api/v1/payment/process/', { method: 'POST', body: { content_type: 'course', object_id: a.course }, ...options, headers: { 'idempotency-key': randomUUID() } }),
  },
  ...forumCalls(),
];

/** School A's forum: its lists, and every call that takes a question's, an answer's or a comment's id. */
const forumCalls = (): Call[] => [
  ...['latest/', 'unanswered/', 'summary/', 'search/?keyword=post', 'tag/tag/'].map((list) => call('GET', () => `/api/v1/schools/${a.id}/forums/${list}`)),
  call('GET', () => `/api/v1/forums/questions/${a.forum.question}/`),
  call('POST', () => '/api/v1/forums/questions/', () => ({ title: 'Mine', description: 'Text', school: a.id })),
  call('PATCH', () => `/api/v1/forums/questions/${a.forum.question}/`, () => ({ title: 'Edited' })),
  ...['upvote', 'downvote', 'close', 'hide', 'unhide'].map((action) => call('POST', () => `/api/v1/forums/questions/${a.forum.question}/${action}/`)),
  call('POST', () => '/api/v1/forums/answers/', () => ({ question: a.forum.question, answer_text: 'Answer' })),
  call('PATCH', () => `/api/v1/forums/answers/${a.forum.answer}/`, () => ({ answer_text: 'Edited' })),
  ...['upvote', 'downvote', 'accept', 'hide', 'unhide'].map((action) => call('POST', () => `/api/v1/forums/answers/${a.forum.answer}/${action}/`)),
  call('POST', () => '/api/v1/forums/question/comments/', () => ({ question: a.forum.question, comment_text: 'Comment' })),
  call('POST', () => '/api/v1/forums/answer/comments/', () => ({ answer: a.forum.answer, comment_text: 'Comment' })),
  ...(['question', 'answer'] as const).flatMap((on) => {
    const id = () => (on === 'question' ? a.forum.questionComment : a.forum.answerComment);
    return [
      call('PATCH', () => `/api/v1/forums/${on}/comments/${id()}/`, () => ({ comment_text: 'Edited' })),
      call('POST', () => `/api/v1/forums/${on}/comments/${id()}/hide/`),
      call('POST', () => `/api/v1/forums/${on}/comments/${id()}/unhide/`),
    ];
  }),
];

/** A student's payment: theirs alone; the school's administrators may only settle a cash one. */
const transactionCalls = (): Call[] => [
  { ...call('GET', () => `/api/v1/transaction/${a.transaction}/`), needsLogin: true },
  { ...call('GET', () => `/api/v1/payment/bux/fetch_details/?txn_id=${a.transaction}`), needsLogin: true },
  // Last: the owner's call cancels the payment (the calls above read it still pending).
  call('POST', () => `/api/v1/payment/transactions/${a.transaction}/cancel/`),
];

/** A student's study record of a course: theirs alone, through their course's school. */
const enrolmentCalls = (): Call[] => [
  { ...call('GET', () => `/api/v1/enrollments/${a.enrollment}/`), needsLogin: true },
  call('PATCH', () => `/api/v1/enrollments/${a.enrollment}/`, () => ({ notes: 'mine' })),
];

/** What only school A's staff may see: unpublished courses and bundles. */
const staffCalls = (): Call[] => [
  call('GET', () => `/api/v1/courses/${a.hiddenCourse}/`),
  call('GET', () => `/api/v1/courses/${a.hiddenCourse}/similar_courses/`),
  call('GET', () => `/api/v1/course/bundles/${a.hiddenBundle}/`),
];

describe("another user's account", () => {
  it.each(accountCalls().map((c) => [c.name, c] as const))('%s: 404 for another student, staff of either school; not for the owner', async (_name, c) => {
    for (const [who, token] of [
      ['other student', b.student.token],
      ['staff of another school', b.admin.token],
      ["staff of the student's school", a.admin.token],
    ] as const) {
      const res = await c.send({ token, host: a.host });
      expect(res.status, `${who}: ${res.text}`).toBe(404);
    }
    const own = await c.send({ token: a.student.token, host: a.host });
    expect(own.status, own.text).not.toBe(404);
    // The account is the person's at every school: their own record answers through any school's site.
    const elsewhere = await c.send({ token: a.student.token, host: b.host });
    expect(elsewhere.status, elsewhere.text).not.toBe(404);
  });
});

describe("another student's enrolment", () => {
  it.each(enrolmentCalls().map((c) => [c.name, c] as const))('%s: 404 for another student and for staff, here or through another school', async (_name, c) => {
    for (const [who, token, host] of [
      ['other student', b.student.token, a.host],
      ['staff of the school', a.admin.token, a.host],
      ['staff of another school', b.admin.token, b.host],
      ['the owner through another school', a.student.token, b.host],
    ] as const) {
      const res = await c.send({ token, host });
      expect(res.status, `${who}: ${res.text}`).toBe(404);
    }
    const own = await c.send({ token: a.student.token, host: a.host });
    expect(own.status, own.text).toBe(200);
  });
});

describe("another student's certification statement", () => {
  it('is 404 for anybody but the student, here or through another school', async () => {
    const body = { full_name: 'Test Student', signature: `data:image/png;base64,${photo.toString('base64')}`, agree: true };
    const sign = (token: string, host: string) => request(ctx.server.url, `/api/v1/enrollments/${a.enrollment}/certification/`, { method: 'POST', body, token, host });
    for (const [who, token, host] of [
      ['other student', b.student.token, a.host],
      ['staff of the school', a.admin.token, a.host],
      ['staff of another school', b.admin.token, b.host],
      ['the owner through another school', a.student.token, b.host],
    ] as const) {
      expect((await sign(token, host)).status, who).toBe(404);
    }
    // The owner is heard (the course is not finished yet).
    expect((await sign(a.student.token, a.host)).body).toEqual({ detail: 'Finish the course before signing the certification statement.' });
  });
});

describe("a student's pending payments", () => {
  it("are listed through their school's site only, never another student's", async () => {
    const list = (token: string, host: string) => request(ctx.server.url, '/api/v1/payment/pending/', { token, host });
    // Before the payment calls below, one of which cancels it.
    const own = await list(a.student.token, a.host);
    expect(own.body.map((p: { id: number }) => p.id), own.text).toContain(a.transaction);
    for (const [who, token, host] of [
      ['the owner through another school', a.student.token, b.host],
      ['other student', b.student.token, a.host],
      ['staff of the school', a.admin.token, a.host],
    ] as const) {
      const res = await list(token, host);
      expect(res.status, `${who}: ${res.text}`).toBe(200);
      expect(res.body.map((p: { id: number }) => p.id), who).not.toContain(a.transaction);
    }
  });
});

describe("another student's payment", () => {
  it.each(transactionCalls().map((c) => [c.name, c] as const))('%s: 404 for another student and for staff elsewhere; refused to the school\'s staff', async (_name, c) => {
    for (const [who, token, host] of [
      ['other student', b.student.token, a.host],
      ['staff of another school', b.admin.token, b.host],
      ['the owner through another school', a.student.token, b.host],
    ] as const) {
      const res = await c.send({ token, host });
      expect(res.status, `${who}: ${res.text}`).toBe(404);
    }
    expect((await c.send({ token: a.instructor.token, host: a.host })).status).toBe(404);
    expect((await c.send({ token: a.admin.token, host: a.host })).status).toBe(403);
    const own = await c.send({ token: a.student.token, host: a.host });
    expect(own.status, own.text).toBe(200);
  });

  it('settling a payment: 404 outside the school, 403 for its student, and only a cash payment', async () => {
    const settle = (token: string, host: string) => request(ctx.server.url, `/api/v1/payment/transactions/${a.transaction}/confirm/`, { method: 'POST', body: {}, token, host });
    expect((await settle(b.admin.token, b.host)).status).toBe(404);
    expect((await settle(b.admin.token, a.host)).status).toBe(404);
    expect((await settle(a.student.token, b.host)).status).toBe(404);
    expect((await settle(a.student.token, a.host)).status).toBe(403);
    expect((await settle(a.admin.token, a.host)).body).toEqual({ detail: 'Only a pending payment to the school can be confirmed or declined.' });
  });
});

describe("another school's data", () => {
  it.each(schoolCalls().map((c) => [c.name, c] as const))('%s: 404 through the other school\'s host, for anybody', async (_name, c) => {
    for (const [who, token] of [
      ['anonymous', undefined],
      ['student of the other school', b.student.token],
      ['staff of the other school', b.admin.token],
      ["the school's own student", a.student.token],
    ] as const) {
      if (c.needsLogin && !token) continue;
      const res = await c.send({ token, host: b.host });
      expect(res.status, `${who}: ${res.text}`).toBe(404);
    }
    const own = await c.send({ token: a.student.token, host: a.host });
    expect(own.status, own.text).not.toBe(404);
  });

  it.each(staffCalls().map((c) => [c.name, c] as const))('%s: unpublished, so 404 for all but the school\'s staff', async (_name, c) => {
    for (const [who, token] of [
      ['anonymous', undefined],
      ['student', a.student.token],
      ['staff of another school', b.admin.token],
    ] as const) {
      const res = await c.send({ token, host: a.host });
      expect(res.status, `${who}: ${res.text}`).toBe(404);
    }
    for (const staff of [a.admin, a.instructor]) {
      const res = await c.send({ token: staff.token, host: a.host });
      expect(res.status, res.text).toBe(200);
    }
    // Staff of A are nobody special through B's site.
    expect((await c.send({ token: a.admin.token, host: b.host })).status).toBe(404);
  });

  it('an unknown host is no school', async () => {
    const res = await request(ctx.server.url, `/api/v1/courses/${a.course}/`, { host: 'nosuchschool.localhost' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'School not found.', code: 'school_not_found' });
  });
});

describe('abilities', () => {
  const abilities = async (token: string | undefined, host: string, path: string) => (await request(ctx.server.url, path, { token, host })).body.abilities;

  it("a course says what the caller may do with it, by the caller's role at this school", async () => {
    const path = `/api/v1/courses/${a.course}/`;
    expect(await abilities(undefined, a.host, path)).toEqual({ view: true, enrol: false, preview: false, edit: false });
    expect(await abilities(a.student.token, a.host, path)).toEqual({ view: true, enrol: true, preview: false, edit: false });
    expect(await abilities(b.student.token, a.host, path)).toEqual({ view: true, enrol: true, preview: false, edit: false });
    expect(await abilities(a.admin.token, a.host, path)).toEqual({ view: true, enrol: false, preview: true, edit: true });
    expect(await abilities(a.instructor.token, a.host, path)).toEqual({ view: true, enrol: false, preview: true, edit: false });
    expect(await abilities(b.admin.token, a.host, path)).toEqual({ view: true, enrol: false, preview: false, edit: false });
  });

  it('a bundle too', async () => {
    const path = `/api/v1/course/bundles/${a.bundle}/`;
    expect(await abilities(a.student.token, a.host, path)).toEqual({ view: true, enrol: true, edit: false });
    expect(await abilities(a.admin.token, a.host, path)).toEqual({ view: true, enrol: false, edit: true });
  });

  it('staff of a school are refused enrolment with the spec\'s words', async () => {
    const res = await request(ctx.server.url, '/api/v1/student/enrollment/', { token: a.admin.token, host: a.host, body: { course: a.course, action: 'free' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('not_student');
  });
});

/** The database itself keeps a school's child rows inside it, whatever a query forgets (composite keys). */
describe('rows that would cross schools', () => {
  const db = () => ctx.server.database.db;

  it('a module, class or enrolment cannot point into another school', async () => {
    const other = await createStudent(db());
    const refused = async (insert: () => Promise<unknown>) => {
      const error = await insert().then(() => null, (e: { cause?: { code?: string }; code?: string }) => e);
      expect(error?.cause?.code ?? error?.code).toBe('23503');
    };
    await refused(() => db().insert(modules).values({ schoolId: b.id, courseId: a.course, name: 'M', position: 1 }));
    await refused(() => db().insert(classes).values({ schoolId: b.id, courseId: a.course, name: 'C' }));
    await refused(() => db().insert(enrollments).values({ schoolId: b.id, userId: other.user.id, courseId: a.course, status: 'free' }));
    await refused(() => db().insert(enrollments).values({ schoolId: a.id, userId: other.user.id, courseId: a.course, classId: b.classId, status: 'free' }));
    await refused(() => db().insert(enrollments).values({ schoolId: a.id, userId: other.user.id, courseId: a.course, bundleId: b.bundle, status: 'free' }));
    expect(await db().select().from(enrollments).where(eq(enrollments.userId, other.user.id))).toEqual([]);
  });

  it("deleting a class or bundle keeps its enrolments and their school, clearing only the reference", async () => {
    const course = await createCourse(db());
    const student = await createStudent(db(), { school: course.school });
    const [cls] = await db().insert(classes).values({ schoolId: course.schoolId, courseId: course.id, name: 'Doomed' }).returning();
    const bundle = await createBundle(db(), { school: course.school, courses: [course] });
    const enrolment = await createEnrolment(db(), { student, course, classId: cls!.id, bundleId: bundle.id });
    await db().delete(classes).where(eq(classes.id, cls!.id));
    await db().delete(bundles).where(eq(bundles.id, bundle.id));
    const [row] = await db().select().from(enrollments).where(eq(enrollments.id, enrolment.id));
    expect(row).toMatchObject({ schoolId: course.schoolId, courseId: course.id, classId: null, bundleId: null });
  });
});

describe("a student's study record as the school's administrators act on it", () => {
  it('is 404 for the student, an instructor, another school and through another school; the administrator is heard', async () => {
    const complete = (token: string, host: string) => request(ctx.server.url, `/api/v1/enrollments/${a.enrollment}/coursewares/${a.courseware}/complete/`, { method: 'POST', body: {}, token, host });
    for (const [who, token, host] of [
      ['the student', a.student.token, a.host],
      ['an instructor of the school', a.instructor.token, a.host],
      ['staff of another school', b.admin.token, b.host],
      ["another school's staff on this site", b.admin.token, a.host],
      ['the administrator through another school', a.admin.token, b.host],
    ] as const) {
      const res = await complete(token, host);
      expect(res.status, `${who}: ${res.text}`).toBe(404);
    }
    const own = await complete(a.admin.token, a.host);
    expect(own.status, own.text).toBe(200);
  });
});
