/**
 * MCLE compliance under B.M. No. 850: 36 units per compliance period, by subject area. Courses carry their units
 * per area; a lawyer's certificates of a period add up to the tracker's figures.
 */
export const MCLE_AREAS = [
  { key: 'legal_ethics', label: 'Legal Ethics', required: 6 },
  { key: 'trial_skills', label: 'Trial and Pretrial Skills', required: 4 },
  { key: 'adr', label: 'Alternative Dispute Resolution', required: 5 },
  { key: 'updates', label: 'Updates on Substantive and Procedural Laws and Jurisprudence', required: 9 },
  { key: 'legal_writing', label: 'Legal Writing and Oral Advocacy', required: 4 },
  { key: 'international', label: 'International Law and International Conventions', required: 2 },
  { key: 'others', label: 'Other Subjects', required: 6 },
] as const;
export type McleArea = (typeof MCLE_AREAS)[number]['key'];
export const MCLE_AREA_KEYS = MCLE_AREAS.map((a) => a.key) as [McleArea, ...McleArea[]];
export const MCLE_TOTAL_UNITS = MCLE_AREAS.reduce((sum, a) => sum + a.required, 0);

export type UnitsByArea = Partial<Record<McleArea, number>>;

/** Units in hundredths, so that 1.5 + 1.5 is exactly 3. */
const round = (units: number) => Math.round(units * 100) / 100;

/** Adds up units by area (several certificates, or a bundle's courses). */
export function addUnits(list: UnitsByArea[]): UnitsByArea {
  const total: UnitsByArea = {};
  for (const units of list) for (const [area, value] of Object.entries(units) as [McleArea, number][]) total[area] = round((total[area] ?? 0) + value);
  return total;
}

/** Units by area in the tracker's order, with their names; areas without units are left out. */
export const areasOf = (units: UnitsByArea) => MCLE_AREAS.filter((a) => (units[a.key] ?? 0) > 0).map((a) => ({ key: a.key, label: a.label, units: units[a.key]! }));

export interface AreaStanding {
  key: McleArea;
  label: string;
  required: number;
  earned: number;
  missing: number;
}

/**
 * Where a lawyer stands for a period: each mandatory area counts up to its requirement; what is earned beyond
 * it counts as "other subjects" (any subject may fill those 6 units).
 */
export function complianceStanding(earned: UnitsByArea) {
  const excess = MCLE_AREAS.filter((a) => a.key !== 'others').reduce((sum, a) => sum + Math.max(0, (earned[a.key] ?? 0) - a.required), 0);
  const areas: AreaStanding[] = MCLE_AREAS.map((a) => {
    const value = round(a.key === 'others' ? (earned.others ?? 0) + excess : (earned[a.key] ?? 0));
    return { key: a.key, label: a.label, required: a.required, earned: value, missing: round(Math.max(0, a.required - value)) };
  });
  const counted = round(areas.reduce((sum, a) => sum + Math.min(a.earned, a.required), 0));
  return { areas, required: MCLE_TOTAL_UNITS, counted, complete: areas.every((a) => a.missing === 0) };
}
