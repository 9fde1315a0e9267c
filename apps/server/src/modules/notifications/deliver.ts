import type { MailKind, NotificationKind } from '@school/shared/notifications/kinds';
import { exportLabels, type ExportKind } from '@school/shared/staff/exports';
import { fullName } from '../account/presenter';
import type { DeliveredEventType } from '../events/types';
import type { EmailParams } from '../mail/templates';
import { describe, links, pesos } from './messages';
import type { EventRow, NotificationRepository } from './repository';

/** The templates of notification e-mails: each takes the page's address and the unsubscribe link besides. */
type NoticeTemplate = 'payment-received' | 'payment-failed' | 'payment-refunded' | 'certificate-issued' | 'id-verified' | 'id-not-verified' | 'staff-message';
export type NoticeMail = { [T in NoticeTemplate]: { kind: MailKind; template: T; params: Omit<EmailParams<T>, 'link' | 'unsubscribe' | 'oneClick'> } }[NoticeTemplate];

/** One notification to write for an event, and the e-mail that goes with it (unless its kind is turned off). */
export interface Outgoing {
  userId: number;
  kind: NotificationKind;
  description: string;
  link: string | null;
  /** Unique: a retried delivery, or a second event about the same thing, writes nothing more. */
  key: string;
  mail?: NoticeMail;
}

/** Reads through `repo`, the delivery's transaction: one query at a time. */
type Compose = (event: EventRow, repo: NotificationRepository) => Promise<Outgoing[]>;

const num = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const eventKey = (event: EventRow, userId: number) => `event:${event.id}:${userId}`;
/** Enrolled without paying now; a paid enrolment is told by its payment ('payment.paid'). */
const enrolled = (status: unknown) => status === 'free' || status === 'pay_later';

async function actorName(repo: NotificationRepository, actorId: number | null) {
  const [actor] = await repo.people(actorId === null ? [] : [actorId]);
  return actor ? fullName(actor) || actor.username : 'Someone';
}

/** Tells each recipient once, never the one who did it. */
function toEach(event: EventRow, recipients: (number | undefined)[], make: (userId: number) => Omit<Outgoing, 'userId' | 'key'>): Outgoing[] {
  const told = new Set(recipients.filter((id): id is number => id !== undefined && id !== event.actorId));
  return [...told].map((userId) => ({ userId, key: eventKey(event, userId), ...make(userId) }));
}

const forumAnswered: Compose = async (event, repo) => {
  const questionId = num(event.data.questionId);
  const answer = await repo.forumAnswer(event.schoolId!, event.subjectId);
  const question = questionId ? await repo.forumQuestion(event.schoolId!, questionId) : undefined;
  if (!answer || answer.hidden || !question || question.hidden) return [];
  const actor = await actorName(repo, event.actorId);
  return toEach(event, [question.userId], () => ({ kind: 'forum', description: describe.answered(actor, question.title), link: links.forumTopic(questionId!) }));
};

const forumCommented: Compose = async (event, repo) => {
  const comment = await repo.forumComment(event.schoolId!, event.subjectId);
  if (!comment || comment.hidden) return [];
  const question = await repo.forumQuestion(event.schoolId!, comment.questionId);
  const answer = comment.answerId ? await repo.forumAnswer(event.schoolId!, comment.answerId) : undefined;
  // A comment under a hidden answer is hidden with it.
  if (!question || question.hidden || answer?.hidden) return [];
  const actor = await actorName(repo, event.actorId);
  const link = links.forumTopic(comment.questionId);
  const onAnswer = answer?.userId;
  const toAsker = comment.answerId ? describe.commentedOnAnAnswer : describe.commentedOnQuestion;
  return toEach(event, [onAnswer, question.userId], (userId) => ({
    kind: 'forum',
    description: userId === onAnswer ? describe.commentedOnAnswer(actor, question.title) : toAsker(actor, question.title),
    link,
  }));
};

const forumAccepted: Compose = async (event, repo) => {
  const answer = await repo.forumAnswer(event.schoolId!, event.subjectId);
  const question = answer && (await repo.forumQuestion(event.schoolId!, answer.questionId));
  if (!answer || answer.hidden || !question || question.hidden) return [];
  return toEach(event, [answer.userId], () => ({ kind: 'forum', description: describe.accepted(question.title), link: links.forumTopic(answer.questionId) }));
};

