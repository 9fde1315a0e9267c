import { and, eq, notInArray, sql } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES } from '@school/shared/catalogue/rules';
import type { Db } from '../../db/client';
import { certificates, enrollments, examAnswers, examQuestions, examSubmissions, kycIds, kycSubmissions, mcleProfiles, schools, students, users, walletEntries } from '../../db/schema/index';

export type McleRow = typeof mcleProfiles.$inferSelect;

/**
 * The average of the course ratings a user gave in submitted evaluation surveys: a rating question's choices run
 * best first, so the n-th of k choices is worth 1 + 4 (k - n) / (k - 1), from 5 down to 1. Null without any.
 */
const averageRating = sql<string | null>`(
  select round(avg(1 + 4.0 * (jsonb_array_length(q.choices) - c.ord) / (jsonb_array_length(q.choices) - 1)), 2)
  from ${examAnswers} a
  join ${examQuestions} q on q.id = a.question_id and q.rating
  join ${examSubmissions} s on s.id = a.submission_id and s.submitted_at is not null
  join ${enrollments} e on e.id = s.enrollment_id
  cross join lateral jsonb_array_elements_text(q.choices) with ordinality as c(choice, ord)
  where e.user_id = ${users.id} and c.choice = a.answer->>0
)`;

/** The account's IDs at its own school, in slot order (spec 1 §3 user_ids); a failed one is not submitted. */
const identityIds = sql<{ template: number; photo_key: string | null; verified: boolean; submitted: boolean }[]>`(
  select coalesce(json_agg(json_build_object(
    'template', i.template_id, 'photo_key', i.photo_key, 'verified', i.verified_at is not null,
    'submitted', i.verified_at is not null or s.status in ('pending', 'manual')
  ) order by i.position), '[]'::json)
  from ${kycIds} i join ${kycSubmissions} s on s.id = i.submission_id where i.user_id = ${users.id} and i.school_id = ${users.schoolId}
)`;
const latestSelfie = sql<string | null>`(select s.selfie_key from ${kycSubmissions} s where s.user_id = ${users.id} and s.school_id = ${users.schoolId} order by s.id desc limit 1)`;

/** An account: the user, their student row and school, how many courses they take and their sign-up reward; one statement each way in. */
const prepareProfiles = (db: Db) => {
  const profile = () =>
    db
      .select({
        user: users,
        student: students,
        school: { id: schools.id, name: schools.name, domain: schools.domain, rewardGroup: schools.rewardGroup },
        // Enrolments only: one still waiting for its payment does not count (DECISIONS.md).
        courseCount: sql<number>`(select count(*) from ${enrollments} where ${enrollments.userId} = ${users.id} and ${notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES])})`.mapWith(Number),
        certificateCount: sql<number>`(select count(*) from ${certificates} where ${certificates.userId} = ${users.id})`.mapWith(Number),
        averageRating,
        identityIds,
        latestSelfie,
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
