import { describe, expect, it } from 'vitest';
import { scheduleMessages as msg } from '@school/shared/schedule/rules';
import type { ClassEvent } from '@school/shared/schedule/schemas';
import { lecturers } from '../src/db/schema/index';
import { createCourse, createEnrolment, createSchool, createStaff, createStudent } from './support/factories';
import { createClassWithSchedule, createLiveClass } from './support/schedule-factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

const classes = (range: { start?: string; end?: string }, options: { token?: string; host?: string }) => {
  const query = new URLSearchParams({ ...(range.start !== undefined ? { date_start: range.start } : {}), ...(range.end !== undefined ? { date_end: range.end } : {}) });
  return ctx.api.get<ClassEvent[]>(`/api/v1/students/classes/?${query}`, options);
};
const march = { start: '2026-03-01', end: '2026-03-31' };

/**
 * A school in Manila (UTC+8, no daylight saving) whose student is enrolled, paid, in class A of a course with a
 * lecturer: class A meets on the range's first and last days and once after it; class B (not the student's)
 * meets inside it; the course has a live class inside the range and one before it.
 */
async function enrolledInClass() {
  const school = await createSchool(db(), { timeZone: 'Asia/Manila' });
  const [lecturer] = await db().insert(lecturers).values({ schoolId: school.id, name: 'Justice Lecturer' }).returning();
  const course = await createCourse(db(), { school, name: 'Remedial Law Review', units: 3.5, lecturerId: lecturer!.id });
  const classA = await createClassWithSchedule(
    db(),
    course,
    [
      { date: '2026-03-01', startTime: '09:00', endTime: '12:00', instructor: 'Atty. Cruz', type: 'Online' },
      { date: '2026-03-31', startTime: '18:00', endTime: '21:00', instructor: 'Prof. Lim', type: 'Face to face' },
      { date: '2026-04-01', startTime: '09:00', endTime: '12:00' },
    ],
    'Saturday Morning Class',
  );
  const classB = await createClassWithSchedule(db(), course, [{ date: '2026-03-15', startTime: '09:00', endTime: '12:00' }], 'Weekday Evening Class');
  const live = await createLiveClass(db(), course, { date: '2026-03-10', startTime: '14:00', endTime: '16:30', name: 'Live open forum' });
  const earlier = await createLiveClass(db(), course, { date: '2026-02-28', startTime: '14:00', endTime: '16:00' });
  const student = await createStudent(db(), { school });
  const enrolment = await createEnrolment(db(), { student, course, classId: classA.id, status: 'paid' });
  return { school, course, classA, classB, live, earlier, student, enrolment, as: { token: student.token, host: school.host } };
}

