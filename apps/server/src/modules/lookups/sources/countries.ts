import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

export interface Country { iso2: string; name: string; callingCode: string }

export const COUNTRIES_VERSION = 'libphonenumber-js+icu';

/** Every country with a telephone calling code (libphonenumber-js), named by the runtime's ICU data. */
export function buildCountries(): Country[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((iso2) => ({ iso2, name: names.of(iso2) ?? iso2, callingCode: getCountryCallingCode(iso2) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
