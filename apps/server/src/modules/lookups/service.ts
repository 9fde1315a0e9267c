import type { Db } from '../../db/client';
import { lookupRepository } from './repository';

/** What other modules read of the lookups: the places of the Philippines, and whether a code or an id is known. */
export function lookupService(db: Db) {
  const repo = lookupRepository(db);
  return {
    phGeography: () => repo.phGeography(),
    isCallingCode: async (code: string) => Boolean(await repo.countryWithCallingCode(code)),
    isIbpChapter: (id: number) => repo.ibpChapterExists(id),
    isLawSchool: (id: number) => repo.lawSchoolExists(id),
  };
}