const courseEnrolment: Compose = async (event, repo) => {
  // One the school made (marked paid too) is news for the student; one they paid for is told by its payment.
  const row = enrolled(event.data.status) || event.data.byStaff === true ? await repo.courseEnrolment(event.subjectId) : undefined;
  if (!row) return [];
  return [{ userId: row.userId, key: eventKey(event, row.userId), kind: 'enrolment', description: describe.enrolled(row.course), link: links.course(row.slug) }];
};

const enrolmentCancelled: Compose = async (event, repo) => {
  const row = await repo.courseEnrolment(event.subjectId);
  if (!row) return [];
  const reason = typeof event.data.reason === 'string' ? event.data.reason : '';
  return [{ userId: row.userId, key: eventKey(event, row.userId), kind: 'enrolment', description: describe.enrolmentCancelled(row.course, reason), link: links.course(row.slug) }];
};

const bundleEnrolment: Compose = async (event, repo) => {
  const row = enrolled(event.data.status) ? await repo.bundleEnrolment(event.subjectId) : undefined;
  if (!row) return [];
  return [{ userId: row.userId, key: eventKey(event, row.userId), kind: 'enrolment', description: describe.enrolled(row.bundle), link: links.bundle(row.slug) }];
};

const payment =
  (paid: boolean): Compose =>
  async (event, repo) => {
    // An attempt the payer replaced by starting another one is not news.
    if (event.data.replaced === true) return [];
    const row = await repo.payment(event.subjectId);
    if (!row) return [];
    const item = row.bundle ?? row.course ?? 'your enrolment';
    const link = row.bundleSlug ? links.bundle(row.bundleSlug) : row.courseSlug ? links.course(row.courseSlug) : null;
    // Covered in full by coins or a voucher: nothing was paid, so it is told as the enrolment, with no e-mail.
    if (paid && row.amount === 0) return [{ userId: row.userId, key: eventKey(event, row.userId), kind: 'enrolment', description: describe.enrolled(item), link }];
    const params = { item, amount: pesos(row.amount) };
    return [
      {
        userId: row.userId,
        key: eventKey(event, row.userId),
        kind: 'payment',
        description: paid ? describe.paid(row.amount, item) : describe.paymentFailed(row.amount, item),
        link,
        mail: paid ? { kind: 'payment', template: 'payment-received', params } : { kind: 'payment', template: 'payment-failed', params },
      },
    ];
  };

/** Money for an attempt that had already ended (payments' callback): the school's administrators refund it from its page. */
const paymentOrphaned: Compose = async (event, repo) => {
  const row = event.schoolId === null ? undefined : await repo.payment(event.subjectId);
  if (!row) return [];
  const payer = await actorName(repo, row.userId);
  const admins = await repo.schoolAdministrators(event.schoolId!);
  const description = describe.paymentOrphaned(payer, row.amount, row.bundle ?? row.course ?? 'an enrolment');
  return toEach(event, admins.map((a) => a.userId), () => ({ kind: 'payment', description, link: links.staffPayment(event.subjectId) }));
};

/** Money given back by the school, and the enrolment ended with it when it was: the payer, with the refund's page. */
const paymentRefunded: Compose = async (event, repo) => {
  const row = await repo.payment(event.subjectId);
  const amount = num(event.data.amount);
  if (!row || amount === null) return [];
  const item = row.bundle ?? row.course ?? 'your enrolment';
  const ended = event.data.cancelled === true;
  const reason = typeof event.data.reason === 'string' ? event.data.reason : '';
  return [
    {
      userId: row.userId,
      key: eventKey(event, row.userId),
      kind: 'payment',
      description: describe.refunded(amount, item, ended),
      link: links.paymentResult(event.subjectId),
      mail: { kind: 'payment', template: 'payment-refunded', params: { item, amount: amount > 0 ? pesos(amount) : null, ended, returned: event.data.returned === true, reason } },
    },
  ];
};

