import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classMessages as m } from '@school/shared/staff/classes';
import { outlineMessages } from '@school/shared/staff/outline';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, classSchedules, classes } from '../src/db/schema/index';
import { createCourse, createEnrolment, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

async function school() {
  const s = await createSchool(db());
  const course = await createCourse(db(), { school: s, name: 'Trial Advocacy', classEnrollmentOnly: true });
  const admin = await createStaff(db(), { school: s });
  const as = (who: { token: string }, headers: Record<string, string> = {}) => ({ token: who.token, host: s.host, headers });
  return { school: s, course, admin, as };
}

const session = (extra: object = {}) => ({ date: '2026-12-05', start_time: '09:00', end_time: '12:00', instructor: 'Atty. Cruz', type: 'Online', ...extra });
const sessionsOf = async (classId: number) => db().select().from(classSchedules).where(eq(classSchedules.classId, classId)).orderBy(asc(classSchedules.date));

describe('the classes of a course in the console', () => {
  it('creates a class with its sessions, lists it, and saves sessions changed, added and removed with If-Match, audited', async () => {
    const s = await school();
    const made = await ctx.api.post(`/api/v1/staff/courses/${s.course.id}/classes/`, { name: 'Saturday Class', fee: 1200.5, sessions: [session(), session({ date: '2026-12-12' })] }, s.as(s.admin));
    expect(made.status).toBe(201);
    expect(made.headers.etag).toBe('"v1"');
    expect(made.body).toMatchObject({ name: 'Saturday Class', fee: 1200.5, enrolments: 0, version: 1, sessions: [{ date: '2026-12-05', start_time: '09:00' }, { date: '2026-12-12' }] });
    expect((await db().select().from(classes).where(eq(classes.id, made.body.id)))[0]!.fee).toBe(120050);

    const list = await ctx.api.get(`/api/v1/staff/courses/${s.course.id}/classes/`, s.as(s.admin));
    expect(list.body).toEqual([made.body]);

    const [first, second] = made.body.sessions as { id: number }[];
    const body = { name: 'Saturday Morning Class', fee: 1200.5, sessions: [{ ...session({ start_time: '08:00' }), id: first!.id }, session({ date: '2026-12-19', type: 'Face to face' })] };
    expect(await ctx.api.put(`/api/v1/staff/classes/${made.body.id}/`, body, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    const saved = await ctx.api.put(`/api/v1/staff/classes/${made.body.id}/`, body, s.as(s.admin, at(1)));
    expect(saved).toMatchObject({ status: 200, body: { name: 'Saturday Morning Class', version: 2 } });
    const rows = await sessionsOf(made.body.id);
    // The first session kept its id (its reminders' keys), the second went, a third came.
    expect(rows.map((r) => [r.id === first!.id, r.id === second!.id, r.date, r.startTime, r.type])).toEqual([
      [true, false, '2026-12-05', '08:00:00', 'Online'],
      [false, false, '2026-12-19', '09:00:00', 'Face to face'],
    ]);
    expect(await ctx.api.put(`/api/v1/staff/classes/${made.body.id}/`, { ...body, name: 'Late' }, s.as(s.admin, at(1)))).toMatchObject({ status: 412, body: { updated_by: { id: s.admin.user.id }, current: { name: 'Saturday Morning Class' } } });
    const actions = await db().select({ action: auditLog.action, changes: auditLog.changes }).from(auditLog).where(eq(auditLog.schoolId, s.school.id)).orderBy(asc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(['class.create', 'class.update']);
    expect(actions[1]!.changes).toMatchObject({ name: { before: 'Saturday Class', after: 'Saturday Morning Class' } });
  });

  it('refuses sessions that end before they start, a session of another class, and a bad time, writing nothing', async () => {
    const s = await school();
    const path = `/api/v1/staff/courses/${s.course.id}/classes/`;
    expect((await ctx.api.post(path, { name: 'Evening', sessions: [session({ end_time: '08:00' })] }, s.as(s.admin))).body).toEqual({ sessions: [m.endBeforeStart] });
    expect((await ctx.api.post(path, { name: 'Evening', sessions: [session({ start_time: '9am' })] }, s.as(s.admin))).body).toEqual({ sessions: [outlineMessages.clock] });
    expect((await ctx.api.post(path, { name: ' ', sessions: [] }, s.as(s.admin))).body).toEqual({ name: [m.nameRequired] });

    const other = await ctx.api.post(path, { name: 'Other', sessions: [session()] }, s.as(s.admin));
    const mine = await ctx.api.post(path, { name: 'Mine', sessions: [session()] }, s.as(s.admin));
    const stolen = other.body.sessions[0].id as number;
    expect((await ctx.api.put(`/api/v1/staff/classes/${mine.body.id}/`, { name: 'Mine, renamed', sessions: [{ ...session(), id: stolen }] }, s.as(s.admin, at(1)))).body).toEqual({ sessions: [m.unknownSession] });
    // Nothing of the refused save stays: the name, the version, the sessions of both classes.
    expect((await db().select().from(classes).where(eq(classes.id, mine.body.id)))[0]).toMatchObject({ name: 'Mine', version: 1 });
    expect((await sessionsOf(mine.body.id)).map((r) => r.id)).toEqual([mine.body.sessions[0].id]);
    expect((await sessionsOf(other.body.id)).map((r) => r.id)).toEqual([stolen]);
  });

  it('deletes a class nobody took, and refuses one with an enrolment (409)', async () => {
    const s = await school();
    const path = `/api/v1/staff/courses/${s.course.id}/classes/`;
    const empty = await ctx.api.post(path, { name: 'Empty', sessions: [session()] }, s.as(s.admin));
    expect(await ctx.api.delete(`/api/v1/staff/classes/${empty.body.id}/`, s.as(s.admin, at(2)))).toMatchObject({ status: 412 });
    expect(await ctx.api.delete(`/api/v1/staff/classes/${empty.body.id}/`, s.as(s.admin, at(1)))).toMatchObject({ status: 200, body: { detail: m.deleted } });
    expect(await db().$count(classSchedules, eq(classSchedules.classId, empty.body.id))).toBe(0);

    const taken = await ctx.api.post(path, { name: 'Taken', sessions: [session()] }, s.as(s.admin));
    const student = await createStudent(db(), { school: s.school });
    await createEnrolment(db(), { student, course: s.course, classId: taken.body.id });
    expect(await ctx.api.delete(`/api/v1/staff/classes/${taken.body.id}/`, s.as(s.admin, at(1)))).toMatchObject({ status: 409, body: { detail: m.inUse } });
    expect((await ctx.api.get(path, s.as(s.admin))).body.map((c: { name: string; enrolments: number }) => [c.name, c.enrolments])).toEqual([['Taken', 1]]);
  });

  it("refuses nobody (401), a student (403), an instructor of another course (403), and another school (404)", async () => {
    const s = await school();
    const cls = await ctx.api.post(`/api/v1/staff/courses/${s.course.id}/classes/`, { name: 'Mine', sessions: [session()] }, s.as(s.admin));
    const student = await createStudent(db(), { school: s.school });
    const elsewhere = await createCourse(db(), { school: s.school });
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [elsewhere] });
    const own = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    const foreign = await createStaff(db());
    const theirs = { token: foreign.token, host: foreign.school.host, headers: at(1) };
    const body = { name: 'Taken over', sessions: [] };
    expect((await ctx.api.get(`/api/v1/staff/courses/${s.course.id}/classes/`, { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.get(`/api/v1/staff/courses/${s.course.id}/classes/`, s.as(student))).status).toBe(403);
    expect((await ctx.api.get(`/api/v1/staff/courses/${s.course.id}/classes/`, s.as(instructor))).status).toBe(403);
    expect((await ctx.api.put(`/api/v1/staff/classes/${cls.body.id}/`, body, s.as(instructor, at(1)))).status).toBe(403);
    expect((await ctx.api.get(`/api/v1/staff/courses/${s.course.id}/classes/`, theirs)).status).toBe(404);
    expect((await ctx.api.post(`/api/v1/staff/courses/${s.course.id}/classes/`, body, theirs)).status).toBe(404);
    expect((await ctx.api.put(`/api/v1/staff/classes/${cls.body.id}/`, body, theirs)).status).toBe(404);
    expect((await ctx.api.delete(`/api/v1/staff/classes/${cls.body.id}/`, theirs)).status).toBe(404);
    expect((await db().select().from(classes).where(eq(classes.id, cls.body.id)))[0]).toMatchObject({ name: 'Mine', version: 1 });
    // The course's own instructor edits its classes.
    expect((await ctx.api.put(`/api/v1/staff/classes/${cls.body.id}/`, { name: 'Renamed by its instructor', sessions: [] }, s.as(own, at(1)))).status).toBe(200);
  });
});
