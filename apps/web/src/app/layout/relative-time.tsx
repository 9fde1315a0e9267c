const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago", with the exact time on hover and for assistive technology. */
export function RelativeTime({ iso }: { iso: string }) {
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {format.format(Math.round(seconds / size), unit)}
    </time>
  );
}
