import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { selfieCheckBodySchema, snapshotBodySchema, snapshotResultSchema } from '@school/shared/kyc/schemas';
import { api } from '@/lib/api-client';

/** A study snapshot (spec 2 §7 kyc/upload/snapshot/): a JPEG data URL of the webcam, for the identity check. */
export function uploadSnapshot(courseId: number, image: string, signal: AbortSignal) {
  const body: z.input<typeof snapshotBodySchema> = { image, course_id: courseId };
  return api<z.infer<typeof snapshotResultSchema>>('/kyc/upload/snapshot/', { body, signal });
}

/** The lobby's selfie (spec 2 §7 /kyc/verify/selfie/): compared with the student's verified one; a 400 says why not. */
export function checkSelfie(image: string) {
  const body: z.input<typeof selfieCheckBodySchema> = { image };
  return api<{ detail: string }>('/kyc/verify/selfie/', { body });
}

export const useSelfieCheck = () => useMutation({ mutationFn: checkSelfie });
