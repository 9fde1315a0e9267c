import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SandboxCheckout, sandboxOutcomeBodySchema, sandboxOutcomeResultSchema } from '@school/shared/payments/schemas';
import { api } from '@/lib/api-client';

export type SandboxOutcome = z.input<typeof sandboxOutcomeBodySchema>['outcome'];

export const useSandboxCheckout = (reference: string) =>
  useQuery({ queryKey: ['sandbox', reference], queryFn: () => api<SandboxCheckout>(`/sandbox/checkouts/${encodeURIComponent(reference)}/`), retry: false, staleTime: 0 });

/** The payer's choice; the gateway answers where to send them back to the school. */
export const useSandboxOutcome = (reference: string) =>
  useMutation({
    mutationFn: (outcome: SandboxOutcome) => api<z.infer<typeof sandboxOutcomeResultSchema>>(`/sandbox/checkouts/${encodeURIComponent(reference)}/`, { body: { outcome } }),
  });
