import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  compliancePeriods,
  countries,
  ibpChapters,
  lawSchools,
  lookupVersions,
  phCities,
  phProvinces,
  phRegions,
  phZipCodes,
} from '../../db/schema/index';
import { buildCompliancePeriods, COMPLIANCE_PERIODS_VERSION } from './sources/compliance-periods';
import { buildCountries, COUNTRIES_VERSION } from './sources/countries';
import { IBP_CHAPTERS_VERSION, ibpChapters as chapterData } from './sources/ibp-chapters';
import { LAW_SCHOOLS_VERSION, lawSchools as lawSchoolData } from './sources/law-schools';
import { buildPhGeography, PH_GEOGRAPHY_VERSION } from './sources/ph-geography';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const CHUNK = 500;
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Each dataset with the version it comes from and how it is written. Rows that profiles point at
 * (law schools, chapters, periods) are only ever added, so their ids stay; places are replaced.
 */
const datasets: { name: string; version: string; load(tx: Tx): Promise<void> }[] = [
  {
    name: 'countries',
    version: COUNTRIES_VERSION,
    async load(tx) {
      const rows = buildCountries();
      await tx.delete(countries);
      await insertChunks(rows, (chunk) => tx.insert(countries).values(chunk));
    },
  },
  {
    name: 'ph_geography',
    version: PH_GEOGRAPHY_VERSION,
    async load(tx) {
      const geography = buildPhGeography();
      await tx.delete(phZipCodes);
      await tx.delete(phCities);
      await tx.delete(phProvinces);
      await tx.delete(phRegions);
      await tx.insert(phRegions).values(geography.regions.map((r, i) => ({ ...r, sortOrder: i })));
      await insertChunks(geography.provinces, (chunk) => tx.insert(phProvinces).values(chunk));
      await insertChunks(geography.cities, (chunk) => tx.insert(phCities).values(chunk));
      await insertChunks(geography.zips, (chunk) => tx.insert(phZipCodes).values(chunk));
    },
  },
  {
    name: 'law_schools',
    version: LAW_SCHOOLS_VERSION,
    async load(tx) {
      await tx.insert(lawSchools).values(lawSchoolData.map((name) => ({ name }))).onConflictDoNothing();
    },
  },
  {
    name: 'ibp_chapters',
    version: IBP_CHAPTERS_VERSION,
    async load(tx) {
      const rows = Object.entries(chapterData).flatMap(([region, names]) => names.map((name) => ({ name, region })));
      await tx.insert(ibpChapters).values(rows).onConflictDoNothing();
    },
  },
  {
    name: 'compliance_periods',
    version: COMPLIANCE_PERIODS_VERSION,
    async load(tx) {
      for (const period of buildCompliancePeriods()) {
        await tx
          .insert(compliancePeriods)
          .values({ number: period.number, name: period.name, dateStart: period.start, dateEnd: period.end })
          .onConflictDoUpdate({ target: compliancePeriods.number, set: { name: period.name, dateStart: period.start, dateEnd: period.end } });
      }
    },
  },
];

// Any fixed number: concurrent starts of several processes load each dataset once.
const LOOKUP_LOCK_ID = 727_002;

/** Loads every lookup dataset whose version is not the one in the database. Answers the names loaded. */
export async function loadLookups(db: Db): Promise<string[]> {
  const loaded: string[] = [];
  for (const dataset of datasets) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOOKUP_LOCK_ID})`);
      const [current] = await tx.select().from(lookupVersions).where(eq(lookupVersions.dataset, dataset.name));
      if (current?.version === dataset.version) return false;
      await dataset.load(tx);
      await tx
        .insert(lookupVersions)
        .values({ dataset: dataset.name, version: dataset.version })
        .onConflictDoUpdate({ target: lookupVersions.dataset, set: { version: dataset.version, loadedAt: new Date() } });
      return true;
    });
    if (done) loaded.push(dataset.name);
  }
  return loaded;
}
