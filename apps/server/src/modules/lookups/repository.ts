import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { compliancePeriods, countries, ibpChapters, lawSchools, phCities, phProvinces, phRegions, phZipCodes } from '../../db/schema/index';

export function lookupRepository(db: Db) {
  return {
    countries: () => db.select().from(countries).orderBy(asc(countries.name)),
    lawSchools: () => db.select().from(lawSchools).orderBy(asc(lawSchools.name)),
    ibpChapters: () => db.select().from(ibpChapters).orderBy(asc(ibpChapters.name)),
    compliancePeriods: () => db.select().from(compliancePeriods).orderBy(asc(compliancePeriods.number)),
    async phGeography() {
      const [regions, provinces, cities, zips] = await Promise.all([
        db.select().from(phRegions).orderBy(asc(phRegions.sortOrder)),
        db.select().from(phProvinces).orderBy(asc(phProvinces.name)),
        db.select().from(phCities).orderBy(asc(phCities.name)),
        db.select().from(phZipCodes).orderBy(asc(phZipCodes.code), asc(phZipCodes.name)),
      ]);
      return { regions, provinces, cities, zips };
    },
  };
}
export type LookupRepository = ReturnType<typeof lookupRepository>;