/** A staff export made (or not): its requester, with the console's list of exports. */
const exportDone =
  (ready: boolean): Compose =>
  async (event, repo) => {
    const row = await repo.staffExport(event.subjectId);
    if (!row) return [];
    const label = exportLabels[row.kind as ExportKind] ?? row.kind;
    const description = ready ? describe.exportReady(label, row.rows ?? 0) : describe.exportFailed(label);
    return [{ userId: row.userId, key: eventKey(event, row.userId), kind: 'general', description, link: links.staffExports }];
  };

/** A lesson a student cannot study: the school's administrators, with the lesson and what the browser said. */
const problemReported: Compose = async (event, repo) => {
  if (event.schoolId === null) return [];
  const learner = await actorName(repo, event.actorId);
  const admins = await repo.schoolAdministrators(event.schoolId);
  const description = describe.problemReported(learner, String(event.data.courseware ?? 'a lesson'), String(event.data.detail ?? ''));
  return toEach(event, admins.map((a) => a.userId), () => ({ kind: 'general', description, link: links.enrolmentEvidence(event.subjectId) }));
};

const certificateIssued: Compose = async (event, repo) => {
  const row = await repo.certificate(event.subjectId);
  if (!row) return [];
  // One per enrolment, whoever issued it (the demo's seeded notifications use the same key).
  const key = row.enrollmentId ? `certificate:${row.enrollmentId}:${row.userId}` : eventKey(event, row.userId);
  return [
    {
      userId: row.userId,
      key,
      kind: 'certificate',
      description: describe.certificate(row.course),
      link: links.certificate(row.code),
      mail: { kind: 'certificate', template: 'certificate-issued', params: { course: row.course } },
    },
  ];
};

const kyc =
  (outcome: 'verified' | 'failed' | 'rejected' | 'to_staff'): Compose =>
  async (event, repo) => {
    // A submission is news for its student only when the automatic check was handed to staff.
    if (outcome === 'to_staff' && typeof event.data.reason !== 'string') return [];
    const row = await repo.kycSubmission(event.subjectId);
    if (!row) return [];
    const base = { userId: row.userId, key: eventKey(event, row.userId), kind: 'kyc' as const, link: links.account('authenticate-id') };
    switch (outcome) {
      case 'verified':
        return [{ ...base, description: describe.idVerified, mail: { kind: 'kyc', template: 'id-verified', params: {} } }];
      case 'failed':
        return [{ ...base, description: describe.idFailed, mail: { kind: 'kyc', template: 'id-not-verified', params: { reason: null } } }];
      case 'rejected': {
        const reason = row.reason ?? '';
        return [{ ...base, description: describe.idRejected(reason), mail: { kind: 'kyc', template: 'id-not-verified', params: { reason: reason || null } } }];
      }
      case 'to_staff':
        return [{ ...base, description: describe.idToStaff }];
    }
  };

/** An attempt whose last answer was graded; told once per attempt however many gradings follow. */
const examGraded: Compose = async (event, repo) => {
  const examId = num(event.data.examId);
  const attempt = num(event.data.attempt);
  const row = examId ? await repo.gradedExam(event.subjectId, examId) : undefined;
  if (!row || attempt === null) return [];
  return [
    {
      userId: row.userId,
      key: `exam:${event.subjectId}:${examId}:${attempt}:${row.userId}`,
      kind: 'exam',
      description: describe.graded(row.courseware, event.data.passed === true),
      link: links.coursePlayer(row.slug, row.coursewareId),
    },
  ];
};

/** Who hears of each delivered event, and what they read. */
export const composers: Record<DeliveredEventType, Compose> = {
  'forum.answered': forumAnswered,
  'forum.commented': forumCommented,
  'forum.accepted': forumAccepted,
  'enrolment.course': courseEnrolment,
  'enrolment.bundle': bundleEnrolment,
  'enrolment.cancelled': enrolmentCancelled,
  'payment.paid': payment(true),
  'payment.failed': payment(false),
  'payment.orphaned': paymentOrphaned,
  'payment.refunded': paymentRefunded,
  'export.ready': exportDone(true),
  'export.failed': exportDone(false),
  'certificate.issued': certificateIssued,
  'kyc.verified': kyc('verified'),
  'kyc.failed': kyc('failed'),
  'kyc.rejected': kyc('rejected'),
  'kyc.submitted': kyc('to_staff'),
  'exam.graded': examGraded,
  'courseware.problem': problemReported,
};
