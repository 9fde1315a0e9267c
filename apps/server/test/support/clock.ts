/**
 * A time zone where it is about noon now (a fixed `Etc/GMT` offset): a class a few hours either side of now stays
 * within one day there, whatever the hour in UTC when the tests run (near midnight a class of "now minus an hour
 * to the end of the day" would otherwise start yesterday and be over).
 */
export function noonZone(now = Date.now()) {
  const ahead = 12 - new Date(now).getUTCHours();
  // Etc/GMT names its sign the other way round: Etc/GMT-8 is eight hours ahead of UTC.
  return ahead === 0 ? 'Etc/UTC' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}

/** The date (YYYY-MM-DD) and time of day (HH:MM:SS) in `timeZone`, `minutes` from now. */
export function wallClock(timeZone: string, minutes: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}
