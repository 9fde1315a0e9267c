/** Certificate rules shared by the pages and the server (DECISIONS.md "Certificates"; spec 1 §5). */
import { isPaid } from '../catalogue/rules';

/** My Certificates: cards a page and the sorts of spec 1 §9 (the first is the default). */
export const CERTIFICATE_PAGE_SIZE = 6;
export const certificateSorts = ['-timestamp', 'timestamp', 'course__name'] as const;
export type CertificateSort = (typeof certificateSorts)[number];

/** The MCLE certification statement a learner agrees to with an electronic signature (spec 1 §5). */
export const CERTIFICATION_STATEMENT =
  'I certify that I personally attended and completed this course, answered its assessments myself, and that the information I gave is true and correct.';

export type CertificateState = 'issue' | 'incomplete' | 'needs_payment' | 'needs_signature';

/**
 * What stands between an enrolment and its certificate: the whole course, then payment (a pay-later enrolment
 * gets it once paid), then, at MCLE schools, the signed certification statement. The evaluation survey is a
 * courseware of the course, so 100 % includes it.
 */
export function certificateState(input: { progress: number; status: string; mcle: boolean; signed: boolean }): CertificateState {
  if (input.progress < 100) return 'incomplete';
  if (!isPaid(input.status)) return 'needs_payment';
  if (input.mcle && !input.signed) return 'needs_signature';
  return 'issue';
}

/** 16 characters of an alphabet without look-alikes (no 0/O, 1/I), in four groups: 80 random bits. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CERTIFICATE_CODE = /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/;
export const formatCode = (chars: string) => chars.match(/.{4}/g)!.join('-');

/** The public page's check of the certificate's signed credential, made in the browser. */
export const credentialMessages = {
  checking: 'Checking the signature of its credential…',
  verified: (school: string, platform: string) => `Verified: signed by ${school} via ${platform}.`,
  failed: 'Not verified: its credential does not match its signature or this page.',
} as const;

export const certificateMessages = {
  notFound: 'No certificate has this code.',
  revoked: 'This certificate has been revoked.',
  notCompleted: 'Finish the course before signing the certification statement.',
  paymentPending: 'Your payment for this course is being confirmed. Your certificate follows once it is.',
  signatureRequired: 'Draw your signature.',
  signatureTooLarge: 'The signature image is too large. Draw your signature again.',
  nameMismatch: 'Type your full name as it appears in your profile.',
  alreadySigned: 'You have already signed the certification statement for this course.',
  agreeRequired: 'Agree to the certification statement.',
} as const;
