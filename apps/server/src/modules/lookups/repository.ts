import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { compliancePeriods, countries, ibpChapters, lawSchools, lookupVersions, phCities, phProvinces, phRegions, phZipCodes } from '../../db/schema/index';

/** Reads asked per request, prepared on first use (named statements on PostgreSQL). */
const prepared = (db: Db) => ({
  compliancePeriods: db.select().from(compliancePeriods).orderBy(asc(compliancePeriods.number)).prepare('lookups_compliance_periods'),
  countryByCallingCode: db.select({ iso2: countries.iso2 }).from(countries).where(eq(countries.callingCode, sql.placeholder('code'))).limit(1).prepare('lookups_country_by_calling_code'),
  ibpChapter: db.select({ id: ibpChapters.id }).from(ibpChapters).where(eq(ibpChapters.id, sql.placeholder('id'))).limit(1).prepare('lookups_ibp_chapter'),
  lawSchool: db.select({ id: lawSchools.id }).from(lawSchools).where(eq(lawSchools.id, sql.placeholder('id'))).limit(1).prepare('lookups_law_school'),
});

export function lookupRepository(db: Db) {
  let statements: ReturnType<typeof prepared> | undefined;
  const q = () => (statements ??= prepared(db));
  return {
    countries: () => db.select().from(countries).orderBy(asc(countries.name)),
    lawSchools: () => db.select().from(lawSchools).orderBy(asc(lawSchools.name)),
    ibpChapters: () => db.select().from(ibpChapters).orderBy(asc(ibpChapters.name)),
    compliancePeriods: () => q().compliancePeriods.execute(),
    async phGeography() {
      const [regions, provinces, cities, zips] = await Promise.all([
        db.select().from(phRegions).orderBy(asc(phRegions.sortOrder)),
        db.select().from(phProvinces).orderBy(asc(phProvinces.name)),
        db.select().from(phCities).orderBy(asc(phCities.name)),
        db.select().from(phZipCodes).orderBy(asc(phZipCodes.code), asc(phZipCodes.name)),
      ]);
      return { regions, provinces, cities, zips };
    },
    async countryWithCallingCode(code: string) {
      const [row] = await q().countryByCallingCode.execute({ code });
      return row;
    },
    async ibpChapterExists(id: number) {
      const [row] = await q().ibpChapter.execute({ id });
      return Boolean(row);
    },
    async lawSchoolExists(id: number) {
      const [row] = await q().lawSchool.execute({ id });
      return Boolean(row);
    },
  };
}
export type LookupRepository = ReturnType<typeof lookupRepository>;

export type LookupTx = Parameters<Parameters<Db['transaction']>[0]>[0];

const CHUNK = 500;
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

// Any fixed number: concurrent starts of several processes load each dataset once.
const LOOKUP_LOCK_ID = 727_002;

/**
 * The writes of load-lookups.ts, inside its transaction. Rows that profiles point at (law schools, chapters,
 * periods) are only ever added, so their ids stay; places are replaced.
 */
export function lookupWriter(tx: LookupTx) {
  return {
    lock: () => tx.execute(sql`select pg_advisory_xact_lock(${LOOKUP_LOCK_ID})`),
    async version(dataset: string) {
      const [current] = await tx.select().from(lookupVersions).where(eq(lookupVersions.dataset, dataset));
      return current?.version;
    },
    setVersion: (dataset: string, version: string) =>
      tx.insert(lookupVersions).values({ dataset, version }).onConflictDoUpdate({ target: lookupVersions.dataset, set: { version, loadedAt: new Date() } }),

    async replaceCountries(rows: (typeof countries.$inferInsert)[]) {
      await tx.delete(countries);
      await insertChunks(rows, (chunk) => tx.insert(countries).values(chunk));
    },
    async replacePhGeography(geography: {
      regions: Omit<typeof phRegions.$inferInsert, 'sortOrder'>[];
      provinces: (typeof phProvinces.$inferInsert)[];
      cities: (typeof phCities.$inferInsert)[];
      zips: (typeof phZipCodes.$inferInsert)[];
    }) {
      await tx.delete(phZipCodes);
      await tx.delete(phCities);
      await tx.delete(phProvinces);
      await tx.delete(phRegions);
      await tx.insert(phRegions).values(geography.regions.map((r, i) => ({ ...r, sortOrder: i })));
      await insertChunks(geography.provinces, (chunk) => tx.insert(phProvinces).values(chunk));
      await insertChunks(geography.cities, (chunk) => tx.insert(phCities).values(chunk));
      await insertChunks(geography.zips, (chunk) => tx.insert(phZipCodes).values(chunk));
    },
    addLawSchools: (names: string[]) => tx.insert(lawSchools).values(names.map((name) => ({ name }))).onConflictDoNothing(),
    addIbpChapters: (rows: { name: string; region: string }[]) => tx.insert(ibpChapters).values(rows).onConflictDoNothing(),
    async upsertCompliancePeriods(periods: { number: number; name: string; start: string; end: string }[]) {
      for (const period of periods) {
        await tx
          .insert(compliancePeriods)
          .values({ number: period.number, name: period.name, dateStart: period.start, dateEnd: period.end })
          .onConflictDoUpdate({ target: compliancePeriods.number, set: { name: period.name, dateStart: period.start, dateEnd: period.end } });
      }
    },
  };
}
