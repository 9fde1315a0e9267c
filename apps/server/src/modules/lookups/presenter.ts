import type { CompliancePeriod, Region } from '@school/shared/lookups/schemas';
import type { LookupRepository } from './repository';

type Geography = Awaited<ReturnType<LookupRepository['phGeography']>>;

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/** Regions with their provinces, cities and postal codes nested (spec 1 §3 "PH regions"). */
export function presentRegions({ regions, provinces, cities, zips }: Geography): Region[] {
  const provincesOf = groupBy(provinces, (p) => p.regionCode);
  const citiesOf = groupBy(cities, (c) => c.provinceCode);
  const zipsOf = groupBy(zips, (z) => z.cityCode);
  return regions.map((region) => ({
    id: region.code,
    name: region.name,
    provinces: (provincesOf.get(region.code) ?? []).map((province) => ({
      id: province.code,
      name: province.name,
      cities: (citiesOf.get(province.code) ?? []).map((city) => ({
        id: city.code,
        name: city.name,
        zips: (zipsOf.get(city.code) ?? []).map((zip) => ({ code: zip.code, name: zip.name })),
      })),
    })),
  }));
}

export function presentCompliancePeriod(row: { id: number; name: string; dateStart: string; dateEnd: string }, today: string): CompliancePeriod {
  return { id: row.id, name: row.name, date_start: row.dateStart, date_end: row.dateEnd, is_current: row.dateStart <= today && today <= row.dateEnd };
}
