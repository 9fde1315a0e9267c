import { z } from 'zod';
import { listSchema } from '../api/errors';
import { MCLE_AREA_KEYS } from './mcle';
import { CERTIFICATE_CODE, CERTIFICATE_PAGE_SIZE, certificateMessages, certificateSorts } from './rules';

/** MCLE units by subject area, in the tracker's order (a certificate, a course, a bundle's courses together). */
export const areaUnitsSchema = z.array(z.object({ key: z.enum(MCLE_AREA_KEYS), label: z.string(), units: z.number() })).describe('MCLE units by subject area');

/**
 * Where the caller's certificate of a course stands (certificateState), with 'payment_pending' while a payment of a
 * pay-later enrolment is on its way, 'issuing' while the job draws it and 'issued' with its code once it exists.
 */
export const certificateStatusSchema = z.object({
  state: z.enum(['incomplete', 'needs_payment', 'payment_pending', 'needs_signature', 'issuing', 'issued']),
  code: z.string().nullable(),
});
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

export const certificateQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perpage: z.coerce.number().int().min(1).max(60).default(CERTIFICATE_PAGE_SIZE),
  sort: z.enum(certificateSorts).default('-timestamp'),
  course_name: z.string().max(200).optional(),
});

/** A card of My Certificates (spec 1 §2, §3): image, course, school, given, and the public page's address. */
export const myCertificateSchema = z.object({
  id: z.number(),
  code: z.string(),
  course_name: z.string(),
  school: z.string(),
  image: z.string().nullable().describe('a short-lived address of the certificate image'),
  timestamp: z.string(),
  time_zone: z.string().describe("the issuing school's time zone, to show the timestamp in"),
  address: z.string(),
});
export type MyCertificate = z.infer<typeof myCertificateSchema>;
export const myCertificateListSchema = listSchema(myCertificateSchema);

export const codeParamsSchema = z.object({ code: z.string().regex(CERTIFICATE_CODE, { error: certificateMessages.notFound }) });

/** The public verification page's facts: nothing private (no e-mail, no signature evidence). */
export const publicCertificateSchema = z.object({
  code: z.string(),
  learner: z.string(),
  course: z.string(),
  school: z.string(),
  completed_on: z.string(),
  issued_at: z.string(),
  units: z.number(),
  areas: areaUnitsSchema,
  signatories: z.array(z.object({ name: z.string(), title: z.string() })).describe("the school's signatories printed on it"),
  accreditation: z.string().nullable(),
  approval_number: z.string().nullable(),
  image_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
  address: z.string(),
  /** The platform whose key signs the certificate's credential (GET /certificates/{code}.json). */
  platform: z.string(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** The signed certification statement: the typed full name, the drawn signature (a PNG data URL), agreement. */
export const certificationBodySchema = z.object({
  full_name: z.string().trim().min(1, { error: certificateMessages.nameMismatch }).max(200),
  signature: z
    .string()
    .max(400_000)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: certificateMessages.signatureRequired }),
  agree: z.literal(true, { error: certificateMessages.agreeRequired }),
});
export type CertificationBody = z.input<typeof certificationBodySchema>;
export const certificationResultSchema = z.object({ signed_at: z.string(), statement: z.string() });

/** Staff's records export of a course: of one compliance period, or of all. */
export const recordsQuerySchema = z.object({ compliance_period: z.coerce.number().int().positive().max(2147483647).optional() });

/** The MCLE compliance tracker (the account area): the chosen period's standing and what covers the rest. */
export const complianceQuerySchema = z.object({ compliance_period: z.coerce.number().int().positive().max(2147483647) });
const areaStandingSchema = z.object({ key: z.enum(MCLE_AREA_KEYS), label: z.string(), required: z.number(), earned: z.number(), missing: z.number() });
const suggestionSchema = z.object({ id: z.number(), name: z.string(), slug: z.string(), areas: z.array(z.enum(MCLE_AREA_KEYS)) });
export const complianceSchema = z.object({
  compliance_period: z.number(),
  areas: z.array(areaStandingSchema),
  required: z.number(),
  counted: z.number(),
  complete: z.boolean(),
  certificates: z.array(z.object({ code: z.string(), course: z.string(), school: z.string(), completed_on: z.string(), units: z.number() })),
  suggestions: z.object({ courses: z.array(suggestionSchema), bundles: z.array(suggestionSchema) }).describe("this school's courses and bundles that cover a missing area"),
});
export type Compliance = z.infer<typeof complianceSchema>;
