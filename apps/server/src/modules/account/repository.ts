import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, mcleProfiles, schools, students, users } from '../../db/schema/index';

export type McleRow = typeof mcleProfiles.$inferSelect;

export function accountRepository(db: Db) {
  const profileQuery = () =>
    db
      .select({ user: users, student: students, school: { id: schools.id, name: schools.name, domain: schools.domain } })
      .from(users)
      .leftJoin(students, eq(students.userId, users.id))
      .leftJoin(schools, eq(schools.id, users.schoolId));

  return {
    async findByUserId(userId: number) {
      const [[row], [courses]] = await Promise.all([
        profileQuery().where(eq(users.id, userId)).limit(1),
        db.select({ n: count() }).from(enrollments).where(eq(enrollments.userId, userId)),
      ]);
      return row && { ...row, courseCount: courses?.n ?? 0 };
    },

    async updateUser(userId: number, fields: Partial<typeof users.$inferInsert>) {
      await db.update(users).set({ ...fields, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** Names on the user, the rest on the student row; both or neither. */
    async updateStudent(userId: number, studentId: number, userFields: Partial<typeof users.$inferInsert>, studentFields: Partial<typeof students.$inferInsert>) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ ...userFields, updatedAt: new Date() }).where(eq(users.id, userId));
        await tx.update(students).set(studentFields).where(and(eq(students.id, studentId), eq(students.userId, userId)));
      });
    },

    async findMcle(studentId: number): Promise<McleRow | undefined> {
      const [row] = await db.select().from(mcleProfiles).where(eq(mcleProfiles.studentId, studentId)).limit(1);
      return row;
    },

    /** Saves the MCLE profile and marks it submitted, in one transaction. */
    async saveMcle(studentId: number, values: Omit<typeof mcleProfiles.$inferInsert, 'studentId'>) {
      await db.transaction(async (tx) => {
        await tx
          .insert(mcleProfiles)
          .values({ ...values, studentId })
          .onConflictDoUpdate({ target: mcleProfiles.studentId, set: { ...values, updatedAt: new Date() } });
        await tx.update(students).set({ infoSubmitted: true }).where(eq(students.id, studentId));
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
