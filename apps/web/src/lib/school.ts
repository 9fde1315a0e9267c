import { queryOptions, useQuery } from '@tanstack/react-query';
import type { School, Socials } from '@school/shared/school/schemas';
import { api } from './api-client';

/** The school of this site, looked up by the host name (DECISIONS.md: alias table, then first label). */
export const getSchool = () => api<School>(`/school/${encodeURIComponent(window.location.hostname)}/`);
export const schoolQueryOptions = () => queryOptions({ queryKey: ['school', window.location.hostname], queryFn: getSchool, staleTime: Infinity });
export const useSchool = () => useQuery(schoolQueryOptions());

export const getSocials = (schoolId: number) => api<Socials>(`/schools/${schoolId}/socials`);
export const socialsQueryOptions = (schoolId: number) =>
  queryOptions({ queryKey: ['school', schoolId, 'socials'], queryFn: () => getSocials(schoolId), staleTime: Infinity });
