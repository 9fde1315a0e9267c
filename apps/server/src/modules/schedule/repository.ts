import { and, asc, between, eq, sql } from 'drizzle-orm';
import { CALENDAR_STATUSES } from '@school/shared/schedule/rules';
import type { Db } from '../../db/client';
import { classSchedules, classes, conferenceRooms, courses, coursewares, enrollments, lecturers, modules } from '../../db/schema/index';

const p = sql.placeholder;

/**
 * The statuses written into the statement, not sent as a parameter (see ARCHITECTURE.md, Speed): they are
 * constants of the code, quoted here once.
 */
const attending = sql`${enrollments.status} in (${sql.raw(CALENDAR_STATUSES.map((s) => `'${s}'`).join(', '))})`;

/** The course columns every event shows, and what the course policy needs to decide whether it is visible. */
const courseColumns = { name: courses.name, slug: courses.slug, units: courses.units, schoolId: courses.schoolId, isPublished: courses.isPublished };

export type ScheduleEventRow = Awaited<ReturnType<ReturnType<typeof scheduleRepository>['classSchedules']>>[number];
export type RoomEventRow = Awaited<ReturnType<ReturnType<typeof scheduleRepository>['liveClasses']>>[number];

/** My Classes: one prepared statement per source, bound to the student, the site's school and the days. */
export function scheduleRepository(db: Db) {
  // The sessions of the class each enrolment names (enrollments.class_id), of the enrolment's own course.
  const schedules = db
    .select({
      id: classSchedules.id,
      date: classSchedules.date,
      startTime: classSchedules.startTime,
      endTime: classSchedules.endTime,
      instructor: classSchedules.instructor,
      type: classSchedules.type,
      className: classes.name,
      course: courseColumns,
    })
    .from(enrollments)
    .innerJoin(classes, and(eq(classes.id, enrollments.classId), eq(classes.schoolId, enrollments.schoolId), eq(classes.courseId, enrollments.courseId)))
    .innerJoin(classSchedules, and(eq(classSchedules.classId, classes.id), eq(classSchedules.schoolId, classes.schoolId)))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, p('userId')), eq(enrollments.schoolId, p('schoolId')), attending, between(classSchedules.date, p('dateStart'), p('dateEnd'))))
    .orderBy(asc(classSchedules.date), asc(classSchedules.startTime), asc(classSchedules.id))
    .prepare('schedule_class_schedules');

  // The live classes (class coursewares with a room) of every course the student is enrolled in.
  const rooms = db
    .select({
      id: conferenceRooms.id,
      date: conferenceRooms.date,
      startTime: conferenceRooms.startTime,
      endTime: conferenceRooms.endTime,
      coursewareId: coursewares.id,
      coursewareName: coursewares.name,
      lecturer: lecturers.name,
      course: courseColumns,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(modules, and(eq(modules.courseId, courses.id), eq(modules.schoolId, courses.schoolId)))
    .innerJoin(coursewares, and(eq(coursewares.moduleId, modules.id), eq(coursewares.schoolId, modules.schoolId)))
    .innerJoin(conferenceRooms, and(eq(conferenceRooms.coursewareId, coursewares.id), eq(conferenceRooms.schoolId, coursewares.schoolId)))
    .leftJoin(lecturers, eq(lecturers.id, courses.lecturerId))
    .where(and(eq(enrollments.userId, p('userId')), eq(enrollments.schoolId, p('schoolId')), attending, between(conferenceRooms.date, p('dateStart'), p('dateEnd'))))
    .orderBy(asc(conferenceRooms.date), asc(conferenceRooms.startTime), asc(conferenceRooms.id))
    .prepare('schedule_live_classes');

  return {
    classSchedules: (q: { userId: number; schoolId: number; dateStart: string; dateEnd: string }) => schedules.execute(q),
    liveClasses: (q: { userId: number; schoolId: number; dateStart: string; dateEnd: string }) => rooms.execute(q),
  };
}
