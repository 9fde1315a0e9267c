import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Which version of each lookup dataset is loaded; a new version reloads it at start. */
export const lookupVersions = pgTable('lookup_versions', {
  dataset: text().primaryKey(),
  version: text().notNull(),
  loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const countries = pgTable('countries', {
  iso2: text().primaryKey(),
  name: text().notNull(),
  callingCode: text().notNull(),
});

/** PSGC codes (10 digits) identify regions, provinces and cities. */
export const phRegions = pgTable('ph_regions', {
  code: text().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull(),
});

export const phProvinces = pgTable(
  'ph_provinces',
  { code: text().primaryKey(), regionCode: text().notNull(), name: text().notNull() },
  (t) => [index('ph_provinces_region_idx').on(t.regionCode)],
);

export const phCities = pgTable(
  'ph_cities',
  { code: text().primaryKey(), provinceCode: text().notNull(), name: text().notNull() },
  (t) => [index('ph_cities_province_idx').on(t.provinceCode)],
);

export const phZipCodes = pgTable(
  'ph_zip_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cityCode: text().notNull(),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [index('ph_zip_codes_city_idx').on(t.cityCode)],
);

export const lawSchools = pgTable(
  'law_schools',
  { id: integer().primaryKey().generatedAlwaysAsIdentity(), name: text().notNull() },
  (t) => [uniqueIndex('law_schools_name_key').on(t.name)],
);

export const ibpChapters = pgTable(
  'ibp_chapters',
  { id: integer().primaryKey().generatedAlwaysAsIdentity(), name: text().notNull(), region: text().notNull() },
  (t) => [uniqueIndex('ibp_chapters_name_key').on(t.name)],
);

export const compliancePeriods = pgTable(
  'compliance_periods',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    number: integer().notNull(),
    name: text().notNull(),
    dateStart: date().notNull(),
    dateEnd: date().notNull(),
  },
  (t) => [uniqueIndex('compliance_periods_number_key').on(t.number)],
);
