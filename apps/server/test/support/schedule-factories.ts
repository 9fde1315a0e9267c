import type { Db } from '../../src/db/client';
import { classSchedules, classes, conferenceRooms, type courses } from '../../src/db/schema/index';
import { createOutline, unique } from './factories';

type CourseRow = Pick<typeof courses.$inferSelect, 'id' | 'schoolId'>;

export interface SessionValues {
  date: string;
  startTime: string;
  endTime: string;
  instructor?: string;
  type?: string;
}

/** A class of a course with its schedule (sessions in the school's wall-clock time); answers the class and its sessions. */
export async function createClassWithSchedule(db: Db, course: CourseRow, sessions: SessionValues[], name = `Class ${unique('k')}`) {
  const [cls] = await db.insert(classes).values({ schoolId: course.schoolId, courseId: course.id, name }).returning();
  const rows = sessions.length
    ? await db
        .insert(classSchedules)
        .values(sessions.map((s) => ({ schoolId: course.schoolId, classId: cls!.id, instructor: 'Atty. Instructor', ...s })))
        .returning()
    : [];
  return { ...cls!, sessions: rows };
}

/** A live class: a class courseware in a module of its own under the course, and its room on that day and time. */
export async function createLiveClass(db: Db, course: CourseRow, values: { date: string; startTime: string; endTime: string; name?: string }) {
  const [courseware] = await createOutline(db, course, [{ type: 'class', name: values.name ?? `Live ${unique('l')}` }]);
  const [room] = await db
    .insert(conferenceRooms)
    .values({ schoolId: course.schoolId, coursewareId: courseware!.id, name: unique('room'), date: values.date, startTime: values.startTime, endTime: values.endTime })
    .returning();
  return { ...room!, courseware: courseware! };
}
