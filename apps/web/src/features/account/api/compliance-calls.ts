import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Compliance } from '@school/shared/certificates/schemas';
import { api, apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useSession, type Session } from '@/lib/session';

const compliancePath = (studentId: number, periodId: number, file = 'compliance/') =>
  `/students/${studentId}/${file}?${new URLSearchParams({ compliance_period: String(periodId) })}`;

/** The MCLE compliance tracker of a period: units by subject area, the certificates behind them, what covers the rest. */
export const fetchCompliance = (studentId: number, periodId: number) => api<Compliance>(compliancePath(studentId, periodId));

export const complianceQueryOptions = (session: Session, periodId: number) =>
  queryOptions({ queryKey: ['compliance', session.userId, periodId], queryFn: () => fetchCompliance(session.userId, periodId) });

/** Waits for a period: the select's default comes from the compliance periods' lookup. */
export function useCompliance(periodId: number | undefined) {
  const session = useSession()!;
  return useQuery({ ...complianceQueryOptions(session, periodId ?? 0), enabled: periodId !== undefined });
}

/** The one-page summary PDF of a period, fetched with the token and saved. */
export function useDownloadComplianceSummary() {
  const session = useSession()!;
  return useMutation({
    mutationFn: async (periodId: number) => saveFile(await apiFile(compliancePath(session.userId, periodId, 'compliance.pdf')), 'mcle-compliance-summary.pdf'),
  });
}
