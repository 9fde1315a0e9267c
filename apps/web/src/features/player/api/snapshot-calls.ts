import type { z } from 'zod';
import type { snapshotBodySchema, snapshotResultSchema } from '@school/shared/kyc/schemas';
import { api } from '@/lib/api-client';

/** A study snapshot (spec 2 §7 kyc/upload/snapshot/): a JPEG data URL of the webcam, for the identity check. */
export function uploadSnapshot(courseId: number, image: string, signal: AbortSignal) {
  const body: z.input<typeof snapshotBodySchema> = { image, course_id: courseId };
  return api<z.infer<typeof snapshotResultSchema>>('/kyc/upload/snapshot/', { body, signal });
}
