/** Which MCLE compliance periods a student may attach to an enrolment (Statement of Affirmation, spec 2 §4 step 7). */

interface PeriodDates {
  date_start: string;
  date_end: string;
}

export const isCurrentPeriod = (period: PeriodDates, today: string) => period.date_start <= today && today <= period.date_end;

/** Units still count towards a period until its last day, so the current and later periods qualify. */
export const isSelectablePeriod = (period: PeriodDates, today: string) => today <= period.date_end;

/** The periods to offer, in their order, and the one chosen at first: the current one, else the next. */
export function periodChoices<T extends PeriodDates>(periods: T[], today: string): { options: T[]; preselected: T | null } {
  const options = periods.filter((period) => isSelectablePeriod(period, today));
  return { options, preselected: options.find((period) => isCurrentPeriod(period, today)) ?? options[0] ?? null };
}