describe('GET /students/classes/', () => {
  it("answers the student's class sessions and live classes within the range, both days included, in the school's time", async () => {
    const s = await enrolledInClass();
    const res = await classes(march, s.as);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        id: `schedule-${s.classA.sessions[0]!.id}`,
        title: 'Saturday Morning Class',
        course_name: 'Remedial Law Review',
        course_slug: s.course.slug,
        instructor: 'Atty. Cruz',
        units: 3.5,
        date: '2026-03-01',
        start_time: '09:00',
        end_time: '12:00',
        // 09:00 in Manila is 01:00 UTC.
        start: '2026-03-01T01:00:00.000Z',
        end: '2026-03-01T04:00:00.000Z',
        type: 'Online',
        class_link: `/course/${s.course.slug}`,
      },
      {
        id: `room-${s.live.id}`,
        title: 'Live open forum',
        course_name: 'Remedial Law Review',
        course_slug: s.course.slug,
        instructor: 'Justice Lecturer',
        units: 3.5,
        date: '2026-03-10',
        start_time: '14:00',
        end_time: '16:30',
        start: '2026-03-10T06:00:00.000Z',
        end: '2026-03-10T08:30:00.000Z',
        type: 'Live class',
        class_link: `/course/${s.course.slug}/module/${s.live.courseware.id}`,
      },
      expect.objectContaining({ id: `schedule-${s.classA.sessions[1]!.id}`, instructor: 'Prof. Lim', type: 'Face to face', start: '2026-03-31T10:00:00.000Z', end: '2026-03-31T13:00:00.000Z' }),
    ]);

    // A one-day range; the days around it.
    expect((await classes({ start: '2026-03-10', end: '2026-03-10' }, s.as)).body.map((e) => e.id)).toEqual([`room-${s.live.id}`]);
    expect((await classes({ start: '2026-02-28', end: '2026-02-28' }, s.as)).body.map((e) => e.id)).toEqual([`room-${s.earlier.id}`]);
    expect((await classes({ start: '2026-04-01', end: '2026-04-30' }, s.as)).body.map((e) => e.id)).toEqual([`schedule-${s.classA.sessions[2]!.id}`]);
    expect((await classes({ start: '2026-05-01', end: '2026-05-31' }, s.as)).body).toEqual([]);
  });

  it("computes instants in the school's own time zone, daylight saving included, and ends late sessions the next day", async () => {
    const school = await createSchool(db(), { timeZone: 'America/New_York' });
    const course = await createCourse(db(), { school });
    const cls = await createClassWithSchedule(db(), course, [
      { date: '2026-01-15', startTime: '09:00', endTime: '10:00' },
      { date: '2026-07-15', startTime: '09:00', endTime: '10:00' },
      { date: '2026-07-16', startTime: '22:00', endTime: '01:00' },
    ]);
    const live = await createLiveClass(db(), course, { date: '2026-07-20', startTime: '00:00', endTime: '23:59' });
    const student = await createStudent(db(), { school });
    await createEnrolment(db(), { student, course, classId: cls.id, status: 'free' });
    const as = { token: student.token, host: school.host };
    expect((await classes({ start: '2026-01-01', end: '2026-01-31' }, as)).body).toMatchObject([{ start: '2026-01-15T14:00:00.000Z', end: '2026-01-15T15:00:00.000Z' }]);
    expect((await classes({ start: '2026-07-01', end: '2026-07-31' }, as)).body).toMatchObject([
      { start: '2026-07-15T13:00:00.000Z', end: '2026-07-15T14:00:00.000Z' },
      { date: '2026-07-16', start_time: '22:00', end_time: '01:00', start: '2026-07-17T02:00:00.000Z', end: '2026-07-17T05:00:00.000Z' },
      // No lecturer on the course: no instructor.
      { id: `room-${live.id}`, instructor: null, start: '2026-07-20T04:00:00.000Z', end: '2026-07-21T03:59:00.000Z' },
    ]);
  });

  it("leaves out other students' enrolments, unpaid ones, another class of the course and unpublished courses", async () => {
    const s = await enrolledInClass();
    // Another student of the same school, in class B of the same course and in a course of their own.
    const other = await createStudent(db(), { school: s.school });
    await createEnrolment(db(), { student: other, course: s.course, classId: s.classB.id, status: 'free' });
    const theirs = await createCourse(db(), { school: s.school });
    await createLiveClass(db(), theirs, { date: '2026-03-12', startTime: '09:00', endTime: '10:00' });
    await createEnrolment(db(), { student: other, course: theirs, status: 'free' });
    expect((await classes(march, s.as)).body.map((e) => e.id)).toEqual([`schedule-${s.classA.sessions[0]!.id}`, `room-${s.live.id}`, `schedule-${s.classA.sessions[1]!.id}`]);
    const otherIds = (await classes(march, { token: other.token, host: s.school.host })).body.map((e) => e.id);
    expect(otherIds).toContain(`schedule-${s.classB.sessions[0]!.id}`);
    expect(otherIds).not.toContain(`schedule-${s.classA.sessions[0]!.id}`);

    // Unpaid enrolments (payment pending, not paid) show nothing; pay later shows.
    for (const status of ['notpaid', 'pending', 'pay_later'] as const) {
      const student = await createStudent(db(), { school: s.school });
      await createEnrolment(db(), { student, course: s.course, classId: s.classA.id, status });
      const ids = (await classes(march, { token: student.token, host: s.school.host })).body.map((e) => e.id);
      expect(ids, status).toEqual(status === 'pay_later' ? [`schedule-${s.classA.sessions[0]!.id}`, `room-${s.live.id}`, `schedule-${s.classA.sessions[1]!.id}`] : []);
    }

    // Enrolled without a class: the course's live classes only.
    const noClass = await createStudent(db(), { school: s.school });
    await createEnrolment(db(), { student: noClass, course: s.course, status: 'free' });
    expect((await classes(march, { token: noClass.token, host: s.school.host })).body.map((e) => e.id)).toEqual([`room-${s.live.id}`]);

    // An unpublished course is gone for its students, as it is from the player.
    const hidden = await createCourse(db(), { school: s.school, isPublished: false });
    await createLiveClass(db(), hidden, { date: '2026-03-20', startTime: '09:00', endTime: '10:00' });
    await createEnrolment(db(), { student: noClass, course: hidden, status: 'free' });
    expect((await classes(march, { token: noClass.token, host: s.school.host })).body.map((e) => e.id)).toEqual([`room-${s.live.id}`]);
  });

  it("shows only the site's school: the same account on another school's host sees that school's classes", async () => {
    const s = await enrolledInClass();
    const elsewhere = await createSchool(db());
    expect(await classes(march, { token: s.student.token, host: elsewhere.host })).toMatchObject({ status: 200, body: [] });
    // Enrolled at the other school too: each site shows its own.
    const course = await createCourse(db(), { school: elsewhere });
    const live = await createLiveClass(db(), course, { date: '2026-03-05', startTime: '10:00', endTime: '11:00' });
    await createEnrolment(db(), { student: s.student, course, status: 'free' });
    expect((await classes(march, { token: s.student.token, host: elsewhere.host })).body.map((e) => e.id)).toEqual([`room-${live.id}`]);
    expect((await classes(march, s.as)).body.map((e) => e.id)).not.toContain(`room-${live.id}`);
  });

  it('refuses bad ranges with field errors', async () => {
    const s = await enrolledInClass();
    expect(await classes({}, s.as)).toMatchObject({ status: 400, body: { date_start: [msg.required], date_end: [msg.required] } });
    expect(await classes({ start: '2026-02-30', end: '03/31/2026' }, s.as)).toMatchObject({ status: 400, body: { date_start: [msg.invalidDate], date_end: [msg.invalidDate] } });
    expect(await classes({ start: '2026-03-01' }, s.as)).toMatchObject({ status: 400, body: { date_end: [msg.required] } });
    expect((await classes({ start: '2026-03-01' }, s.as)).body).not.toHaveProperty('date_start');
    expect(await classes({ start: '2026-03-31', end: '2026-03-01' }, s.as)).toMatchObject({ status: 400, body: { date_end: [msg.endBeforeStart] } });
    // 62 days are fine, 63 are not.
    expect((await classes({ start: '2026-03-01', end: '2026-05-01' }, s.as)).status).toBe(200);
    expect(await classes({ start: '2026-03-01', end: '2026-05-02' }, s.as)).toMatchObject({ status: 400, body: { date_end: [msg.tooLong] } });
  });

  it('needs a login, and answers staff accounts 403', async () => {
    const s = await enrolledInClass();
    expect((await classes(march, { host: s.school.host })).status).toBe(401);
    expect((await classes(march, { token: 'not-a-token', host: s.school.host })).status).toBe(401);
    for (const role of ['SA', 'IN'] as const) {
      const staff = await createStaff(db(), { school: s.school, role });
      expect(await classes(march, { token: staff.token, host: s.school.host }), role).toMatchObject({ status: 403, body: { detail: msg.notStudent, code: 'not_student' } });
    }
  });

  it('is described in the OpenAPI document with its query and events', async () => {
    const doc = (await ctx.api.get('/api/docs/json')).body;
    const op = doc.paths['/api/v1/students/classes/'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['date_end', 'date_start']);
    expect(Object.keys(op.responses['200'].content['application/json'].schema.items.properties)).toContain('class_link');
  });
});
