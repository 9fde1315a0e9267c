import { z } from 'zod';
import { listSchema } from '../api/errors';

const countrySchema = z.object({ iso2: z.string(), name: z.string(), country_code: z.string() });
const zipSchema = z.object({ code: z.string(), name: z.string() });
const citySchema = z.object({ id: z.string(), name: z.string(), zips: z.array(zipSchema) });
const provinceSchema = z.object({ id: z.string(), name: z.string(), cities: z.array(citySchema) });
const regionSchema = z.object({ id: z.string(), name: z.string(), provinces: z.array(provinceSchema) });
const lawSchoolSchema = z.object({ id: z.number(), name: z.string() });
const ibpChapterSchema = z.object({ id: z.number(), name: z.string(), region: z.string() });
const compliancePeriodSchema = z.object({
  id: z.number(),
  name: z.string(),
  date_start: z.string(),
  date_end: z.string(),
  is_current: z.boolean(),
});

export const countryListSchema = listSchema(countrySchema);
export const regionListSchema = listSchema(regionSchema);
export const lawSchoolListSchema = listSchema(lawSchoolSchema);
export const ibpChapterListSchema = listSchema(ibpChapterSchema);
export const compliancePeriodListSchema = listSchema(compliancePeriodSchema);

export type Country = z.infer<typeof countrySchema>;
export type Region = z.infer<typeof regionSchema>;
export type LawSchool = z.infer<typeof lawSchoolSchema>;
export type IbpChapter = z.infer<typeof ibpChapterSchema>;
export type CompliancePeriod = z.infer<typeof compliancePeriodSchema>;

/** A whole lookup in the list envelope of DECISIONS.md (one page). */
export function wholeList<T>(data: T[]) {
  return { data, count: data.length, page: 1, pages: 1, next: null };
}
