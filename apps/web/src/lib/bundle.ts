import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BundleDetail } from '@school/shared/catalogue/schemas';
import { api } from './api-client';
import { useSession } from './session';

/** One bundle with the caller's enrolment (the key the bundle page's query uses, so both share the cache). */
export const bundleQueryOptions = (id: number, token: string | undefined) =>
  queryOptions({ queryKey: ['catalogue', 'bundle', id, token], queryFn: () => api<BundleDetail>(`/course/bundles/${id}/`), retry: false });
export const useBundleDetail = (id: number) => useQuery(bundleQueryOptions(id, useSession()?.token));
