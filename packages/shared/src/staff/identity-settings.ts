import { z } from 'zod';

/** How long ID photos, selfies and snapshots may be kept after a decision, in days (the Data Privacy Act asks for a limit). */
export const RETENTION_DAYS = { min: 30, max: 3650 } as const;
export const MAX_ID_KINDS = 20;
export const ID_KIND_NAME_MAX = 80;

export const identitySettingsMessages = {
  kindName: 'Name the kind of ID.',
  kindNameLong: `Keep the name to ${ID_KIND_NAME_MAX} characters.`,
  kindTwice: 'List each kind of ID once.',
  kindsNeeded: 'Keep at least one kind of ID: students choose theirs from this list.',
  tooManyKinds: `List at most ${MAX_ID_KINDS} kinds of ID.`,
  onePrimary: 'Choose one primary ID at most.',
  kindInUse: (name: string) => `Students have sent a ${name}: it can be renamed, not removed.`,
  unknownKind: 'This kind of ID is no longer listed: reload the page.',
  retention: `Keep the photos between ${RETENTION_DAYS.min} and ${RETENTION_DAYS.max} days.`,
  courseNotHere: 'Choose the courses of this school only.',
  courseTwice: 'Name each course once.',
  saved: 'The identity settings are saved.',
} as const;

const id = z.number().int().positive().max(2147483647);

/** A kind of ID as the editor sends it: a listed one keeps its id, a new one has none. */
export const idKindInputSchema = z.object({
  id: id.optional(),
  name: z
    .string({ error: identitySettingsMessages.kindName })
    .trim()
    .min(1, { error: identitySettingsMessages.kindName })
    .max(ID_KIND_NAME_MAX, { error: identitySettingsMessages.kindNameLong }),
  primary: z.boolean(),
});
export type IdKindInput = z.infer<typeof idKindInputSchema>;

/** What is wrong with a list of kinds as a whole (empty when nothing), for the form and the server alike. */
export function idKindsProblem(kinds: Pick<IdKindInput, 'name' | 'primary'>[]): string | null {
  if (kinds.length === 0) return identitySettingsMessages.kindsNeeded;
  if (kinds.length > MAX_ID_KINDS) return identitySettingsMessages.tooManyKinds;
  const names = kinds.map((k) => k.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) return identitySettingsMessages.kindTwice;
  if (kinds.filter((k) => k.primary).length > 1) return identitySettingsMessages.onePrimary;
  return null;
}

export const identitySettingsPatchSchema = z
  .object({
    /** The whole list, in the order students see it; a listed kind left out is removed. */
    kinds: z
      .array(idKindInputSchema)
      .max(MAX_ID_KINDS, { error: identitySettingsMessages.tooManyKinds })
      .superRefine((kinds, ctx) => {
        const problem = idKindsProblem(kinds);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    retention_days: z
      .number({ error: identitySettingsMessages.retention })
      .int({ error: identitySettingsMessages.retention })
      .min(RETENTION_DAYS.min, { error: identitySettingsMessages.retention })
      .max(RETENTION_DAYS.max, { error: identitySettingsMessages.retention }),
    /** The courses that take webcam snapshots while students study (each course's enable_kyl). */
    snapshot_courses: z
      .array(id)
      .max(1000)
      .refine((ids) => new Set(ids).size === ids.length, identitySettingsMessages.courseTwice),
  })
  .partial();
export type IdentitySettingsPatch = z.infer<typeof identitySettingsPatchSchema>;

export const identitySettingsSchema = z.object({
  version: z.number(),
  /** Whether identity verification is on for the school at all (the platform's switch, products.kyc). */
  kyc_enabled: z.boolean(),
  kinds: z.array(z.object({ id: z.number(), name: z.string(), primary: z.boolean(), in_use: z.boolean().describe('students have sent this kind: it can be renamed, not removed') })),
  retention_days: z.number(),
  courses: z.array(z.object({ id: z.number(), name: z.string(), snapshots: z.boolean() })),
});
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;
