import { getAllProvinces, getAllRegions, getMunicipalitiesByProvince } from '@aivangogh/ph-address';
import usePostalPH from 'use-postal-ph';

/**
 * Philippine regions, provinces, cities/municipalities (PSGC, from @aivangogh/ph-address) and their
 * postal codes (use-postal-ph), joined by name since the postal data carries no PSGC codes.
 *
 * PSGC has no province level in NCR, and highly urbanized cities are province-level units of their
 * own; the address form needs region -> province -> city, so NCR gets one "Metro Manila" province and
 * each such city is placed in the province the postal data puts it in (else in a province of its own name).
 */
interface PhRegion { code: string; name: string }
interface PhProvince { code: string; regionCode: string; name: string }
interface PhCity { code: string; provinceCode: string; name: string }
interface PhZip { cityCode: string; code: string; name: string }
export interface PhGeography { regions: PhRegion[]; provinces: PhProvince[]; cities: PhCity[]; zips: PhZip[] }

export const PH_GEOGRAPHY_VERSION = 'ph-address@2025.4.4+use-postal-ph@1.1.14';

const NCR = '1300000000';
const MANILA = '1380600000';

/** Lower case, no accents, no "City of", "Province" or bracketed alternate names; Sta./Sto./Gen. spelled out. */
export function normalizePlace(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/\bcity of\b|\bcity\b|\bprovince\b/g, ' ')
    .replace(/\bsta\.?\s/g, 'santa ')
    .replace(/\bsto\.?\s/g, 'santo ')
    .replace(/\bgen\.?\s/g, 'general ')
    .replace(/\bpres\.?\s/g, 'president ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const compact = (value: string) => normalizePlace(value).replace(/ /g, '');

/** Province names the postal data spells differently from PSGC. */
const provinceAliases: Record<string, string[]> = {
  cotabato: ['north cotabato'],
  'maguindanao del norte': ['maguindanao'],
  'maguindanao del sur': ['maguindanao'],
};

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

interface PostalRow { location: string; municipality: string; post_code: number; region: string }

function postalRows(): PostalRow[] {
  const rows = usePostalPH().fetchDataLists({ limit: 100_000 }).data as PostalRow[];
  // P.O. box codes of companies and institutions are not places.
  return rows.filter((row) => row.location !== 'Companies/Institutions');
}

/** Every city and municipality: PSGC lists them under provinces, region codes and province-level cities. */
function allMunicipalities(regionCodes: string[]) {
  const seen = new Map<string, { name: string; psgcCode: string; provinceCode: string }>();
  for (const region of regionCodes) {
    const parents = [region, ...Array.from({ length: 999 }, (_, i) => `${region.slice(0, 2)}${String(i + 1).padStart(3, '0')}00000`)];
    for (const parent of parents) {
      for (const city of getMunicipalitiesByProvince(parent)) {
        // Manila's districts are parts of one city, not cities.
        if (city.provinceCode !== MANILA) seen.set(city.psgcCode, city);
      }
    }
  }
  return [...seen.values()];
}

export function buildPhGeography(): PhGeography {
  const regions = getAllRegions().map((r) => ({ code: r.psgcCode, name: r.designation ? `${r.designation} - ${r.name}` : r.name }));
  const realProvinces = getAllProvinces().map((p) => ({ code: p.psgcCode, regionCode: p.regionCode, name: p.name }));
  const provinceByCode = new Map(realProvinces.map((p) => [p.code, p]));
  const postal = postalRows();

  // Postal rows by province (normalized) and by NCR city.
  const byProvince = new Map<string, PostalRow[]>();
  for (const row of postal) {
    const key = row.region === 'NCR' ? `ncr:${normalizePlace(row.location.replace(/\s*area\s*/i, ' '))}` : normalizePlace(row.location);
    byProvince.set(key, [...(byProvince.get(key) ?? []), row]);
  }
  const postalKeysFor = (province: PhProvince) => [normalizePlace(province.name), ...(provinceAliases[normalizePlace(province.name)] ?? [])];

  const provinces: PhProvince[] = [...realProvinces, { code: NCR, regionCode: NCR, name: 'Metro Manila' }];
  const cities: PhCity[] = [];
  for (const city of allMunicipalities(regions.map((r) => r.code))) {
    const regionCode = `${city.psgcCode.slice(0, 2)}00000000`;
    if (regionCode === NCR) {
      cities.push({ code: city.psgcCode, provinceCode: NCR, name: city.name });
    } else if (provinceByCode.has(city.provinceCode)) {
      cities.push({ code: city.psgcCode, provinceCode: city.provinceCode, name: city.name });
    } else {
      // A province-level city: the province the postal data names for it, in the same region.
      const name = normalizePlace(city.name);
      const locations = new Set(postal.filter((row) => normalizePlace(row.municipality) === name).map((row) => normalizePlace(row.location)));
      const home = realProvinces.find((p) => p.regionCode === regionCode && postalKeysFor(p).some((key) => locations.has(key)));
      if (home) {
        cities.push({ code: city.psgcCode, provinceCode: home.code, name: city.name });
      } else {
        const own = provinces.find((p) => p.code === city.provinceCode) ?? { code: city.provinceCode, regionCode, name: provinceLevelName(city) };
        if (!provinces.includes(own)) provinces.push(own);
        cities.push({ code: city.psgcCode, provinceCode: own.code, name: city.name });
      }
    }
  }

  const zips: PhZip[] = [];
  for (const city of cities) {
    const province = provinces.find((p) => p.code === city.provinceCode)!;
    const rows =
      province.code === NCR
        ? (byProvince.get(`ncr:${normalizePlace(city.name)}`) ?? [])
        : matchTown(city.name, postalKeysFor(province).flatMap((key) => byProvince.get(key) ?? []));
    const unique = new Map(rows.map((row) => [`${row.post_code}|${row.municipality}`, row]));
    for (const row of unique.values()) {
      zips.push({ cityCode: city.code, code: String(row.post_code).padStart(4, '0'), name: row.municipality });
    }
  }
  return { regions, provinces, cities, zips };
}

function provinceLevelName(city: { name: string; provinceCode: string }) {
  return city.provinceCode === '1999900000' ? 'Special Geographic Area' : city.name;
}

/** The postal rows of a town in its province: same name, an alternate name in brackets, or a near spelling. */
function matchTown(name: string, rows: PostalRow[]): PostalRow[] {
  const wanted = normalizePlace(name);
  const names = (row: PostalRow) => [normalizePlace(row.municipality), ...[...row.municipality.matchAll(/\(([^)]*)\)/g)].map((m) => normalizePlace(m[1]!.replace(/formerly/i, '')))];
  const exact = rows.filter((row) => names(row).includes(wanted));
  if (exact.length) return exact;
  const tight = compact(name);
  const near = rows.filter((row) => {
    const other = compact(row.municipality);
    return other === tight || (tight.length > 5 && editDistance(other, tight) <= 2);
  });
  return near;
}
