import { z } from 'zod';

/** Two periods side by side: the last 7 days and the 7 before them. */
const compared = z.object({ last_7_days: z.number(), previous_7_days: z.number() });

/** The dashboard's week: enrolments made and revenue (pesos paid, less refunds made) in the last 7 days against the 7 before. */
export const weekActivitySchema = z.object({ enrolments: compared, revenue: compared });
export type WeekActivity = z.infer<typeof weekActivitySchema>;

/** "+3 on the 7 days before", "−P1,200.00 …", "the same as …": how a figure moved, in words. */
export function movement(now: number, before: number, format: (n: number) => string = String) {
  if (now === before) return 'the same as the 7 days before';
  const sign = now > before ? '+' : '−';
  return `${sign}${format(Math.abs(now - before))} on the 7 days before`;
}

/** How a report groups its range: by day, by week (from Monday, as PostgreSQL's date_trunc) or by month. */
export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
export const reportIntervalLabels: Record<ReportInterval, string> = { day: 'By day', week: 'By week', month: 'By month' };
/** A report's range, read in days: enough for a year by day, five years by week or month. */
export const REPORT_MAX_PERIODS = 400;
/** A range nobody chose: the last 30 days, by day. */
export const REPORT_DEFAULT_DAYS = 30;

export const reportMessages = {
  badDate: 'Enter a date as YYYY-MM-DD.',
  fromAfterTo: 'The start comes after the end.',
  tooLong: `That range has more than ${REPORT_MAX_PERIODS} periods: choose a longer interval or a shorter range.`,
  courseNotHere: 'Choose one of the courses listed.',
  periodUnknown: 'Choose one of the compliance periods listed.',
} as const;

const dayMs = 86_400_000;
const dayOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of the period holding `day` (a week starts on Monday). */
export function periodStart(day: string, interval: ReportInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const ms = dayOf(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayString(ms - weekday * dayMs);
}

function nextPeriod(start: string, interval: ReportInterval): string {
  if (interval === 'day') return dayString(dayOf(start) + dayMs);
  if (interval === 'week') return dayString(dayOf(start) + 7 * dayMs);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Every period's first day from `from` to `to` (inclusive), so that a report shows the empty ones too. */
export function reportPeriods(from: string, to: string, interval: ReportInterval): string[] {
  const periods: string[] = [];
  for (let start = periodStart(from, interval); start <= to && periods.length <= REPORT_MAX_PERIODS; start = nextPeriod(start, interval)) periods.push(start);
  return periods;
}

const isoDay = z.iso.date(reportMessages.badDate);
const courseId = z.coerce.number().int().positive().max(2147483647);

/** A report's filters: its range (the school's calendar days, both included), interval and, if any, one course. */
export const reportQuerySchema = z
  .object({ date_from: isoDay.optional(), date_to: isoDay.optional(), interval: z.enum(REPORT_INTERVALS).default('day'), course: courseId.optional() })
  .superRefine((q, ctx) => {
    if (!q.date_from || !q.date_to) return;
    if (q.date_from > q.date_to) ctx.addIssue({ code: 'custom', path: ['date_from'], message: reportMessages.fromAfterTo });
    else if (reportPeriods(q.date_from, q.date_to, q.interval).length > REPORT_MAX_PERIODS) ctx.addIssue({ code: 'custom', path: ['date_to'], message: reportMessages.tooLong });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Pesos of paid transactions: gross (price with VAT) less vouchers and coins, plus the channel's fee, is what was paid. */
const money = {
  gross: z.number(),
  vouchers: z.number(),
  coins: z.number(),
  fees: z.number(),
  paid: z.number(),
  refunds: z.number(),
  /** Paid less the gateway's fees and the refunds: what the school keeps. */
  net: z.number(),
};
const figures = { enrolments: z.number(), completions: z.number(), certificates: z.number(), units: z.number(), ...money };
export const reportFiguresSchema = z.object(figures);
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

/** The school's activity over a range: each period's figures, their totals, each course's and the units by subject area. */
export const activityReportSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  interval: z.enum(REPORT_INTERVALS),
  course: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** False in an instructor's report: its money figures are left at 0 and not shown. */
  money: z.boolean(),
  periods: z.array(z.object({ period: z.string(), ...figures })),
  totals: reportFiguresSchema,
  /** A course's (or bundle's: its payments) figures; those with nothing in the range are left out. */
  items: z.array(z.object({ kind: z.enum(['course', 'bundle']), id: z.number(), name: z.string(), ...figures })),
  areas: z.array(z.object({ key: z.string(), label: z.string(), units: z.number() })),
});
export type ActivityReport = z.infer<typeof activityReportSchema>;

export const emptyFigures = (): ReportFigures => ({ enrolments: 0, completions: 0, certificates: 0, units: 0, gross: 0, vouchers: 0, coins: 0, fees: 0, paid: 0, refunds: 0, net: 0 });
