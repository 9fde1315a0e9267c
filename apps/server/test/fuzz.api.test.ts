import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileServerMessages as s } from '@school/shared/account/messages';
import { loneSurrogateMessage, nullCharacterMessage } from '@school/shared/api/unstorable-text';
import { courses, exams, paymentTransactions, schools } from '../src/db/schema/index';
import { createCourse, createOutline, createSchool, createStaff, registerStudent, unique } from './support/factories';
import { request, type ApiResponse } from './support/http';
import { uploadFile } from './support/multipart';
import { serverForFile } from './support/server';

// Every throttle high enough that the fuzzing itself is never refused before it reaches the handlers.
const ctx = serverForFile({ THROTTLE_MAX: '100000', FORUM_POST_MAX: '100000' });

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[];
}

/** Every documented operation, from the server's own OpenAPI document, plus the hidden outbox pages. */
function operations(): Operation[] {
  const doc = ctx.server.app.swagger() as { paths: Record<string, Record<string, any>> };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const query = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const body = Object.keys(schema?.properties ?? schema?.allOf?.reduce((all: object, s: { properties?: object }) => ({ ...all, ...s.properties }), {}) ?? {});
      found.push({ method: method.toUpperCase(), path, query, body });
    }
  }
  found.push({ method: 'GET', path: '/dev/mailbox', query: ['to'], body: [] }, { method: 'GET', path: '/dev/mailbox.json', query: ['to'], body: [] }, { method: 'GET', path: '/dev/mailbox/{id}', query: [], body: [] });
  return found;
}

// Values that have broken servers: wrong types, edges of numbers, NULs, lone surrogates, huge and deep input.
const badValues: unknown[] = [
  null, true, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, 1e308, '', ' ', '\u0000', 'a\u0000b', '\ud800', '💥', 'x'.repeat(20_000), '-1', '0', '99999999999999999999',
  'NaN', '1e400', '2026-02-30', '../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', [], [1, 'a'], {}, { $gt: '' }, [[[[[[[[[[[]]]]]]]]]]],
];
// Incompressible and long: indexes and keys have size limits that repeated characters never reach.
const noise = randomBytes(6000).toString('base64');
badValues.push(noise, `${noise}@example.com`);

/** A value each field would accept, so that one bad field at a time gets past the others' checks. */
function plausible(field: string): unknown {
  if (field.includes('email')) return `${unique('fz')}@example.com`;
  if (field.includes('password')) return 'secret123';
  if (field === 'username') return unique('fz');
  if (field === 'consent' || field === 'remember_me') return true;
  return '1';
}

