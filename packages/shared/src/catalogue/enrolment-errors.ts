import type { ErrorBody } from '../api/errors';

/**
 * Why the server refused an enrolment. Sent as `code` beside the DRF-shaped body of DECISIONS.md, so the
 * page can pick its screen without matching the message text. A plain list, not a zod enum: the course
 * page reads it, and zod would double the JavaScript that page runs before it shows the course.
 */
const ENROLMENT_ERROR_CODES = [
  'not_student',
  'email_not_verified',
  'incomplete_profile',
  'incomplete_mcle_profile',
  'incomplete_kyc',
  'compliance_period_required',
  'compliance_period_ended',
  'school_enrols_only',
  'email_domain_not_allowed',
  'course_ended',
  'no_classes',
  'class_required',
  'not_free',
  'pay_later_not_allowed',
  'already_enrolled',
] as const;
export type EnrolmentErrorCode = (typeof ENROLMENT_ERROR_CODES)[number];

const isEnrolmentErrorCode = (value: unknown): value is EnrolmentErrorCode => (ENROLMENT_ERROR_CODES as readonly unknown[]).includes(value);

/** A refused enrolment's code (null when the body has none this version knows) and its message. */
export function readEnrolmentError(body: ErrorBody | null): { code: EnrolmentErrorCode | null; message: string | null } {
  const { code, detail, ...fields } = body ?? {};
  const first = Object.values(fields).flat()[0];
  return { code: isEnrolmentErrorCode(code) ? code : null, message: typeof detail === 'string' ? detail : (first ?? null) };
}
