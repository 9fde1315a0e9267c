import { invitationEmail, resetEmail, verificationEmail } from '../auth/emails';
import { certificateIssuedEmail, idNotVerifiedEmail, idVerifiedEmail, paymentFailedEmail, paymentReceivedEmail, paymentRefundedEmail, staffMessageEmail } from '../notifications/emails';
import { teamInvitationEmail } from '../team/emails';
import type { SchoolRow } from '../tenancy/repository';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Extra message headers (a notification's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/**
 * Every e-mail the platform sends: its name in the send-email job, and how it is rendered for its school
 * from the job's parameters. Adding an e-mail is a line here (and its renderer in its module).
 */
export const emailTemplates = {
  'verify-email': (school: SchoolRow, p: { link: string; hours: number }) => verificationEmail(school, p.link, p.hours),
  'reset-password': (school: SchoolRow, p: { link: string; minutes: number }) => resetEmail(school, p.link, p.minutes),
  invitation: invitationEmail,
  'payment-received': paymentReceivedEmail,
  'payment-failed': paymentFailedEmail,
  'payment-refunded': paymentRefundedEmail,
  'certificate-issued': certificateIssuedEmail,
  'id-verified': idVerifiedEmail,
  'id-not-verified': idNotVerifiedEmail,
  'staff-message': staffMessageEmail,
  'team-invitation': teamInvitationEmail,
} satisfies Record<string, (school: SchoolRow, params: never) => RenderedMail>;

export type EmailTemplate = keyof typeof emailTemplates;
export type EmailParams<T extends EmailTemplate> = Parameters<(typeof emailTemplates)[T]>[1];
