import { z } from 'zod';
import { kycMessages } from './rules';

/** An image as the pages send it: a data URL (the server decodes and re-encodes it; anything else is refused). */
const imageData = z.string().max(12_000_000);
const id = z.number().int().positive().max(2147483647);

export const kycTemplateSchema = z.object({ id: z.number(), template_name: z.string() });
export type KycTemplate = z.infer<typeof kycTemplateSchema>;

/** One of the account's IDs (spec 1 §3 user_ids): its kind, its photo (a short-lived address), its state. */
export const userIdSchema = z.object({
  template: z.number().nullable(),
  photo_id: z.string().nullable().describe("the ID photo's address, valid for an hour"),
  submitted: z.boolean(),
  verified: z.boolean(),
  new_id: z.boolean().describe('always false from the server: the page marks the slots it adds'),
});
export type UserId = z.infer<typeof userIdSchema>;

/**
 * POST /kyc/upload/ (spec 1 §7): the IDs (a new photo for each one not yet verified) and a new selfie; `submit`
 * true sends them to the school's staff instead of the automatic check. Field errors come back keyed id0, id1
 * and selfie.
 */
export const kycUploadBodySchema = z.object({
  school: id,
  submit: z.boolean().default(false),
  selfie: imageData.nullable().optional(),
  user_ids: z.array(z.object({ id: imageData.nullable().optional(), template: id.nullable().optional() })).min(1).max(2),
});
export type KycUploadBody = z.input<typeof kycUploadBodySchema>;

export const kycErrorsSchema = z.object({ id0: z.array(z.string()).optional(), id1: z.array(z.string()).optional(), selfie: z.array(z.string()).optional() });
export type KycErrors = z.infer<typeof kycErrorsSchema>;

export const kycStates = ['none', 'pending', 'manual', 'verified', 'failed', 'rejected'] as const;

/** Where the caller's verification stands: the Authenticate ID tab reads it, and again while a check runs. */
export const kycStatusSchema = z.object({
  status: z.enum(kycStates).describe('of the latest submission: none yet, being checked, with staff, or its result'),
  user_ids: z.array(userIdSchema),
  selfie: z.string().nullable().describe("the latest selfie's address, valid for an hour"),
  errors: kycErrorsSchema.describe("the automatic check's findings, under the field they are about"),
  reason: z.string().nullable().describe("the staff's reason for a rejection"),
  failed_attempts: z.number().describe('failed automatic checks since the last manual submission'),
  retry_limit_reached: z.boolean(),
  manual_locked_until: z.string().nullable(),
  complete: z.boolean(),
  display: z.string().nullable().describe('the sentence above the IDs, or null for the instructions'),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

export const kycNotifyBodySchema = z.object({ school: id });
export const selfieCheckBodySchema = z.object({ image: imageData });
export const snapshotBodySchema = z.object({ image: imageData, course_id: id });
export const snapshotResultSchema = z.object({
  id: z.number(),
  result: z.literal('match').or(z.literal('unverified')),
  score: z.number().nullable(),
  time_left: z.number().nullable().describe("seconds left of the course's timed attempt after this snapshot; null when untimed"),
});

/** Staff's review queue and decisions. */
export const kycReviewQuerySchema = z.object({ status: z.enum(['manual', 'failed', 'pending', 'verified', 'rejected']).default('manual'), page: z.coerce.number().int().min(1).max(100000).default(1) });
export const kycReviewSchema = z.object({
  id: z.number(),
  student: z.object({ id: z.number(), full_name: z.string(), email: z.string() }),
  mode: z.enum(['automatic', 'manual']),
  status: z.enum(kycStates),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  ids: z.array(z.object({ template: z.string().nullable(), photo: z.string().nullable(), faces: z.number().nullable(), score: z.number().nullable() })),
  selfie: z.string().nullable(),
  selfie_faces: z.number().nullable(),
  errors: kycErrorsSchema,
  reason: z.string().nullable(),
});
export type KycReview = z.infer<typeof kycReviewSchema>;
export const kycDecisionBodySchema = z.object({ reason: z.string().trim().max(1000).default('') });
export const kycRejectBodySchema = z.object({ reason: z.string().trim().min(1, { error: kycMessages.reasonRequired }).max(1000) });

export const snapshotResults = ['match', 'unverified', 'no_face', 'many_faces', 'mismatch'] as const;
/** The flagged results: the session paused on each. */
export const FLAGGED_RESULTS = ['no_face', 'many_faces', 'mismatch'] as const;

/** Staff: an enrolment's identity evidence, in time order. */
export const identityTimelineSchema = z.object({
  enrollment: z.object({ id: z.number(), learner: z.string(), email: z.string(), course: z.string(), progress: z.number(), status: z.string() }),
  decisions: z.array(z.object({ id: z.number(), mode: z.enum(['automatic', 'manual']), status: z.enum(kycStates), submitted_at: z.string(), decided_at: z.string().nullable(), reason: z.string().nullable() })),
  snapshots: z.array(z.object({ id: z.number(), taken_at: z.string(), result: z.enum(snapshotResults), faces: z.number(), score: z.number().nullable(), image: z.string().nullable() })),
  pauses: z.array(z.object({ from: z.string(), to: z.string().nullable(), reason: z.enum(FLAGGED_RESULTS) })).describe('from a flagged snapshot to the next passing one'),
  progress: z.array(
    z.object({
      courseware_id: z.number(),
      courseware: z.string(),
      opened_at: z.string().describe('when it was last opened'),
      completed_at: z.string().nullable(),
      time_spent_seconds: z.number().nullable().describe('watched (media) or present (a live class); null where a lesson measures none'),
    }),
  ),
});
export type IdentityTimeline = z.infer<typeof identityTimelineSchema>;

export const identityFlagsQuerySchema = z.object({ compliance_period: z.coerce.number().int().positive().max(2147483647).optional() });
/** Staff: a course's enrolments with flagged snapshots. */
export const identityFlagsSchema = z.array(
  z.object({
    enrollment_id: z.number(),
    learner: z.string(),
    email: z.string(),
    no_face: z.number(),
    many_faces: z.number(),
    mismatch: z.number(),
    last_flagged_at: z.string(),
  }),
);
