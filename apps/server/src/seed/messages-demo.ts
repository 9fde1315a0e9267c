import { and, asc, eq, lt, notInArray } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES } from '@school/shared/catalogue/rules';
import type { Db } from '../db/client';
import { courses, enrollments, notifications, schools, staffMessageRecipients, staffMessages, users } from '../db/schema/index';
import { fromOf } from '../modules/messages/presenter';
import { describe, links } from '../modules/notifications/messages';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/**
 * A sent announcement in the console's history: the administrator's to the students of the demo student's first
 * course still being studied, with its recipients and their bell notices (keys as the job writes them).
 */
export async function seedDemoMessages(db: Db, schoolId: number, studentId: number) {
  const [school] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  const [admin] = await db.select().from(users).where(eq(users.username, 'demo-admin'));
  const [course] = await db
    .select({ id: courses.id, name: courses.name })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, studentId), eq(enrollments.schoolId, schoolId), lt(enrollments.progress, 100), notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES])))
    .orderBy(asc(enrollments.id))
    .limit(1);
  if (!school || !admin || !course) return;
  const reached = await db
    .selectDistinct({ userId: enrollments.userId })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, course.id), notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES])));
  const subject = `Welcome to ${course.name}`;
  const [message] = await db
    .insert(staffMessages)
    .values({
      schoolId,
      sentBy: admin.id,
      audience: 'course',
      courseId: course.id,
      subject,
      body: 'The first module is open: begin with its video lecture, then take the short quiz.\n\nAsk in the forum if anything is unclear; the lecturer answers there every week.',
      state: 'sent',
      createdAt: hoursAgo(30),
      finishedAt: hoursAgo(30),
    })
    .returning({ id: staffMessages.id });
  const id = message!.id;
  await db.insert(staffMessageRecipients).values(reached.map((r) => ({ messageId: id, userId: r.userId, emailed: true, createdAt: hoursAgo(30) })));
  const description = describe.announcement(fromOf(admin, school), subject);
  await db
    .insert(notifications)
    .values(reached.map((r) => ({ userId: r.userId, schoolId, kind: 'announcement' as const, description, link: links.message(id), key: `message:${id}:${r.userId}`, createdAt: hoursAgo(30), readAt: hoursAgo(29) })))
    .onConflictDoNothing({ target: notifications.key });
}
