/**
 * MCLE compliance periods (Bar Matter No. 850 and its amendments): three-year periods from
 * 15 April 2001; Period VII ran to 30 June 2022 and later periods run 1 July to 30 June.
 */
export interface CompliancePeriod { number: number; name: string; start: string; end: string }

export const COMPLIANCE_PERIODS_VERSION = 'bm850-2025';

const roman = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

export function buildCompliancePeriods(): CompliancePeriod[] {
  const periods: CompliancePeriod[] = [];
  for (let n = 1; n <= 7; n++) {
    const startYear = 2001 + (n - 1) * 3;
    periods.push({ number: n, name: `Compliance Period ${roman[n - 1]}`, start: `${startYear}-04-15`, end: n === 7 ? '2022-06-30' : `${startYear + 3}-04-14` });
  }
  for (let n = 8; n <= 10; n++) {
    const startYear = 2022 + (n - 8) * 3;
    periods.push({ number: n, name: `Compliance Period ${roman[n - 1]}`, start: `${startYear}-07-01`, end: `${startYear + 3}-06-30` });
  }
  return periods;
}
