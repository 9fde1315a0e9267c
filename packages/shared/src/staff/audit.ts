import { z } from 'zod';

export const AUDIT_PAGE_SIZE = 50;

/** `course:12`: a subject written as its kind and id, as the audit screen's filter and links write it. */
const SUBJECT = /^[a-z_]{1,40}:(\d{1,10})$/;
export const auditSubjectSchema = z
  .string()
  .regex(SUBJECT, 'Write the subject as kind:id, e.g. course:12.')
  // Ids are 32-bit integers in the database: a larger one names nothing, and the query must not be sent.
  .refine((subject) => Number(SUBJECT.exec(subject)?.[1] ?? 0) <= 2147483647, 'No record has that id.');

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

export const auditQuerySchema = z.object({
  actor: z.coerce.number().int().positive().max(2147483647).optional(),
  subject: auditSubjectSchema.optional(),
  /** Entries about a person's records at the school: their enrolments, payments, attempts and ID submissions. */
  student: z.coerce.number().int().positive().max(2147483647).optional(),
  action: z.string().regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/, 'Write the action as kind.verb, e.g. course.update.').optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  subject: z.string(),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  client_address: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * The fields whose values differ between two states of a record, with both values: what an audit entry keeps.
 * Values compare as JSON, so dates, lists and objects compare by content.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[field] ?? null;
    const is = after[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is };
  }
  return changes;
}
