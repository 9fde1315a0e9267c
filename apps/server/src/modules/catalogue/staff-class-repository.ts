import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { ClassSession } from '@school/shared/staff/classes';
import type { Db, Tx } from '../../db/client';
import { classSchedules, classes, courses, enrollments, paymentTransactions } from '../../db/schema/index';

export type ClassRow = typeof classes.$inferSelect;
type SessionRow = typeof classSchedules.$inferSelect;

// Written out whole: Drizzle leaves the table off a column when the outer query reads only one table.
const enrolmentCount = sql<number>`(select count(*) from enrollments e where e.class_id = classes.id)::int`;

/** The console's reads of a course's classes, each with its sessions in time order and how many enrolled. */
export function staffClassRepository(db: Db) {
  async function sessionsOf(classIds: number[]) {
    if (classIds.length === 0) return new Map<number, SessionRow[]>();
    const rows = await db.select().from(classSchedules).where(inArray(classSchedules.classId, classIds)).orderBy(asc(classSchedules.date), asc(classSchedules.startTime), asc(classSchedules.id));
    const byClass = new Map<number, SessionRow[]>();
    for (const row of rows) byClass.set(row.classId, [...(byClass.get(row.classId) ?? []), row]);
    return byClass;
  }

  return {
    async ofCourse(schoolId: number, courseId: number) {
      const rows = await db
        .select({ cls: classes, enrolments: enrolmentCount })
        .from(classes)
        .where(and(eq(classes.schoolId, schoolId), eq(classes.courseId, courseId)))
        .orderBy(asc(classes.name), asc(classes.id));
      const sessions = await sessionsOf(rows.map((r) => r.cls.id));
      return rows.map((r) => ({ ...r, sessions: sessions.get(r.cls.id) ?? [] }));
    },

    /** A class with its course (which the course policy decides on), sessions and enrolments. */
    async find(schoolId: number, id: number) {
      const [row] = await db
        .select({ cls: classes, enrolments: enrolmentCount, course: { id: courses.id, schoolId: courses.schoolId, isPublished: courses.isPublished } })
        .from(classes)
        .innerJoin(courses, and(eq(courses.schoolId, classes.schoolId), eq(courses.id, classes.courseId)))
        .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)));
      if (!row) return null;
      return { ...row, sessions: (await sessionsOf([id])).get(id) ?? [] };
    },
  };
}

const sessionColumns = (s: ClassSession) => ({ date: s.date, startTime: s.start_time, endTime: s.end_time, instructor: s.instructor, type: s.type });

/** The console's writes of classes, inside the caller's transaction (with their audit entry). */
export function staffClassWrites(tx: Tx) {
  /**
   * The class's sessions become `sessions`: those with an id are changed in place (their reminders keep their
   * keys), the others added, the rest removed. False when an id is not one of the class's sessions.
   */
  async function setSessions(schoolId: number, classId: number, sessions: ClassSession[]) {
    const kept = sessions.flatMap((s) => (s.id ? [s.id] : []));
    await tx.delete(classSchedules).where(and(eq(classSchedules.schoolId, schoolId), eq(classSchedules.classId, classId), kept.length ? notInArray(classSchedules.id, kept) : undefined));
    for (const s of sessions.filter((s) => s.id)) {
      const [row] = await tx
        .update(classSchedules)
        .set(sessionColumns(s))
        .where(and(eq(classSchedules.schoolId, schoolId), eq(classSchedules.classId, classId), eq(classSchedules.id, s.id!)))
        .returning({ id: classSchedules.id });
      if (!row) return false;
    }
    const added = sessions.filter((s) => !s.id);
    if (added.length) await tx.insert(classSchedules).values(added.map((s) => ({ ...sessionColumns(s), schoolId, classId })));
    return true;
  }

  return {
    setSessions,

    async insert(schoolId: number, courseId: number, values: { name: string; fee: number }) {
      const [row] = await tx.insert(classes).values({ ...values, schoolId, courseId }).returning();
      return row!;
    },

    /** The class saved at `version`, or null when somebody saved first. */
    async update(schoolId: number, id: number, version: number, values: { name: string; fee: number }) {
      const [row] = await tx
        .update(classes)
        .set({ ...values, version: version + 1 })
        .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id), eq(classes.version, version)))
        .returning();
      return row ?? null;
    },

    /**
     * The class at `version`, locked, with whether anybody enrolled in or paid for it: an enrolment taking the
     * class waits on the lock, so none slips in between the count and the delete.
     */
    async lockForDelete(schoolId: number, id: number, version: number) {
      const [row] = await tx
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id), eq(classes.version, version)))
        .for('update');
      if (!row) return null;
      const taken = await tx.$count(enrollments, and(eq(enrollments.schoolId, schoolId), eq(enrollments.classId, id)));
      const paid = await tx.$count(paymentTransactions, and(eq(paymentTransactions.schoolId, schoolId), eq(paymentTransactions.classId, id)));
      return { inUse: taken + paid > 0 };
    },

    async remove(schoolId: number, id: number) {
      await tx.delete(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)));
    },
  };
}
