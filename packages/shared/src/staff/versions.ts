import { z } from 'zod';

/**
 * Concurrent edits: every editable record has a version, sent as its ETag. A write names the version it was
 * based on in If-Match; a write based on an older one is refused with the record as it now stands.
 */
export const versionMessages = {
  missing: 'Send the version you edited in If-Match: reload the page and save again.',
  conflict: 'Somebody saved this since you opened it. Reload to see their changes, then make yours again.',
} as const;

export const etagOf = (version: number) => `"v${version}"`;

/** The version an If-Match header names; null for anything else (a list, `*`, a weak or foreign tag). */
export function versionOf(ifMatch: string): number | null {
  const match = /^"v(\d{1,9})"$/.exec(ifMatch.trim());
  return match ? Number(match[1]) : null;
}

/** The 412 answer: who saved last and when, and the record as it now is, so the editor can offer to reload. */
export function conflictSchema<T extends z.ZodType>(current: T) {
  return z.object({
    detail: z.string(),
    updated_by: z.object({ id: z.number(), name: z.string() }).nullable(),
    updated_at: z.string().nullable().describe('null when no save of the record is on record (one made before the audit log)'),
    current,
  });
}
