import { and, asc, count, countDistinct, desc, eq, gt, inArray, max, notInArray, sql } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES } from '@school/shared/catalogue/rules';
import type { Db } from '../../db/client';
import { classes, courseInstructors, courses, enrollments, schools, staffMessageRecipients, staffMessages, users } from '../../db/schema/index';

export type MessageRow = typeof staffMessages.$inferSelect;
type Target = Pick<MessageRow, 'schoolId' | 'audience' | 'courseId' | 'classId'>;

const person = { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, email: users.email, username: users.username };
/** Enrolled and studying: not waiting for a payment and not cancelled. */
const studying = notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES]);

/** Whom a message reached so far, and of them by e-mail: its recipient rows, counted from their key's index. */
const reach = {
  recipients: sql<number>`(select count(*) from ${staffMessageRecipients} r where r.message_id = ${staffMessages.id})`.mapWith(Number),
  emailed: sql<number>`(select count(*) from ${staffMessageRecipients} r where r.message_id = ${staffMessages.id} and r.emailed)`.mapWith(Number),
};

/** The enrolments a message's audience covers. */
function audienceOf(target: Target) {
  return and(
    eq(enrollments.schoolId, target.schoolId),
    studying,
    target.courseId !== null ? eq(enrollments.courseId, target.courseId) : undefined,
    target.classId !== null ? eq(enrollments.classId, target.classId) : undefined,
  );
}

