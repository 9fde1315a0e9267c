import { exactTime, relativeTime } from '@school/shared/school/dates';

/** "3 hours ago", with the exact time on hover and for assistive technology. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}
