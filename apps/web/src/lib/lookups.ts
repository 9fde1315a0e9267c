import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import type { CompliancePeriod, Country, IbpChapter, LawSchool, Region } from '@school/shared/lookups/schemas';
import { api } from '@/lib/api-client';

const lookup = <T,>(path: string) =>
  queryOptions({ queryKey: ['lookup', path], queryFn: async () => (await api<ListPage<T>>(path)).data, staleTime: Infinity });

export const useCountries = () => useQuery(lookup<Country>('/countries/'));
export const useRegions = () => useQuery(lookup<Region>('/ph_regions/'));
export const useLawSchools = () => useQuery(lookup<LawSchool>('/law_schools/'));
export const useIbpChapters = () => useQuery(lookup<IbpChapter>('/ibp_chapters/'));
export const useCompliancePeriods = () => useQuery(lookup<CompliancePeriod>('/compliance_periods/'));

/** A period by its name and years, short enough for a phone's select. */
export const periodLabel = (period: CompliancePeriod) => `${period.name} (${period.date_start.slice(0, 4)}–${period.date_end.slice(0, 4)})`;
