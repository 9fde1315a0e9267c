import { z } from 'zod';
import type { ErrorBody } from '../api/errors';

/**
 * Why the server refused an enrolment. Sent as `code` beside the DRF-shaped body of DECISIONS.md, so the
 * page can pick its screen without matching the message text.
 */
export const enrolmentErrorCodeSchema = z.enum([
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
]);
export type EnrolmentErrorCode = z.infer<typeof enrolmentErrorCodeSchema>;

/** A refused enrolment's code (null when the body has none this version knows) and its message. */
export function readEnrolmentError(body: ErrorBody | null): { code: EnrolmentErrorCode | null; message: string | null } {
  const { code, detail, ...fields } = body ?? {};
  const parsed = enrolmentErrorCodeSchema.safeParse(code);
  const first = Object.values(fields).flat()[0];
  return { code: parsed.success ? parsed.data : null, message: typeof detail === 'string' ? detail : (first ?? null) };
}
