import { peso } from '@school/shared/payments/money';
import { escapeHtml } from '../../infra/mail/html';

const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;

/** 'P1,500.00' from centavos, in the one price format. */
export const pesos = (centavos: number) => peso(centavos / 100);

/** '9:00 AM' from a time of day ('09:00:00'), as the school's clock shows it. */
export function clock(time: string) {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Each notification's description: text with every value escaped, names and titles in bold (the repository keeps
 * only that emphasis when it stores one, and the pages show no other markup).
 */
export const describe = {
  answered: (actor: string, title: string) => `${strong(actor)} answered your question ${strong(title)}.`,
  commentedOnQuestion: (actor: string, title: string) => `${strong(actor)} commented on your question ${strong(title)}.`,
  commentedOnAnswer: (actor: string, title: string) => `${strong(actor)} commented on your answer to ${strong(title)}.`,
  /** To the question's author, of a comment on someone's answer. */
  commentedOnAnAnswer: (actor: string, title: string) => `${strong(actor)} commented on an answer to your question ${strong(title)}.`,
  accepted: (title: string) => `Your answer to ${strong(title)} was accepted.`,
  enrolled: (item: string) => `You are now enrolled in ${strong(item)}.`,
  enrolmentCancelled: (course: string, reason: string) => `The school cancelled your enrolment in ${strong(course)}${reason ? `: ${escapeHtml(reason)}` : '.'}`,
  paid: (amount: number, item: string) => `We received your payment of ${pesos(amount)} for ${strong(item)}.`,
  paymentFailed: (amount: number, item: string) => `Your payment of ${pesos(amount)} for ${strong(item)} did not go through.`,
  refunded: (amount: number, item: string, ended: boolean) => {
    if (amount === 0) return `Your enrolment in ${strong(item)} was cancelled.`;
    return `We refunded ${pesos(amount)} of your payment for ${strong(item)}.${ended ? ' Your enrolment in it has ended.' : ''}`;
  },
  /** To the member of staff who asked for it. */
  exportReady: (label: string, rows: number) => `Your export of ${strong(label)} is ready: ${rows} ${rows === 1 ? 'row' : 'rows'}.`,
  exportFailed: (label: string) => `Your export of ${strong(label)} could not be made. Ask for it again.`,
  /** To the school's administrators. */
  problemReported: (learner: string, lesson: string, detail: string) => `${strong(learner)} cannot study ${strong(lesson)}: ${escapeHtml(detail)}`,
  /** To the school's administrators. */
  paymentOrphaned: (payer: string, amount: number, item: string) =>
    `${strong(payer)} paid ${pesos(amount)} for ${strong(item)} after that payment attempt had ended: refund it from its page in the console.`,
  certificate: (course: string) => `Your certificate for ${strong(course)} is ready.`,
  idVerified: 'Your ID has been verified.',
  idFailed: 'Your ID could not be verified automatically. See the Authenticate ID tab for what to fix.',
  idRejected: (reason: string) => `Your ID was not verified: ${escapeHtml(reason)}`,
  idToStaff: 'The automatic check of your ID could not run. Your IDs went to the school for manual verification.',
  /** To the school's administrators. */
  idsSent: (learner: string) => `${escapeHtml(learner)} sent IDs for manual verification.`,
  graded: (courseware: string, passed: boolean) => `Your answers in ${strong(courseware)} have been graded: ${passed ? 'passed' : 'not passed'}.`,
  liveClass: (courseware: string, course: string, time: string) => `The live class ${strong(courseware)} of ${strong(course)} starts at ${clock(time)}.`,
  classSession: (className: string, course: string, time: string) => `Your class ${strong(className)} of ${strong(course)} starts at ${clock(time)}.`,
  /** An announcement of the school's: its page holds the text. */
  announcement: (from: string, subject: string) => `${strong(from)} sent an announcement: ${strong(subject)}`,
};

/** Paths on the school's site that notifications link to (the web app's routes, apps/web/src/config/paths.ts). */
export const links = {
  forumTopic: (id: number) => `/forums/topic/${id}`,
  course: (slug: string) => `/course/${slug}`,
  bundle: (slug: string) => `/course-bundle/${slug}`,
  coursePlayer: (slug: string, coursewareId: number) => `/course/${slug}/module/${coursewareId}`,
  certificate: (code: string) => `/certificates/${code}`,
  account: (tab: string) => `/student/${tab}`,
  enrolmentEvidence: (id: number) => `/staff/enrollments/${id}/identity`,
  staffExports: '/staff/exports',
  staffPayment: (id: number) => `/staff/payments/${id}`,
  paymentResult: (txnId: number) => `/enrollment/payment?txn_id=${txnId}`,
  message: (id: number) => `/messages/${id}`,
  unsubscribe: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  /** The API's one-click unsubscribe (RFC 8058), on the same site. */
  oneClickUnsubscribe: (token: string) => `/api/v1/notifications/unsubscribe/one-click/?token=${encodeURIComponent(token)}`,
};
