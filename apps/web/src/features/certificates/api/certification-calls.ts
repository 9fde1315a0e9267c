import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertificationBody, certificationResultSchema } from '@school/shared/certificates/schemas';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

type CertificationResult = z.infer<typeof certificationResultSchema>;

/** Signs the MCLE certification statement of a finished course (spec 1 §5); the certificate follows by a job. */
export const signCertification = (enrollmentId: number, body: CertificationBody) => api<CertificationResult>(`/enrollments/${enrollmentId}/certification/`, { body });

export function useSignCertification(enrollmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificationBody) => signCertification(enrollmentId, body),
    // My Certificates and the course's certificate state are read afresh.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['my-certificates'] }), queryClient.invalidateQueries({ queryKey: ['catalogue', 'course'] })]),
  });
}
