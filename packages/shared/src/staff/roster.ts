import { z } from 'zod';
import type { EnrolmentStatus } from '../catalogue/rules';

export const ROSTER_PAGE_SIZE = 50;
const id = z.coerce.number().int().positive().max(2147483647);

/** What an enrolment's status says in the console. */
export const enrolmentStatusLabels: Record<EnrolmentStatus, string> = {
  paid: 'Paid',
  free: 'Free',
  pay_later: 'Pay later',
  notpaid: 'Checkout not paid',
  pending: 'Payment pending',
  partial: 'Partly paid',
  collection: 'In collection',
  cancelled: 'Cancelled',
};

/** The roster's filters: words of a name, e-mail or roll number; where the enrolment stands; a class. */
export const ROSTER_STANDINGS = ['studying', 'completed', 'awaiting_payment', 'cancelled'] as const;
export const rosterStandingLabels: Record<(typeof ROSTER_STANDINGS)[number], string> = {
  studying: 'Studying',
  completed: 'Completed',
  awaiting_payment: 'Waiting for payment',
  cancelled: 'Cancelled',
};
export const rosterQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  standing: z.enum(ROSTER_STANDINGS).optional(),
  class: id.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

/** One enrolment of the course, as its roster lists it. */
export const rosterEntrySchema = z.object({
  id: z.number(),
  student: z.object({ id: z.number(), name: z.string(), email: z.string(), roll_number: z.string().nullable() }),
  class: z.object({ id: z.number(), name: z.string() }).nullable(),
  status: z.string(),
  status_label: z.string(),
  progress: z.number(),
  enrolled_at: z.string(),
  completed_at: z.string().nullable(),
  /** When they last opened a lesson of the course; null before their first. */
  last_active_at: z.string().nullable(),
  /** The course timer's running attempt (a timed course), which Reset timer clears. */
  timer_started_at: z.string().nullable(),
  notes: z.string(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const rosterMessages = {
  emailRequired: 'Enter the student’s e-mail address.',
  noSuchStudent: 'No student account at this school has that e-mail address.',
  alreadyEnrolled: 'This student is already enrolled in the course.',
  classRequired: 'Choose a class: this course takes enrolments by class only.',
  classNotHere: 'Choose one of this course’s classes.',
  noteRequired: 'Say how the student paid (a receipt number, a bank transfer): it is kept with the enrolment.',
  reasonRequired: 'Say why the enrolment is cancelled.',
  alreadyCancelled: 'This enrolment is already cancelled.',
  cancelPaid: 'This enrolment was paid for: refund its payment (Payments) to end it, so the money is settled too.',
  cancelOpen: 'A payment of this enrolment is on its way: confirm or decline it (Payments) first.',
  noTimer: 'This enrolment has no course timer running.',
  noAttemptLimit: 'This exam has no limit on attempts.',
  examPassed: 'They passed this exam.',
  examPending: 'Their last attempt is waiting for a grade.',
  attemptsLeft: 'They still have attempts left.',
  examNotHere: 'This exam is not one of the course’s.',
  periodEnded: 'Choose a compliance period that has not ended.',
} as const;

/** Enrolling a student on behalf of the school: free, marked paid (with how), or to pay later; with a class and a period. */
export const enrolOnBehalfSchema = z
  .object({
    email: z.string({ error: rosterMessages.emailRequired }).trim().toLowerCase().min(1, rosterMessages.emailRequired).max(254).pipe(z.email(rosterMessages.noSuchStudent)),
    as: z.enum(['free', 'paid', 'pay_later']),
    class: id.nullable().default(null),
    compliance_period: id.nullable().default(null),
    note: z.string().trim().max(500).default(''),
  })
  .refine((b) => b.as !== 'paid' || b.note.length > 0, { message: rosterMessages.noteRequired, path: ['note'] });
export type EnrolOnBehalf = z.infer<typeof enrolOnBehalfSchema>;

export const moveClassSchema = z.object({ class: id.nullable() });
export const cancelEnrolmentSchema = z.object({ reason: z.string({ error: rosterMessages.reasonRequired }).trim().min(1, rosterMessages.reasonRequired).max(500) });

/** One exam of the course as a student's roster row sees it: the attempts taken of how many, and whether one more may be allowed. */
export const rosterExamSchema = z.object({
  id: z.number(),
  name: z.string(),
  attempts_used: z.number(),
  /** This student's limit, the school's extra attempts included; 0 is unlimited. */
  max_attempts: z.number(),
  extra_attempts: z.number(),
  passed: z.boolean(),
  /** Why another attempt may not be allowed now; null when it may. */
  refusal: z.string().nullable(),
});
export type RosterExam = z.infer<typeof rosterExamSchema>;

/**
 * Why the school may not allow a student another attempt at an exam (null: it may): only where the exam has a
 * limit, they have not passed, no attempt waits for a grade, and every attempt is used.
 */
export function attemptRefusal(input: { maxAttempts: number; attemptsUsed: number; passed: boolean; pending: boolean }): string | null {
  if (input.maxAttempts === 0) return rosterMessages.noAttemptLimit;
  if (input.passed) return rosterMessages.examPassed;
  if (input.pending) return rosterMessages.examPending;
  if (input.attemptsUsed < input.maxAttempts) return rosterMessages.attemptsLeft;
  return null;
}
