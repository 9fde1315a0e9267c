import { and, asc, count, desc, eq, inArray, isNull, max, notInArray, or, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { MailKind } from '@school/shared/notifications/kinds';
import { CALENDAR_STATUSES } from '@school/shared/schedule/rules';
import { primaryHostColumn } from '../../db/school-columns';
import type { Db } from '../../db/client';
import { bundleEnrollments, bundles, certificates, classSchedules, classes, conferenceRooms, courses, coursewares, enrollments, eventDeliveries, events, exams, forumAnswers, forumComments, forumQuestions, kycSubmissions, mailOptOuts, modules, notifications, paymentTransactions, schoolMemberships, schools, staffExports, users } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'readAt'>;
export type EventRow = typeof events.$inferSelect;

const p = sql.placeholder;
const unread = sql<number>`count(*) filter (where ${notifications.readAt} is null)`;
/** What a site shows: the user's notifications of its school, and those of no school in particular. */
const onSite = or(eq(notifications.schoolId, p('schoolId')), isNull(notifications.schoolId));
const mine = and(eq(notifications.userId, p('userId')), onSite);
/** Enrolments that attend their course (the calendar's statuses), written into the SQL as constants. */
const attending = sql`${enrollments.status} in (${sql.raw(CALENDAR_STATUSES.map((s) => `'${s}'`).join(', '))})`;

/** A page of the bell, newest first, with the totals beside each row: one statement. */
const preparePage = (db: Db) =>
  db
    .select({ notification: notifications, total: sql<number>`count(*) over ()`.mapWith(Number), unread: sql<number>`${unread} over ()`.mapWith(Number) })
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare('notifications_page');
/** The counts alone, for a page past the last one. */
const prepareCounts = (db: Db) => db.select({ total: count(), unread: unread.mapWith(Number) }).from(notifications).where(mine).prepare('notifications_counts');
/** The badge's poll: the unread count and the newest id, one indexed read per poll. */
const prepareUnread = (db: Db) => db.select({ unread: unread.mapWith(Number), latest: max(notifications.id) }).from(notifications).where(mine).prepare('notifications_unread');

export function notificationRepository(db: Db) {
  let pageOf: ReturnType<typeof preparePage> | undefined;
  let countsOf: ReturnType<typeof prepareCounts> | undefined;
  let unreadOf: ReturnType<typeof prepareUnread> | undefined;
  return {
    async listByUser(userId: number, schoolId: number, page: number, perPage: number) {
      pageOf ??= preparePage(db);
      const rows = await pageOf.execute({ userId, schoolId, limit: perPage, offset: (page - 1) * perPage });
      const [totals] = rows.length || page === 1 ? rows : await (countsOf ??= prepareCounts(db)).execute({ userId, schoolId });
      return { rows: rows.map((r) => r.notification), total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
    },

    async unread(userId: number, schoolId: number) {
      const [row] = await (unreadOf ??= prepareUnread(db)).execute({ userId, schoolId });
      return { unread: row?.unread ?? 0, latest: row?.latest ?? null };
    },

    async markAllRead(userId: number, schoolId: number) {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), or(eq(notifications.schoolId, schoolId), isNull(notifications.schoolId)), isNull(notifications.readAt)));
    },

    async create(userId: number, description: string, extra: Partial<Pick<NewNotification, 'schoolId' | 'kind' | 'link' | 'key'>> = {}) {
      await db.insert(notifications).values({ userId, description: sanitizeNotification(description), ...extra });
    },

    /** Writes the rows whose key is new; answers the keys written (a retried job's rows are there already). */
    async insertOnce(rows: NewNotification[]): Promise<Set<string>> {
      if (!rows.length) return new Set();
      const made = await db
        .insert(notifications)
        .values(rows.map((r) => ({ ...r, description: sanitizeNotification(r.description) })))
        .onConflictDoNothing({ target: notifications.key })
        .returning({ key: notifications.key });
      return new Set(made.map((r) => r.key!));
    },

    // --- e-mail preferences

    async optOuts(userIds: number[]) {
      if (!userIds.length) return [];
      return db.select({ userId: mailOptOuts.userId, kind: mailOptOuts.kind }).from(mailOptOuts).where(inArray(mailOptOuts.userId, userIds));
    },

    async setOptOut(userId: number, kind: MailKind, optedOut: boolean) {
      if (optedOut) await db.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing();
      else await db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)));
    },

    async userExists(userId: number) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return Boolean(row);
    },

    // --- delivery (the job's transaction)

    /**
     * Pending deliveries with their events, oldest first, but those set aside and those in `skip` (failed in this
     * run already); rows another worker holds are skipped.
     */
    async claimDeliveries(limit: number, skip: number[]): Promise<EventRow[]> {
      const rows = await db
        .select({ event: events })
        .from(eventDeliveries)
        .innerJoin(events, eq(events.id, eventDeliveries.eventId))
        .where(and(isNull(eventDeliveries.failedAt), skip.length ? notInArray(eventDeliveries.eventId, skip) : undefined))
        .orderBy(asc(eventDeliveries.eventId))
        .limit(limit)
        .for('update', { of: eventDeliveries, skipLocked: true });
      return rows.map((r) => r.event);
    },

    async deleteDelivery(eventId: number) {
      await db.delete(eventDeliveries).where(eq(eventDeliveries.eventId, eventId));
    },

    /** Counts a failed delivery; after `limit` failures the row is set aside. Answers the failures so far. */
    async failDelivery(eventId: number, limit: number) {
      const [row] = await db
        .update(eventDeliveries)
        .set({ attempts: sql`${eventDeliveries.attempts} + 1`, failedAt: sql`case when ${eventDeliveries.attempts} + 1 >= ${limit} then now() end` })
        .where(eq(eventDeliveries.eventId, eventId))
        .returning({ attempts: eventDeliveries.attempts });
      return row?.attempts ?? limit;
    },

    async people(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix })
        .from(users)
        .where(inArray(users.id, ids));
    },

    async schoolsByIds(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: schools.id, domain: schools.domain, primaryHost: primaryHostColumn }).from(schools).where(inArray(schools.id, ids));
    },

    async forumQuestion(schoolId: number, questionId: number) {
      const [row] = await db
        .select({ userId: forumQuestions.userId, title: forumQuestions.title, hidden: sql<boolean>`${forumQuestions.hiddenAt} is not null` })
        .from(forumQuestions)
        .where(and(eq(forumQuestions.schoolId, schoolId), eq(forumQuestions.id, questionId)));
      return row;
    },

    async forumAnswer(schoolId: number, answerId: number) {
      const [row] = await db
        .select({ userId: forumAnswers.userId, questionId: forumAnswers.questionId, hidden: sql<boolean>`${forumAnswers.hiddenAt} is not null` })
        .from(forumAnswers)
        .where(and(eq(forumAnswers.schoolId, schoolId), eq(forumAnswers.id, answerId)));
      return row;
    },

    async forumComment(schoolId: number, commentId: number) {
      const [row] = await db
        .select({ questionId: forumComments.questionId, answerId: forumComments.answerId, hidden: sql<boolean>`${forumComments.hiddenAt} is not null` })
        .from(forumComments)
        .where(and(eq(forumComments.schoolId, schoolId), eq(forumComments.id, commentId)));
      return row;
    },

    async courseEnrolment(id: number) {
      const [row] = await db
        .select({ userId: enrollments.userId, course: courses.name, slug: courses.slug })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .where(eq(enrollments.id, id));
      return row;
    },

    async bundleEnrolment(id: number) {
      const [row] = await db
        .select({ userId: bundleEnrollments.userId, bundle: bundles.name, slug: bundles.slug })
        .from(bundleEnrollments)
        .innerJoin(bundles, eq(bundles.id, bundleEnrollments.bundleId))
        .where(eq(bundleEnrollments.id, id));
      return row;
    },

    /** The school's administrators, who settle its payments. */
    schoolAdministrators: (schoolId: number) => db.select({ userId: schoolMemberships.userId }).from(schoolMemberships).where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.role, 'SA'))),

    /** A payment with what it paid for (a class's payment names its course). */
    async payment(id: number) {
      const [row] = await db
        .select({
          userId: paymentTransactions.userId,
          amount: paymentTransactions.amount,
          course: courses.name,
          courseSlug: courses.slug,
          bundle: bundles.name,
          bundleSlug: bundles.slug,
        })
        .from(paymentTransactions)
        .leftJoin(courses, eq(courses.id, paymentTransactions.courseId))
        .leftJoin(bundles, eq(bundles.id, paymentTransactions.bundleId))
        .where(eq(paymentTransactions.id, id));
      return row;
    },

    async staffExport(id: number) {
      const [row] = await db.select({ userId: staffExports.requestedBy, kind: staffExports.kind, rows: staffExports.rows }).from(staffExports).where(eq(staffExports.id, id));
      return row;
    },

    async certificate(id: number) {
      const [row] = await db
        .select({ userId: certificates.userId, enrollmentId: certificates.enrollmentId, code: certificates.code, course: sql<string>`${certificates.facts}->>'course'` })
        .from(certificates)
        .where(eq(certificates.id, id));
      return row;
    },

    async kycSubmission(id: number) {
      const [row] = await db.select({ userId: kycSubmissions.userId, reason: kycSubmissions.reason }).from(kycSubmissions).where(eq(kycSubmissions.id, id));
      return row;
    },

    /** A graded exam's enrolment and where the exam is in the course player. */
    async gradedExam(enrollmentId: number, examId: number) {
      const [row] = await db
        .select({ userId: enrollments.userId, coursewareId: coursewares.id, courseware: coursewares.name, slug: courses.slug })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .innerJoin(modules, and(eq(modules.courseId, courses.id), eq(modules.schoolId, courses.schoolId)))
        .innerJoin(coursewares, and(eq(coursewares.moduleId, modules.id), eq(coursewares.schoolId, modules.schoolId)))
        .innerJoin(exams, and(eq(exams.coursewareId, coursewares.id), eq(exams.schoolId, coursewares.schoolId)))
        .where(and(eq(enrollments.id, enrollmentId), eq(exams.id, examId)));
      return row;
    },

    // --- live-class reminders

    /**
     * Live classes (class coursewares' rooms) starting within `minutes`, where their school is, with each
     * attending student not yet reminded (no notification with the reminder's key).
     */
    async upcomingLiveClasses(minutes: number) {
      const startsAt = sql`((${conferenceRooms.date} + ${conferenceRooms.startTime}) at time zone ${schools.timeZone})`;
      const key = sql`'live:room:' || ${conferenceRooms.id} || ':' || ${enrollments.userId}`;
      return db
        .select({ id: conferenceRooms.id, userId: enrollments.userId, schoolId: conferenceRooms.schoolId, startTime: conferenceRooms.startTime, coursewareId: coursewares.id, courseware: coursewares.name, course: courses.name, slug: courses.slug })
        .from(conferenceRooms)
        .innerJoin(schools, eq(schools.id, conferenceRooms.schoolId))
        .innerJoin(coursewares, and(eq(coursewares.id, conferenceRooms.coursewareId), eq(coursewares.schoolId, conferenceRooms.schoolId)))
        .innerJoin(modules, and(eq(modules.id, coursewares.moduleId), eq(modules.schoolId, coursewares.schoolId)))
        .innerJoin(courses, and(eq(courses.id, modules.courseId), eq(courses.schoolId, modules.schoolId)))
        .innerJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.schoolId, courses.schoolId), attending))
        .leftJoin(notifications, eq(notifications.key, key))
        .where(and(sql`${startsAt} > now()`, sql`${startsAt} <= now() + make_interval(mins => ${minutes})`, isNull(notifications.id)));
    },

    /** The same for the sessions of the class each enrolment names. */
    async upcomingClassSessions(minutes: number) {
      const startsAt = sql`((${classSchedules.date} + ${classSchedules.startTime}) at time zone ${schools.timeZone})`;
      const key = sql`'live:class:' || ${classSchedules.id} || ':' || ${enrollments.userId}`;
      return db
        .select({ id: classSchedules.id, userId: enrollments.userId, schoolId: classSchedules.schoolId, startTime: classSchedules.startTime, className: classes.name, course: courses.name, slug: courses.slug })
        .from(classSchedules)
        .innerJoin(schools, eq(schools.id, classSchedules.schoolId))
        .innerJoin(classes, and(eq(classes.id, classSchedules.classId), eq(classes.schoolId, classSchedules.schoolId)))
        .innerJoin(courses, and(eq(courses.id, classes.courseId), eq(courses.schoolId, classes.schoolId)))
        .innerJoin(enrollments, and(eq(enrollments.classId, classes.id), eq(enrollments.courseId, courses.id), eq(enrollments.schoolId, courses.schoolId), attending))
        .leftJoin(notifications, eq(notifications.key, key))
        .where(and(sql`${startsAt} > now()`, sql`${startsAt} <= now() + make_interval(mins => ${minutes})`, isNull(notifications.id)));
    },
  };
}

export type NotificationRepository = ReturnType<typeof notificationRepository>;

/**
 * A notification is text with emphasis (messages.ts escapes every value): any other markup, a link above all, is
 * reduced to its text, so that a value someone forgot to escape stays inert. The notification's own link is a field.
 */
function sanitizeNotification(html: string): string {
  return sanitizeHtml(html, { allowedTags: ['strong', 'em', 'b', 'i'], allowedAttributes: {} });
}
