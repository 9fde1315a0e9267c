import { useId } from 'react';
import type { IdentityTimeline } from '@school/shared/kyc/schemas';
import { dateTimeIn } from '@school/shared/school/dates';

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;

/** Each courseware the learner opened, when last, when it was completed, and the time it measured. */
export function ProgressTable({ progress, timeZone }: { progress: IdentityTimeline['progress']; timeZone: string }) {
  const captionId = useId();
  // A phone's width cannot hold these columns: the table scrolls in its own box, reachable by keyboard.
  return (
    <div className="staff-table-box" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="staff-table">
        <caption id={captionId}>Coursewares opened and completed, with the time spent</caption>
        <thead>
          <tr>
            <th scope="col">Courseware</th>
            <th scope="col">Last opened</th>
            <th scope="col">Completed</th>
            <th scope="col">Time spent</th>
          </tr>
        </thead>
        <tbody>
          {progress.map((step) => (
            <tr key={`${step.courseware}-${step.opened_at}`}>
              <th scope="row">{step.courseware}</th>
              <td>{dateTimeIn(step.opened_at, timeZone)}</td>
              <td>{step.completed_at ? dateTimeIn(step.completed_at, timeZone) : 'Not yet'}</td>
              <td>{step.time_spent_seconds === null ? 'Not measured' : minutesAndSeconds(step.time_spent_seconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
