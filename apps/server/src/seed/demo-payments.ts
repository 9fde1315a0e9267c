import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { priceBreakdown } from '@school/shared/catalogue/rules';
import type { Db } from '../db/client';
import { courses, enrollments, paymentTransactions, vouchers, walletEntries, wallets } from '../db/schema/index';

/** Centavos of the demo student's L2E coins: enough for the coin payments on the payment page. */
const DEMO_COINS = 100_000;

/**
 * Vouchers to try on the payment page (a full waiver, half off, P500 off, one that is used up) and the
 * demo student's coins, credited as their sign-up reward so the APT Wallet tab has a first row.
 */
export async function seedDemoPayments(db: Db, schoolId: number, studentId: number) {
  await db.insert(vouchers).values([
    { schoolId, code: 'FULL100', type: 'percentage', value: 100, perUserLimit: 100 },
    { schoolId, code: 'HALF50', type: 'percentage', value: 50, perUserLimit: 100 },
    { schoolId, code: 'LESS500', type: 'fixed', value: 50_000, perUserLimit: 100 },
    { schoolId, code: 'USEDUP', type: 'percentage', value: 20, usageLimit: 1, usedCount: 1 },
  ]);
  // A free course whose completion earns 50 coins (the completion dialog then leads to the wallet).
  await db.update(courses).set({ rewardCoins: 5_000 }).where(and(eq(courses.schoolId, schoolId), eq(courses.name, 'Contract Drafting Clinic')));
  await db.insert(wallets).values({ userId: studentId, balance: DEMO_COINS });
  await db.insert(walletEntries).values({
    userId: studentId,
    amount: DEMO_COINS,
    balanceAfter: DEMO_COINS,
    reason: 'signup_reward',
    description: 'Sign-up reward: L2E Coins for a 36-unit MCLE bundle',
    schoolId,
    onceKey: 'signup_reward',
  });
}

/** The course `verifying` chose to pay for at the school's office: the console's Payments show it waiting. */
export const DEMO_CASH_COURSE = 'Tax Remedies Under the TRAIN and CREATE Laws';

/**
 * `verifying` enrolled in a paid course yesterday and chose "Pay directly to the school": the payment waits for an
 * administrator to confirm it (the dashboard counts it), and the enrolment waits with it, as a real checkout leaves them.
 */
export async function seedDemoCashPayment(db: Db, schoolId: number, userId: number) {
  const [course] = await db.select().from(courses).where(and(eq(courses.schoolId, schoolId), eq(courses.name, DEMO_CASH_COURSE)));
  const { subtotal, tax } = priceBreakdown(course!.fee);
  const createdAt = new Date(Date.now() - 20 * 3_600_000);
  const [enrolment] = await db.insert(enrollments).values({ userId, schoolId, courseId: course!.id, status: 'pending', dateEnrolled: createdAt }).returning({ id: enrollments.id });
  const id = randomBytes(18).toString('base64url');
  await db.insert(paymentTransactions).values({
    schoolId,
    userId,
    contentType: 'course',
    courseId: course!.id,
    enrollmentId: enrolment!.id,
    status: 'Pending',
    subtotal,
    tax,
    fee: 0,
    discount: 0,
    coins: 0,
    amount: subtotal + tax,
    processorType: 'cash',
    processor: null,
    channelCode: 'cash',
    gateway: 'cash',
    reference: id,
    idempotencyKey: `demo-${id}`,
    requestHash: 'demo seed',
    createdAt,
    updatedAt: createdAt,
  });
}
