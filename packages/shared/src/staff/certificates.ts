import { z } from 'zod';
import { uploadIdSchema } from './uploads';

export const CERTIFICATES_PAGE_SIZE = 50;
export const MAX_SIGNATORIES = 3;

export const staffCertificateMessages = {
  reason: 'Say why the certificate is revoked: the public page shows it.',
  reasonLong: 'Keep the reason to 500 characters.',
  alreadyRevoked: 'This certificate is already revoked.',
  revokedCannotReissue: 'A revoked certificate is not reissued.',
  sameName: "The certificate already carries the student's current name: correct the name on the student's profile first.",
  signatoryName: 'Enter the signatory’s name.',
  signatoryTitle: 'Enter the signatory’s title, such as Executive Director.',
  tooManySignatories: `A certificate has at most ${MAX_SIGNATORIES} signatories.`,
  accreditationLong: 'Keep the accreditation number to 100 characters.',
  saved: 'The certificate settings are saved.',
  unknownSignature: 'This signature is not one of the school’s signatories’: upload it again.',
} as const;

export const CERTIFICATE_STATES = ['all', 'valid', 'revoked'] as const;

/** The issued list's filters: words of the learner's name or e-mail, the course's name or the code; valid or revoked. */
export const staffCertificateQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  state: z.enum(CERTIFICATE_STATES).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffCertificateQuery = z.infer<typeof staffCertificateQuerySchema>;

/** An issued certificate as the console lists it. */
export const staffCertificateSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** The name printed on it, and the student's name now (they differ after a correction of the profile). */
  learner: z.string(),
  current_name: z.string(),
  email: z.string(),
  course: z.string(),
  issued_at: z.string(),
  reissued_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  address: z.string().describe('its public page'),
});
export type StaffCertificate = z.infer<typeof staffCertificateSchema>;

export const revokeCertificateSchema = z.object({
  reason: z
    .string({ error: staffCertificateMessages.reason })
    .trim()
    .min(3, { error: staffCertificateMessages.reason })
    .max(500, { error: staffCertificateMessages.reasonLong }),
});

const signatorySchema = z.object({
  name: z.string({ error: staffCertificateMessages.signatoryName }).trim().min(1, { error: staffCertificateMessages.signatoryName }).max(120, { error: staffCertificateMessages.signatoryName }),
  title: z.string({ error: staffCertificateMessages.signatoryTitle }).trim().min(1, { error: staffCertificateMessages.signatoryTitle }).max(120, { error: staffCertificateMessages.signatoryTitle }),
  signature: z.string().max(200).nullable().default(null).describe('a signature the settings answered, kept as it is; null for none'),
  signature_upload: uploadIdSchema.optional().describe('a ready image upload: the new signature, in place of `signature`'),
});

/** What the school's new certificates print: up to three signatories, in order, and its MCLE accreditation number. */
export const certificateSettingsPatchSchema = z
  .object({
    signatories: z.array(signatorySchema).max(MAX_SIGNATORIES, { error: staffCertificateMessages.tooManySignatories }),
    accreditation_number: z.string().trim().max(100, { error: staffCertificateMessages.accreditationLong }).nullable(),
  })
  .partial();
export type CertificateSettingsPatch = z.infer<typeof certificateSettingsPatchSchema>;

export const certificateSettingsSchema = z.object({
  version: z.number(),
  signatories: z.array(z.object({ name: z.string(), title: z.string(), signature: z.string().nullable(), signature_url: z.string().nullable().describe('the signature image, for a short time') })),
  accreditation_number: z.string().nullable(),
});
export type CertificateSettings = z.infer<typeof certificateSettingsSchema>;
