import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { priceBreakdown } from '@school/shared/catalogue/rules';
import type { Db } from '../db/client';
import { courses, enrollments, paymentRefunds, paymentTransactions, students, users } from '../db/schema/index';
import { DEMO_CASH_COURSE } from './demo-payments';

const DAY = 86_400_000;
/** Learners of the school's past weeks: each bought a course or two, by card through the sandbox or at the office. */
const LEARNERS = [
  ['Andres', 'Bonifacio'],
  ['Gabriela', 'Silang'],
  ['Emilio', 'Aguinaldo'],
  ['Melchora', 'Aquino'],
  ['Marcelo', 'del Pilar'],
  ['Teresa', 'Magbanua'],
  ['Juan', 'Luna'],
  ['Gregoria', 'de Jesus'],
  ['Antonio', 'Luna'],
  ['Trinidad', 'Tecson'],
  ['Graciano', 'Lopez Jaena'],
  ['Josefa', 'Llanes Escoda'],
] as const;

/**
 * Eight weeks of sales at Juris Academy, so that the console's reports show something at once: a dozen learners
 * (history01…history12@example.com, the demo password) enrolled in paid courses over the last 56 days, each
 * enrolment paid the day it was made (cards with the sandbox's P15 fee, cash confirmed by the office), one refunded
 * in part. Their enrolments are under way, so that no certificate is due.
 */
export async function seedDemoHistory(db: Db, schoolId: number, passwordHash: string) {
  const paid = await db
    .select({ id: courses.id, fee: courses.fee })
    .from(courses)
    .where(and(eq(courses.schoolId, schoolId), eq(courses.isPublished, true), isNull(courses.archivedAt), gt(courses.fee, 0), ne(courses.name, DEMO_CASH_COURSE)))
    .orderBy(asc(courses.id));
  if (!paid.length) return;
  let n = 0;
  for (const [i, [firstName, lastName]] of LEARNERS.entries()) {
    const username = `history${String(i + 1).padStart(2, '0')}`;
    const [user] = await db
      .insert(users)
      .values({ username, email: `${username}@example.com`, passwordHash, role: 'ST', schoolId, isVerified: true, firstName, middleName: ' ', lastName, mobileNumber: '9170000002', countryCode: '63' })
      .returning({ id: users.id });
    await db.insert(students).values({ userId: user!.id, step: null, infoSubmitted: true, birthday: '1988-03-01', gender: i % 2 ? 'F' : 'M', occupationType: 'P' });
    for (let k = 0; k < 1 + (i % 2); k++) {
      const course = paid[(i * 3 + k * 5) % paid.length]!;
      const at = new Date(Date.now() - ((i * 37 + k * 11) % 56) * DAY - (i % 9) * 3_600_000);
      const [enrolment] = await db
        .insert(enrollments)
        .values({ userId: user!.id, schoolId, courseId: course.id, status: 'paid', dateEnrolled: at, progress: 10 + ((i * 23 + k * 7) % 80) })
        .onConflictDoNothing()
        .returning({ id: enrollments.id });
      if (!enrolment) continue;
      const { subtotal, tax } = priceBreakdown(course.fee);
      const card = (i + k) % 3 !== 0;
      const fee = card ? 1_500 : 0;
      const reference = `DEMO-H${String(++n).padStart(3, '0')}-${randomBytes(4).toString('hex')}`;
      const [txn] = await db
        .insert(paymentTransactions)
        .values({
          schoolId,
          userId: user!.id,
          contentType: 'course',
          courseId: course.id,
          enrollmentId: enrolment.id,
          status: 'Paid',
          subtotal,
          tax,
          fee,
          discount: 0,
          coins: 0,
          amount: subtotal + tax + fee,
          processorType: card ? 'card' : 'cash',
          processor: card ? 'Visa' : null,
          channelCode: card ? 'card' : 'cash',
          gateway: card ? 'sandbox' : 'cash',
          reference,
          idempotencyKey: `demo-${reference}`,
          requestHash: 'demo seed',
          createdAt: at,
          updatedAt: at,
          paidAt: at,
        })
        .returning({ id: paymentTransactions.id, amount: paymentTransactions.amount });
      // One learner asked for part of a course's price back: the school refunded P200 ten days after.
      if (n === 4) {
        const refundedAt = new Date(at.getTime() + 10 * DAY);
        await db.insert(paymentRefunds).values({ schoolId, transactionId: txn!.id, amount: 20_000, reason: 'Missed the first live session', cancelsEnrolment: false, state: 'succeeded', idempotencyKey: `demo-refund-${reference}`, createdAt: refundedAt.getTime() > Date.now() ? new Date() : refundedAt });
        await db.update(paymentTransactions).set({ refunded: 20_000 }).where(eq(paymentTransactions.id, txn!.id));
      }
    }
  }
}
