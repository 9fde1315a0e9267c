import type { Db } from '../../db/client';
import { buildCompliancePeriods, COMPLIANCE_PERIODS_VERSION } from './sources/compliance-periods';
import { buildCountries, COUNTRIES_VERSION } from './sources/countries';
import { IBP_CHAPTERS_VERSION, ibpChapters as chapterData } from './sources/ibp-chapters';
import { LAW_SCHOOLS_VERSION, lawSchools as lawSchoolData } from './sources/law-schools';
import { buildPhGeography, PH_GEOGRAPHY_VERSION } from './sources/ph-geography';
import { lookupWriter } from './repository';

type Writer = ReturnType<typeof lookupWriter>;

/** Each dataset with the version it comes from and how it is written (repository.ts says how each is kept). */
const datasets: { name: string; version: string; load(write: Writer): Promise<unknown> }[] = [
  { name: 'countries', version: COUNTRIES_VERSION, load: (write) => write.replaceCountries(buildCountries()) },
  { name: 'ph_geography', version: PH_GEOGRAPHY_VERSION, load: (write) => write.replacePhGeography(buildPhGeography()) },
  { name: 'law_schools', version: LAW_SCHOOLS_VERSION, load: (write) => write.addLawSchools(lawSchoolData) },
  {
    name: 'ibp_chapters',
    version: IBP_CHAPTERS_VERSION,
    load: (write) => write.addIbpChapters(Object.entries(chapterData).flatMap(([region, names]) => names.map((name) => ({ name, region })))),
  },
  { name: 'compliance_periods', version: COMPLIANCE_PERIODS_VERSION, load: (write) => write.upsertCompliancePeriods(buildCompliancePeriods()) },
];

/** Loads every lookup dataset whose version is not the one in the database. Answers the names loaded. */
export async function loadLookups(db: Db): Promise<string[]> {
  const loaded: string[] = [];
  for (const dataset of datasets) {
    const done = await db.transaction(async (tx) => {
      const write = lookupWriter(tx);
      await write.lock();
      if ((await write.version(dataset.name)) === dataset.version) return false;
      await dataset.load(write);
      await write.setVersion(dataset.name, dataset.version);
      return true;
    });
    if (done) loaded.push(dataset.name);
  }
  return loaded;
}
