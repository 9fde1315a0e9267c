import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importMessages as msg } from '@school/shared/staff/roster-import';
import { classes, enrollments, users } from '../src/db/schema/index';
import { createCourse, createEnrolment, createSchool, createStaff, createStudent, lastMail, waitFor } from './support/factories';
import { humanToken } from './support/human';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

/** A course with a class, its administrator, a student with an account and one already enrolled. */
async function course() {
  const school = await createSchool(db());
  const c = await createCourse(db(), { school, name: 'Criminal Law Review' });
  await db().insert(classes).values({ schoolId: school.id, courseId: c.id, name: 'Saturday' });
  const admin = await createStaff(db(), { school });
  const known = await createStudent(db(), { school, email: `known-${c.id}@example.com` });
  const enrolled = await createEnrolment(db(), { course: c, student: await createStudent(db(), { school, email: `enrolled-${c.id}@example.com` }) });
  const send = (csv: string | Buffer, query = 'dry_run=true', who: { token: string } = admin, host = school.host) =>
    ctx.api.post(`/api/v1/staff/courses/${c.id}/students/import/?${query}`, undefined, { token: who.token, host, rawBody: csv, headers: { 'content-type': 'text/csv' } });
  return { school, course: c, admin, known, enrolled, send };
}

const enrolmentsOf = async (courseId: number) => (await db().select().from(enrollments).where(eq(enrollments.courseId, courseId))).length;

describe('POST /staff/courses/{id}/students/import/', () => {
  it('says in a dry run what each line would do, writing nothing; the run invites, enrols and reports its progress', async () => {
    const s = await course();
    const fresh = `fresh-${s.course.id}@example.com`;
    const file = ['Email,Class', `${s.known.user.email},saturday`, s.enrolled.student.user.email, `${fresh},`, 'not-an-address,', `${s.known.user.email.toUpperCase()},`, `other-${s.course.id}@example.com,Sunday`].join('\r\n');
    const plan = await s.send(`\uFEFF${file}\r\n`);
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body.counts).toEqual({ invite: 1, enrol: 1, already: 1, error: 3 });
    expect(plan.body.rows.map((r: { line: number; outcome: string; reason: string | null }) => [r.line, r.outcome, r.reason])).toEqual([
      [2, 'enrol', null],
      [3, 'already', null],
      [4, 'invite', null],
      [5, 'error', msg.badEmail],
      [6, 'error', msg.duplicate],
      [7, 'error', msg.unknownClass],
    ]);
    expect(await enrolmentsOf(s.course.id)).toBe(1);
    expect(await db().select().from(users).where(sql`lower(${users.email}) = ${fresh}`)).toEqual([]);

    const started = await s.send(file, 'as=free');
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ state: 'queued', total: 6, done: 0 });
    const done = await waitFor(async () => {
      const res = await ctx.api.get(`/api/v1/staff/courses/${s.course.id}/students/import/${started.body.id}/`, { token: s.admin.token, host: s.school.host });
      return res.body.state === 'done' ? res.body : undefined;
    }, 20_000);
    expect(done).toMatchObject({ total: 6, done: 6, counts: { invite: 1, enrol: 1, already: 1, error: 3 } });
    expect(done.errors.map((e: { line: number }) => e.line)).toEqual([5, 6, 7]);
    expect(await enrolmentsOf(s.course.id)).toBe(3);
    const [saturday] = await db().select().from(classes).where(eq(classes.courseId, s.course.id));
    expect((await db().select().from(enrollments).where(and(eq(enrollments.courseId, s.course.id), eq(enrollments.userId, s.known.user.id))))[0]).toMatchObject({ status: 'free', classId: saturday!.id });

    // The new address has an account, not verified until it chooses a password through its invitation.
    const [invited] = await db().select().from(users).where(sql`lower(${users.email}) = ${fresh}`);
    expect(invited).toMatchObject({ role: 'ST', isVerified: false, passwordHash: null, schoolId: s.school.id });
    const mail = await lastMail(ctx.server.url, fresh, { subject: 'You are enrolled in Criminal Law Review' });
    const link = /(http\S+\/reset_password\/\S+)/.exec(mail.text)![1]!;
    const reset = await ctx.api.post(
      '/api/v1/account/reset-password/',
      { uid_and_token_b64: link.split('/reset_password/')[1], password: 'newpass123', password_confirm: 'newpass123', 'g-recaptcha-response': await humanToken(ctx.server.url) },
      { host: s.school.host },
    );
    expect(reset.status, reset.text).toBeLessThan(300);
    expect((await db().select().from(users).where(eq(users.id, invited!.id)))[0]!.isVerified).toBe(true);
  });

  it('refuses a file it cannot read: another encoding, no email column, no lines, broken quoting, too many lines', async () => {
    const s = await course();
    expect((await s.send(Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xe9, 0x40, 0x78, 0x2e, 0x70, 0x68, 0x0a]))).body.detail).toBe(msg.notUtf8);
    expect((await s.send('name,class\nMaria,Saturday\n')).body.detail).toBe(msg.noEmailColumn);
    expect((await s.send('email\n')).body.detail).toBe(msg.empty);
    expect((await s.send('email\n"unclosed@example.com\n')).body.detail).toMatch(/^The file is not a CSV file the import can read: /);
    const many = ['email', ...Array.from({ length: 10_001 }, (_, i) => `s${i}@example.com`)].join('\n');
    expect((await s.send(many)).body.detail).toBe(msg.tooMany);
    expect((await ctx.api.post(`/api/v1/staff/courses/${s.course.id}/students/import/?dry_run=true`, { email: 'x' }, { token: s.admin.token, host: s.school.host })).status).toBe(400);
    expect((await s.send('email\na@example.com\n', 'as=paid')).body).toEqual({ note: [msg.noteRequired] });
  });

  it('plans 10,000 lines in one dry run', async () => {
    const s = await course();
    const file = ['email', ...Array.from({ length: 10_000 }, (_, i) => `bulk${i}-${s.course.id}@example.com`)].join('\n');
    const plan = await s.send(file);
    expect(plan.status).toBe(200);
    expect(plan.body.counts).toEqual({ invite: 10_000, enrol: 0, already: 0, error: 0 });
    expect(plan.body.rows.at(-1)).toMatchObject({ line: 10_001, outcome: 'invite' });
  });

  it("is the school's administrators': an instructor is refused, another school and a student do not get in, another course's import is not found", async () => {
    const s = await course();
    const teacher = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    expect((await s.send('email\na@example.com\n', 'dry_run=true', teacher)).status).toBe(403);
    const foreign = await createStaff(db());
    expect((await s.send('email\na@example.com\n', 'dry_run=true', foreign, foreign.school.host)).status).toBe(404);
    expect((await s.send('email\na@example.com\n', 'dry_run=true', s.known)).status).toBe(403);
    const started = await s.send('email\na@example.com\n', 'as=pay_later');
    const other = await createCourse(db(), { school: s.school });
    expect((await ctx.api.get(`/api/v1/staff/courses/${other.id}/students/import/${started.body.id}/`, { token: s.admin.token, host: s.school.host })).status).toBe(404);
  });
});
