/**
 * Every kind of event, with the kind of record it is about (`subject_type`). Adding one is a line here;
 * the forum's events carry `questionId` (and `answerId` for a comment on an answer) in their data.
 */
export const eventSubjects = {
  'user.signed_up': 'user',
  'user.email_verified': 'user',
  'user.password_reset': 'user',
  'enrolment.course': 'enrollment',
  'enrolment.bundle': 'bundle_enrollment',
  'enrolment.completed': 'enrollment',
  /** The school ended an enrolment from the course's roster (data: the reason); the student is told. */
  'enrolment.cancelled': 'enrollment',
  'class.joined': 'enrollment',
  /** A student could not study a lesson (an outside player blocked): the school's administrators are told. */
  'courseware.problem': 'enrollment',
  /** An administrator marked a lesson complete for a student (the audit of it: who, which lesson). */
  'courseware.completed_by_staff': 'enrollment',
  'exam.submitted': 'enrollment',
  'exam.graded': 'enrollment',
  'payment.created': 'payment_transaction',
  'payment.pending': 'payment_transaction',
  'payment.paid': 'payment_transaction',
  'payment.failed': 'payment_transaction',
  /** Money arrived for an attempt that had already failed (replaced or lapsed): the school refunds it at the gateway. */
  'payment.orphaned': 'payment_transaction',
  'payment.cancelled': 'payment_transaction',
  /** Staff gave money back (data: refundId, amount in centavos, whether the enrolment ended, the reason). */
  'payment.refunded': 'payment_transaction',
  'wallet.rewarded': 'user',
  /** A staff export's file was made, or could not be: its requester is told. */
  'export.ready': 'staff_export',
  'export.failed': 'staff_export',
  'kyc.submitted': 'kyc_submission',
  'kyc.verified': 'kyc_submission',
  'kyc.failed': 'kyc_submission',
  'kyc.rejected': 'kyc_submission',
  'certificate.issued': 'certificate',
  'forum.asked': 'forum_question',
  'forum.answered': 'forum_answer',
  'forum.commented': 'forum_comment',
  'forum.accepted': 'forum_answer',
  /** A moderator hid or showed a post again (data.hidden says which). */
  'forum.question_moderated': 'forum_question',
  'forum.answer_moderated': 'forum_answer',
  'forum.comment_moderated': 'forum_comment',
} as const;

export type EventType = keyof typeof eventSubjects;
export type EventSubjectType = (typeof eventSubjects)[EventType];

/**
 * The events someone is told about (a notification, maybe an e-mail): recordEvent queues each for the
 * notifications module's delivery job (modules/notifications/deliver.ts), which handles every one of them.
 */
export const deliveredEvents = [
  'enrolment.course',
  'enrolment.cancelled',
  'enrolment.bundle',
  'exam.graded',
  'courseware.problem',
  'payment.paid',
  'payment.failed',
  'payment.orphaned',
  'payment.refunded',
  'export.ready',
  'export.failed',
  'kyc.submitted',
  'kyc.verified',
  'kyc.failed',
  'kyc.rejected',
  'certificate.issued',
  'forum.answered',
  'forum.commented',
  'forum.accepted',
] as const satisfies readonly EventType[];
export type DeliveredEventType = (typeof deliveredEvents)[number];
export const isDelivered = (type: EventType): type is DeliveredEventType => (deliveredEvents as readonly EventType[]).includes(type);

/** The channel recordEvent NOTIFYs when it queues a delivery (heard at commit by the delivery job's listeners). */
export const EVENT_DELIVERY = 'event_delivery';
