import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { KnownAccount } from '@school/shared/staff/roster-import';
import { schoolRowColumns } from '../../db/school-columns';
import type { Db } from '../../db/client';
import { classes, courses, enrollments, rosterImports, schoolMemberships, schools, users } from '../../db/schema/index';

const LOOKUP_BATCH = 1_000;

export type RosterImportRow = typeof rosterImports.$inferSelect;

/** What a roster import reads (the accounts of a file's addresses, the course's classes) and its own record. */
export function rosterImportRepository(db: Db) {
  return {
    /** The accounts of these addresses (lower-case): a student or not (staff here), and enrolled in the course now. */
    async accounts(schoolId: number, courseId: number, emails: string[]) {
      const known = new Map<string, KnownAccount & { userId: number }>();
      for (let i = 0; i < emails.length; i += LOOKUP_BATCH) {
        const batch = emails.slice(i, i + LOOKUP_BATCH);
        const rows = await db
          .select({ userId: users.id, email: sql<string>`lower(${users.email})`, role: users.role, staffHere: schoolMemberships.userId, enrolment: enrollments.id })
          .from(users)
          .leftJoin(schoolMemberships, and(eq(schoolMemberships.userId, users.id), eq(schoolMemberships.schoolId, schoolId)))
          .leftJoin(enrollments, and(eq(enrollments.userId, users.id), eq(enrollments.courseId, courseId), ne(enrollments.status, 'cancelled')))
          .where(inArray(sql`lower(${users.email})`, batch));
        for (const r of rows) known.set(r.email, { userId: r.userId, student: r.role === 'ST' && r.staffHere === null, enrolled: r.enrolment !== null });
      }
      return known;
    },
    /** The course's classes by lower-case name. */
    async classes(courseId: number) {
      const rows = await db.select({ id: classes.id, name: classes.name }).from(classes).where(eq(classes.courseId, courseId));
      return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
    },
    async insert(values: typeof rosterImports.$inferInsert) {
      const [row] = await db.insert(rosterImports).values(values).returning();
      return row!;
    },
    async find(courseId: number, id: number) {
      const [row] = await db.select().from(rosterImports).where(and(eq(rosterImports.courseId, courseId), eq(rosterImports.id, id)));
      return row;
    },
    /** An import with its school and course, for the job that runs it. */
    async forJob(id: number) {
      const [row] = await db
        .select({ run: rosterImports, school: schoolRowColumns, course: { name: courses.name, classOnly: courses.classEnrollmentOnly, dateStart: courses.dateStart } })
        .from(rosterImports)
        .innerJoin(schools, eq(schools.id, rosterImports.schoolId))
        .innerJoin(courses, and(eq(courses.schoolId, rosterImports.schoolId), eq(courses.id, rosterImports.courseId)))
        .where(eq(rosterImports.id, id));
      return row;
    },
    async update(id: number, values: Partial<typeof rosterImports.$inferInsert>) {
      await db.update(rosterImports).set(values).where(eq(rosterImports.id, id));
    },
  };
}
