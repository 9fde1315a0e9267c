import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import { CERTIFICATE_PAGE_SIZE, type CertificateSort } from '@school/shared/certificates/rules';
import type { MyCertificate } from '@school/shared/certificates/schemas';
import { api } from '@/lib/api-client';
import { useSession, type Session } from '@/lib/session';

export interface CertificateListQuery {
  page: number;
  sort: CertificateSort;
  search: string;
}

/** My Certificates (spec 1 §2, §9): the caller's certificates from every school, six a page. */
export const fetchMyCertificates = (studentId: number, q: CertificateListQuery) =>
  api<ListPage<MyCertificate>>(
    `/students/${studentId}/certificates/?${new URLSearchParams({ page: String(q.page), perpage: String(CERTIFICATE_PAGE_SIZE), sort: q.sort, ...(q.search ? { course_name: q.search } : {}) })}`,
  );

export const myCertificatesQueryOptions = (session: Session, q: CertificateListQuery) =>
  queryOptions({ queryKey: ['my-certificates', session.userId, q], queryFn: () => fetchMyCertificates(session.userId, q) });

/**
 * The page being read stays on screen while the next one (another sort, search or page) loads; `pollMs` reads
 * it again while a certificate is being issued.
 */
export function useMyCertificates(q: CertificateListQuery, pollMs: number | false = false) {
  const session = useSession()!;
  return useQuery({ ...myCertificatesQueryOptions(session, q), placeholderData: keepPreviousData, refetchInterval: pollMs });
}
