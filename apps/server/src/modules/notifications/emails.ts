import { MAIL_KIND_LABELS, type MailKind } from '@school/shared/notifications/kinds';
import { actionEmail } from '../../infra/mail/html';
import type { SchoolRow } from '../tenancy/repository';

/**
 * Every notification e-mail carries its page's address, the link that turns its kind off (a page that asks
 * first), and the API's one-click address that mail programs POST to (RFC 8058).
 */
interface Links {
  link: string;
  unsubscribe: string;
  oneClick: string;
}

function noticeEmail(school: SchoolRow, kind: MailKind, p: Links, content: { subject: string; heading: string; paragraphs: string[]; actionLabel: string }) {
  return {
    subject: content.subject,
    ...actionEmail({
      schoolName: school.name,
      color: school.primaryColor,
      heading: content.heading,
      paragraphs: content.paragraphs,
      actionLabel: content.actionLabel,
      actionUrl: p.link,
      footer: `You receive this email because of your account at ${school.name}: ${MAIL_KIND_LABELS[kind].toLowerCase()}.`,
      unsubscribe: { label: 'Unsubscribe from these emails', url: p.unsubscribe },
    }),
    // Mail programs show their own unsubscribe button for it, which POSTs to the address at once (RFC 2369, 8058).
    headers: { 'List-Unsubscribe': `<${p.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export const paymentReceivedEmail = (school: SchoolRow, p: Links & { item: string; amount: string }) =>
  noticeEmail(school, 'payment', p, {
    subject: `Payment received: ${p.item}`,
    heading: 'We received your payment',
    paragraphs: [`Your payment of ${p.amount} for ${p.item} went through.`, 'Thank you! You can start or go on studying at once.'],
    actionLabel: 'Open',
  });

export const paymentFailedEmail = (school: SchoolRow, p: Links & { item: string; amount: string }) =>
  noticeEmail(school, 'payment', p, {
    subject: `Payment not completed: ${p.item}`,
    heading: 'Your payment did not go through',
    paragraphs: [`Your payment of ${p.amount} for ${p.item} was not completed.`, 'Nothing was charged for it. You can try again with another payment method.'],
    actionLabel: 'Try Again',
  });

/** `amount` is null when no money went back (an enrolment cancelled by itself). */
export const paymentRefundedEmail = (school: SchoolRow, p: Links & { item: string; amount: string | null; ended: boolean; returned: boolean; reason: string }) =>
  noticeEmail(school, 'payment', p, {
    subject: p.amount ? `Refund: ${p.item}` : `Enrolment cancelled: ${p.item}`,
    heading: p.amount ? 'We refunded your payment' : 'Your enrolment was cancelled',
    paragraphs: [
      p.amount ? `${school.name} refunded ${p.amount} of your payment for ${p.item}.` : `${school.name} cancelled your enrolment in ${p.item}.`,
      ...(p.reason ? [`The reason given: ${p.reason}`] : []),
      ...(p.ended ? [p.returned ? 'Your access to it has ended; the coins and the voucher you used on it were given back.' : 'Your access to it has ended.'] : []),
    ],
    actionLabel: 'View Payment',
  });

export const certificateIssuedEmail = (school: SchoolRow, p: Links & { course: string }) =>
  noticeEmail(school, 'certificate', p, {
    subject: `Your certificate for ${p.course}`,
    heading: 'Your certificate is ready',
    paragraphs: [`Congratulations on finishing ${p.course}.`, 'Your certificate can be viewed, downloaded and verified online.'],
    actionLabel: 'View Certificate',
  });

export const idVerifiedEmail = (school: SchoolRow, p: Links) =>
  noticeEmail(school, 'kyc', p, {
    subject: 'Your ID has been verified',
    heading: 'Your ID has been verified',
    paragraphs: [`${school.name} verified your identity. You can now study the courses that ask for it.`],
    actionLabel: 'Authenticate ID',
  });

export const idNotVerifiedEmail = (school: SchoolRow, p: Links & { reason: string | null }) =>
  noticeEmail(school, 'kyc', p, {
    subject: 'Your ID was not verified',
    heading: 'Your ID was not verified',
    paragraphs: [p.reason ? `The reason given: ${p.reason}` : 'The automatic check could not verify your ID.', 'See the Authenticate ID tab for what to fix, then send your IDs again.'],
    actionLabel: 'Authenticate ID',
  });

/** An announcement of the school's: its own subject and paragraphs, who sent it and to whom. */
export const staffMessageEmail = (school: SchoolRow, p: Links & { subject: string; body: string; from: string }) =>
  noticeEmail(school, 'announcement', p, {
    subject: p.subject,
    heading: p.subject,
    paragraphs: [...p.body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean), `Sent by ${p.from}.`],
    actionLabel: 'Read on the Site',
  });
