import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courses, coursewares, enrollments, forumAnswers, forumQuestions, modules, notifications, users } from '../db/schema/index';
import { escapeHtml } from '../infra/mail/html';
import { describe, links } from '../modules/notifications/messages';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;

/**
 * The demo student's bell beyond the welcome lines: an enrolment and the two certificates already read, a live
 * class and the answer to their forum question still unread, each linking to what it is about (after the forum's seed). The certificates' keys are the ones the delivery job
 * uses (certificate:{enrolment}:{user}), so issuing them at start tells nobody twice. Keys make it idempotent.
 */
export async function seedDemoNotifications(db: Db, schoolId: number, userId: number) {
  const enrolled = await db
    .select({ id: enrollments.id, progress: enrollments.progress, course: courses.name, slug: courses.slug, courseId: courses.id })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), eq(enrollments.schoolId, schoolId)))
    .orderBy(asc(enrollments.id));
  const [liveClass] = await db
    .select({ id: coursewares.id, name: coursewares.name, course: courses.name, slug: courses.slug })
    .from(coursewares)
    .innerJoin(modules, eq(modules.id, coursewares.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(and(inArray(courses.id, enrolled.map((e) => e.courseId)), eq(coursewares.type, 'class')))
    .limit(1);
  const [answered] = await db
    .select({ questionId: forumQuestions.id, title: forumQuestions.title, answerId: forumAnswers.id, firstName: users.firstName, lastName: users.lastName, at: forumAnswers.createdAt })
    .from(forumQuestions)
    .innerJoin(forumAnswers, eq(forumAnswers.questionId, forumQuestions.id))
    .innerJoin(users, eq(users.id, forumAnswers.userId))
    .where(and(eq(forumQuestions.userId, userId), eq(forumQuestions.schoolId, schoolId)))
    .orderBy(asc(forumAnswers.id))
    .limit(1);
  const studying = enrolled.filter((e) => e.progress < 100);
  const finished = enrolled.filter((e) => e.progress >= 100);
  const rows: (typeof notifications.$inferInsert)[] = [
    ...studying.map((e) => ({
      kind: 'enrolment' as const,
      description: describe.enrolled(e.course),
      link: links.course(e.slug),
      key: `demo:enrolled:${e.id}`,
      createdAt: hoursAgo(240),
      readAt: hoursAgo(239),
    })),
    ...finished.map((e) => ({
      kind: 'certificate' as const,
      description: describe.certificate(e.course),
      link: links.account('certificates'),
      key: `certificate:${e.id}:${userId}`,
      createdAt: hoursAgo(72),
      readAt: hoursAgo(70),
    })),
    ...(liveClass
      ? [{ kind: 'live_class' as const, description: `The live class ${strong(liveClass.name)} of ${strong(liveClass.course)} is open today.`, link: links.coursePlayer(liveClass.slug, liveClass.id), key: `demo:live:${liveClass.id}:${userId}`, createdAt: hoursAgo(1) }]
      : []),
    ...(answered
      ? [{ kind: 'forum' as const, description: describe.answered(`${answered.firstName} ${answered.lastName}`.trim(), answered.title), link: links.forumTopic(answered.questionId), key: `demo:answered:${answered.answerId}:${userId}`, createdAt: answered.at }]
      : []),
  ].map((row) => ({ ...row, userId, schoolId }));
  if (rows.length) await db.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.key });
}
