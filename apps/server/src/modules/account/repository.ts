import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificates, enrollments, mcleProfiles, schools, students, users, walletEntries } from '../../db/schema/index';

export type McleRow = typeof mcleProfiles.$inferSelect;

/** An account: the user, their student row and school, how many courses they take and their sign-up reward; one statement each way in. */
const prepareProfiles = (db: Db) => {
  const profile = () =>
    db
      .select({
        user: users,
        student: students,
        school: { id: schools.id, name: schools.name, domain: schools.domain, rewardGroup: schools.rewardGroup },
        courseCount: sql<number>`(select count(*) from ${enrollments} where ${enrollments.userId} = ${users.id})`.mapWith(Number),
        certificateCount: sql<number>`(select count(*) from ${certificates} where ${certificates.userId} = ${users.id})`.mapWith(Number),
        signupReward: sql<number | null>`(select ${walletEntries.amount} from ${walletEntries} where ${walletEntries.userId} = ${users.id} and ${walletEntries.onceKey} = 'signup_reward')`,
      })
      .from(users)
      .leftJoin(students, eq(students.userId, users.id))
      .leftJoin(schools, eq(schools.id, users.schoolId));
  return {
    byUser: profile().where(eq(users.id, sql.placeholder('userId'))).limit(1).prepare('account_by_user'),
    byStudent: profile().where(eq(students.id, sql.placeholder('studentId'))).limit(1).prepare('account_by_student'),
  };
};

export function accountRepository(db: Db) {
  let profiles: ReturnType<typeof prepareProfiles> | undefined;
  return {
    async findByUserId(userId: number) {
      const [row] = await (profiles ??= prepareProfiles(db)).byUser.execute({ userId });
      return row;
    },

    async findByStudentId(studentId: number) {
      const [row] = await (profiles ??= prepareProfiles(db)).byStudent.execute({ studentId });
      return row;
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
