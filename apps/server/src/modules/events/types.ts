/**
 * Every kind of event, with the kind of record it is about (`subject_type`). Adding one is a line here;
 * later: payment, progress, KYC decisions, grading.
 */
export const eventSubjects = {
  'user.signed_up': 'user',
  'user.email_verified': 'user',
  'user.password_reset': 'user',
  'enrolment.course': 'enrollment',
  'enrolment.bundle': 'bundle_enrollment',
  'enrolment.completed': 'enrollment',
  'class.joined': 'enrollment',
  'exam.submitted': 'enrollment',
  'exam.graded': 'enrollment',
  'payment.created': 'payment_transaction',
  'payment.pending': 'payment_transaction',
  'payment.paid': 'payment_transaction',
  'payment.failed': 'payment_transaction',
  'wallet.rewarded': 'user',
  'kyc.submitted': 'kyc_submission',
  'kyc.verified': 'kyc_submission',
  'kyc.failed': 'kyc_submission',
  'kyc.rejected': 'kyc_submission',
} as const;

export type EventType = keyof typeof eventSubjects;
export type EventSubjectType = (typeof eventSubjects)[EventType];