/** The school's announcements: what was sent, to whom, and who it reached. */
export function messageRepository(db: Db) {
  const withNames = () =>
    db
      .select({ message: staffMessages, course: courses.name, className: classes.name, sender: person, ...reach })
      .from(staffMessages)
      .leftJoin(courses, eq(courses.id, staffMessages.courseId))
      .leftJoin(classes, eq(classes.id, staffMessages.classId))
      .leftJoin(users, eq(users.id, staffMessages.sentBy));

  return {
    async insert(values: typeof staffMessages.$inferInsert) {
      const [row] = await db.insert(staffMessages).values(values).returning();
      return row!;
    },

    /** A course of the school with its instructors, for the policy. */
    async course(schoolId: number, courseId: number) {
      const [row] = await db
        .select({
          id: courses.id,
          schoolId: courses.schoolId,
          instructorIds: sql<number[]>`coalesce((select array_agg(${courseInstructors.userId}) from ${courseInstructors} where ${courseInstructors.courseId} = ${courses.id}), '{}')`,
        })
        .from(courses)
        .where(and(eq(courses.schoolId, schoolId), eq(courses.id, courseId)));
      return row;
    },

    async classOf(courseId: number, classId: number) {
      const [row] = await db.select({ id: classes.id }).from(classes).where(and(eq(classes.courseId, courseId), eq(classes.id, classId)));
      return row;
    },

    async find(schoolId: number, id: number) {
      const [row] = await withNames().where(and(eq(staffMessages.schoolId, schoolId), eq(staffMessages.id, id)));
      return row;
    },

    async findWithSchool(id: number) {
      const [row] = await db
        .select({ message: staffMessages, school: schools, course: courses.name, sender: person })
        .from(staffMessages)
        .innerJoin(schools, eq(schools.id, staffMessages.schoolId))
        .leftJoin(courses, eq(courses.id, staffMessages.courseId))
        .leftJoin(users, eq(users.id, staffMessages.sentBy))
        .where(eq(staffMessages.id, id));
      return row;
    },

    /** The newest first; `sentBy` set: only those that person sent. */
    async page(schoolId: number, sentBy: number | null, limit: number, offset: number) {
      const where = and(eq(staffMessages.schoolId, schoolId), sentBy === null ? undefined : eq(staffMessages.sentBy, sentBy));
      const [rows, [total]] = await Promise.all([
        withNames().where(where).orderBy(desc(staffMessages.createdAt), desc(staffMessages.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(staffMessages).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async recipients(messageId: number, limit: number, offset: number) {
      const where = eq(staffMessageRecipients.messageId, messageId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ person, emailed: staffMessageRecipients.emailed })
          .from(staffMessageRecipients)
          .innerJoin(users, eq(users.id, staffMessageRecipients.userId))
          .where(where)
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(staffMessageRecipients).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** How many students the audience has now (the form's confirmation says it). */
    async audienceSize(target: Target) {
      const [row] = await db.select({ n: countDistinct(enrollments.userId) }).from(enrollments).where(audienceOf(target));
      return row?.n ?? 0;
    },

    /** The next students of the audience after `afterUserId`, in id order: the job's keyset over them. */
    async audienceAfter(target: Target, afterUserId: number, limit: number) {
      const rows = await db
        .selectDistinct({ userId: enrollments.userId })
        .from(enrollments)
        .where(and(audienceOf(target), gt(enrollments.userId, afterUserId)))
        .orderBy(asc(enrollments.userId))
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    /** The highest user id the message reached so far (0: nobody), where a retried delivery goes on. */
    async lastReached(messageId: number) {
      const [row] = await db.select({ id: max(staffMessageRecipients.userId) }).from(staffMessageRecipients).where(eq(staffMessageRecipients.messageId, messageId));
      return row?.id ?? 0;
    },

    /** Records whom it reached; answers those new to it (a retried batch reaches nobody twice). */
    async addRecipients(messageId: number, userIds: number[]) {
      if (!userIds.length) return [];
      const rows = await db
        .insert(staffMessageRecipients)
        .values(userIds.map((userId) => ({ messageId, userId })))
        .onConflictDoNothing()
        .returning({ userId: staffMessageRecipients.userId });
      return rows.map((r) => r.userId);
    },

    async markEmailed(messageId: number, userIds: number[]) {
      if (!userIds.length) return;
      await db
        .update(staffMessageRecipients)
        .set({ emailed: true })
        .where(and(eq(staffMessageRecipients.messageId, messageId), inArray(staffMessageRecipients.userId, userIds)));
    },

    async update(id: number, values: Partial<Pick<MessageRow, 'state' | 'finishedAt'>>) {
      await db.update(staffMessages).set(values).where(eq(staffMessages.id, id));
    },

    /**
     * The courses the caller may write to (`instructorId`: only theirs), with their students and their classes'
     * students, counted by one grouping over the school's enrolments.
     */
    async audiences(schoolId: number, instructorId: number | null) {
      const mine = instructorId === null ? undefined : sql`exists (select 1 from ${courseInstructors} where ${courseInstructors.courseId} = ${courses.id} and ${courseInstructors.userId} = ${instructorId})`;
      const [courseRows, classRows, counts] = await Promise.all([
        db.select({ id: courses.id, name: courses.name }).from(courses).where(and(eq(courses.schoolId, schoolId), mine)).orderBy(asc(courses.name), asc(courses.id)),
        db.select({ id: classes.id, courseId: classes.courseId, name: classes.name }).from(classes).where(eq(classes.schoolId, schoolId)).orderBy(asc(classes.name), asc(classes.id)),
        db
          .select({ courseId: enrollments.courseId, classId: enrollments.classId, n: count() })
          .from(enrollments)
          .where(and(eq(enrollments.schoolId, schoolId), studying))
          .groupBy(enrollments.courseId, enrollments.classId),
      ]);
      return { courseRows, classRows, counts };
    },

    /** A message to this user at this school, with what its page shows; undefined when it never reached them. */
    async toRecipient(schoolId: number, userId: number, id: number) {
      const [row] = await db
        .select({ message: staffMessages, course: courses.name, slug: courses.slug, sender: person })
        .from(staffMessageRecipients)
        .innerJoin(staffMessages, eq(staffMessages.id, staffMessageRecipients.messageId))
        .leftJoin(courses, eq(courses.id, staffMessages.courseId))
        .leftJoin(users, eq(users.id, staffMessages.sentBy))
        .where(and(eq(staffMessageRecipients.messageId, id), eq(staffMessageRecipients.userId, userId), eq(staffMessages.schoolId, schoolId)));
      return row;
    },
  };
}
