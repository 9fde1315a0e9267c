import { asc } from 'drizzle-orm';
import { isCurrentPeriod } from '@school/shared/lookups/compliance-periods';
import type { Db } from '../db/client';
import { compliancePeriods } from '../db/schema/index';

/** What the demo's texts say about MCLE periods: the period open on the seeding day, the one before, its dates. */
export interface PeriodWords {
  period: string;
  previous: string;
  start: string;
  end: string;
}

interface PeriodRow {
  name: string;
  dateStart: string;
  dateEnd: string;
}

/** '1 July 2025': how Philippine notices write a day. */
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The words for `today` from the compliance periods in their order. A day no period covers means the lookup is
 * out of date, and the demo would name a wrong period: that is refused rather than guessed.
 */
export function periodWords(periods: PeriodRow[], today: string): PeriodWords {
  const index = periods.findIndex((p) => isCurrentPeriod({ date_start: p.dateStart, date_end: p.dateEnd }, today));
  const current = periods[index];
  if (!current) throw new Error(`No compliance period covers ${today}: update the compliance periods lookup.`);
  return { period: current.name, previous: periods[index - 1]?.name ?? current.name, start: dayOf(current.dateStart), end: dayOf(current.dateEnd) };
}

/** The words from the compliance periods lookup, which is loaded before the demo is seeded. */
export async function demoPeriodWords(db: Db, today: string): Promise<PeriodWords> {
  const periods = await db.select({ name: compliancePeriods.name, dateStart: compliancePeriods.dateStart, dateEnd: compliancePeriods.dateEnd }).from(compliancePeriods).orderBy(asc(compliancePeriods.number));
  return periodWords(periods, today);
}

/** A demo text with its {period}, {previous}, {start} and {end} filled in. */
export const withPeriod = (text: string, words: PeriodWords) => text.replace(/\{(period|previous|start|end)\}/g, (_, key: keyof PeriodWords) => words[key]);