const queryValues = ['', '\u0000', '%00', 'a%00b', '-1', '0', '1e400', '99999999999999999999', 'x'.repeat(5000), '%E0%A4%A', '[]', '{}', '%ZZ', '💥', "' or 1=1 --"];
const idValues = ['0', '-1', '1', '2147483648', '99999999999999999999', 'abc', '1.5', '%00', '%20', 'null', "'1'"];
const rawBodies: [string, string][] = [
  ['application/json', '{'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '123'],
  ['application/json', '{"a":"\\u0000"}'],
  ['application/json', '{"__proto__":{"admin":true}}'],
  ['application/json', '\u0000'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data', 'no boundary here'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--xyz--\r\n'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="photo\u0000"; filename="\u0000.png"\r\n\r\nabc\r\n--xyz--\r\n'],
  ['multipart/form-data; boundary=xyz', '--xyz--\r\n'],
  ['application/zip', ''],
  ['application/zip', 'PK\u0003\u0004 a ZIP cut short'],
  ['application/zip', 'PK\u0005\u0006\u0000\u0000\u0000\u0000\u0001\u0000\u0001\u0000\u00ff\u00ff\u00ff\u00ff\u0000\u0000\u0000\u0000\u0000\u0000'],
];

const fill = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

/** The student's own forum posts at the demo school, so that the forum's id-taking routes reach their handlers. */
/** The student's own open payment at the demo school, so that the calls on a transaction reach their handlers. */
async function ownTransaction(userId: number) {
  const db = ctx.server.database.db;
  const [course] = await db
    .select({ id: courses.id, schoolId: courses.schoolId })
    .from(courses)
    .innerJoin(schools, eq(schools.id, courses.schoolId))
    .where(and(eq(schools.domain, 'demo'), gt(courses.fee, 0)))
    .limit(1);
  const amounts = { subtotal: 100, tax: 12, fee: 0, discount: 0, coins: 0, amount: 112 };
  const [txn] = await db
    .insert(paymentTransactions)
    .values({ schoolId: course!.schoolId, userId, contentType: 'course', courseId: course!.id, status: 'Pending', ...amounts, processorType: 'cash', gateway: 'cash', reference: randomUUID(), idempotencyKey: randomUUID(), requestHash: 'fuzz' })
    .returning({ id: paymentTransactions.id });
  return txn!.id;
}

async function forumIds(token: string) {
  const send = async (path: string, body: unknown) => (await request(ctx.server.url, `/api/v1${path}`, { method: 'POST', body, token, host: 'demo.localhost' })).body.id as number;
  const question = await send('/forums/questions/', { title: 'Fuzz', description: 'Fuzz' });
  const answer = await send('/forums/answers/', { question, answer_text: 'Fuzz' });
  const ids: [string, number][] = [
    ['/api/v1/schools/{id}/forums/', (await request(ctx.server.url, '/api/v1/school/demo/')).body.id],
    ['/api/v1/forums/questions/{id}/', question],
    ['/api/v1/forums/answers/{id}/', answer],
    ['/api/v1/forums/question/comments/{id}/', await send('/forums/question/comments/', { question, comment_text: 'Fuzz' })],
    ['/api/v1/forums/answer/comments/{id}/', await send('/forums/answer/comments/', { answer, comment_text: 'Fuzz' })],
  ];
  return (path: string) => ids.find(([prefix]) => path.startsWith(prefix))?.[1];
}

describe('fuzzing every endpoint with malformed input', () => {
  it('never answers a server error, on any route, signed in or not', { timeout: 600_000 }, async () => {
    const student = await registerStudent(ctx.server.url);
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, path: string, options: { rawBody?: string; contentType?: string; token?: string; host?: string }) => {
      sent++;
      let res: ApiResponse;
      try {
        res = await request(ctx.server.url, path, {
          method,
          rawBody: options.rawBody,
          token: options.token,
          host: options.host ?? 'demo.localhost',
          // A fresh Idempotency-Key, so that payment creation reaches its handler; a staff edit names the first version.
          headers: { ...(options.contentType ? { 'content-type': options.contentType } : {}), 'idempotency-key': randomUUID(), 'if-match': '"v1"' },
        });
      } catch (error) {
        failures.push(`${method} ${path}: ${(error as Error).message}`);
        return;
      }
      if (res.status >= 500) failures.push(`${method} ${path} ${options.rawBody?.slice(0, 80) ?? ''} -> ${res.status} ${res.text.slice(0, 120)}`);
    };

    // A student's own records answer at /students/{student id}/ and /users/{user id}/.
    const ownIds = [String(student.id), String(student.student_id)];
    const forumIdOf = await forumIds(student.token);
    const transaction = await ownTransaction(student.id);
    // The staff routes, signed in as an administrator of a school of their own (the demo's courses stay as they are
    // for the test files that share a PostgreSQL database), on a draft of that school.
    const staffSchool = await createSchool(ctx.server.database.db);
    const admin = await createStaff(ctx.server.database.db, { school: staffSchool });
    const draft = await createCourse(ctx.server.database.db, { school: staffSchool, isPublished: false });
    const [examLesson] = await createOutline(ctx.server.database.db, draft, [{ type: 'exam', name: 'Quiz' }]);
    const [draftExam] = await ctx.server.database.db.insert(exams).values({ schoolId: staffSchool.id, coursewareId: examLesson!.id }).returning();
    for (const op of operations()) {
      const staff = op.path.startsWith('/api/v1/staff/');
      const knownId = op.path.startsWith('/api/v1/staff/exams/') ? draftExam!.id : staff ? draft.id : op.path.startsWith('/api/v1/payment/transactions/{id}/') ? transaction : forumIdOf(op.path);
      const own = op.path.includes('{') ? (knownId ? [String(knownId)] : ownIds).map((id) => fill(op.path, id)) : [op.path];
      const host = staff ? staffSchool.host : undefined;
      for (const token of [undefined, staff ? admin.token : student.token]) {
        const paths = op.path.includes('{') ? idValues.map((id) => fill(op.path, encodeURIComponent(id).replace('%2500', '%00'))) : [];
        for (const path of [...paths, ...own]) {
          const json = op.method !== 'GET' && op.method !== 'DELETE';
          await send(op.method, path, { token, host, rawBody: json ? '{}' : undefined, contentType: json ? 'application/json' : undefined });
        }
        for (const path of own) {
          for (const name of op.query) {
            for (const value of queryValues) await send(op.method, `${path}?${encodeURIComponent(name)}=${value}`, { token, host });
            await send(op.method, `${path}?${name}=1&${name}=2`, { token, host });
          }
          if (op.method === 'GET') continue;
          for (const [contentType, rawBody] of rawBodies) await send(op.method, path, { token, host, contentType, rawBody });
          for (const field of op.body) {
            const others = Object.fromEntries(op.body.map((f) => [f, plausible(f)]));
            for (const value of badValues) {
              await send(op.method, path, { token, host, contentType: 'application/json', rawBody: JSON.stringify({ [field]: value }) });
              // With the other fields plausible the value reaches the handler; signed in, for the routes that need it.
              if (token) await send(op.method, path, { token, host, contentType: 'application/json', rawBody: JSON.stringify({ ...others, [field]: value }) });
            }
          }
          if (op.body.length) {
            await send(op.method, path, { token, host, contentType: 'application/json', rawBody: JSON.stringify(Object.fromEntries(op.body.map((f) => [f, '\u0000']))) });
            await send(op.method, path, { token, host, contentType: 'application/json', rawBody: JSON.stringify(Object.fromEntries(op.body.map((f) => [f, 'x'.repeat(300)]))) });
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  });

  it("refuses a NUL in any field or query with Django REST framework's message", async () => {
    const login = await request(ctx.server.url, '/api/v1/api-token-auth/', { method: 'POST', body: { username: 'stu\u0000dent', password: 'x' } });
    expect(login).toMatchObject({ status: 400, body: { username: [nullCharacterMessage] } });
    const search = await request(ctx.server.url, '/api/v1/schools/1/courses/?search_course=a%00b', { host: 'demo.localhost' });
    expect(search).toMatchObject({ status: 400, body: { search_course: [nullCharacterMessage] } });
    const mailbox = await request(ctx.server.url, '/dev/mailbox?to=%00');
    expect(mailbox).toMatchObject({ status: 400, body: { to: [nullCharacterMessage] } });
  });

  it('refuses a lone surrogate in any field or query, which PostgreSQL cannot store either', async () => {
    // JSON.stringify writes the half pair as the escape \ud800, which the server's parser turns back into it.
    const login = await request(ctx.server.url, '/api/v1/api-token-auth/', { method: 'POST', body: { username: 'stu\ud800dent', password: 'x' } });
    expect(login).toMatchObject({ status: 400, body: { username: [loneSurrogateMessage] } });
    const nested = await request(ctx.server.url, '/api/v1/api-token-auth/', { method: 'POST', body: { username: 'student', password: ['x', { '\udc00': 1 }] } });
    expect(nested).toMatchObject({ status: 400, body: { password: [loneSurrogateMessage] } });
  });

  it('answers an empty photo, a cut-short upload and one without a boundary with the photo messages', async () => {
    const student = await registerStudent(ctx.server.url);
    const path = `/api/v1/users/${student.id}/`;
    const empty = await uploadFile(ctx.server.url, path, { field: 'photo', name: 'a.png', type: 'image/png', data: Buffer.alloc(0) }, { token: student.token });
    expect(empty).toMatchObject({ status: 400, body: { photo: [s.photoType] } });
    for (const [contentType, rawBody] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\n\x89PN'],
    ] as const) {
      const res = await request(ctx.server.url, path, { method: 'PATCH', rawBody, token: student.token, headers: { 'content-type': contentType } });
      expect(res).toMatchObject({ status: 400, body: { photo: [s.photoMissing] } });
    }
  });
});
