/**
 * Every date and time format of the platform, for the server and the pages alike. Calendar days travel as
 * YYYY-MM-DD; DECISIONS.md counts them in the school's time zone.
 */

// One formatter per time zone: making one costs far more than formatting (a tenth of a course page's time).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) where the school is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** The UTC calendar day (YYYY-MM-DD) of a moment: a stored timestamp's day, today's for a date input's bound. */
export const isoDate = (moment: Date = new Date()) => moment.toISOString().slice(0, 10);

/** The calendar day after `day` ('2026-12-31' → '2027-01-01'): a range's end, exclusive. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** That calendar day at local midnight, so that formatting shows it whatever the reader's time zone. */
const onDay = (day: string) => new Date(`${day}T00:00:00`);

/** 'June 05, 2026' for '2026-06-05'. */
export const longDate = (day: string) => onDay(day).toLocaleDateString('en-US', { month: 'long', day: '2-digit', year: 'numeric' });

/** 'Jun 05, 2026' for '2026-06-05'. */
export const shortDate = (day: string) => onDay(day).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/** 'June 5' for '2026-06-05' (a schedule under its year). */
export const monthDay = (day: string) => onDay(day).toLocaleDateString('en-US', { month: 'long', day: 'numeric' });

/** '09:00 AM' for '09:00'. */
export const clockTime = (time: string) => new Date(`1970-01-01T${time}:00`).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/** '05 Jun 2026, 09:00 AM' for a stored moment (spec 1 §9's 'DD MMM YYYY, hh:mm A'), as the clock reads where the school is (DECISIONS.md). */
export function dateTimeIn(iso: string, timeZone: string): string {
  let format = momentFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h12' });
    momentFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod}`;
}

/** The exact moment in the reader's own locale (the title of a relative time). */
export const exactTime = (iso: string) => new Date(iso).toLocaleString();

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
let relative: Intl.RelativeTimeFormat | undefined;

/** '3 hours ago', 'yesterday', 'now'. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const seconds = (new Date(iso).getTime() - now) / 1000;
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return relative.format(Math.round(seconds / size), unit);
}

/** The moment a wall-clock day and time ('2026-06-05', '09:00' or '09:00:00') happen in a time zone. */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}Z`);
  const offsetAt = (utc: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(utc))
        .map((p) => [p.type, p.value]),
    );
    return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - utc;
  };
  // Twice: the offset at the first guess may differ from the offset at the answer around a clock change.
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}
