import { useId } from 'react';
import type { IdentityTimeline } from '@school/shared/kyc/schemas';
import { dateTimeIn } from '@school/shared/school/dates';

/** Each courseware the learner opened, when, and when it was completed. */
export function ProgressTable({ progress, timeZone }: { progress: IdentityTimeline['progress']; timeZone: string }) {
  const captionId = useId();
  // A phone's width cannot hold three columns of dates: the table scrolls in its own box, reachable by keyboard.
  return (
    <div className="staff-table-box" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="staff-table">
        <caption id={captionId}>Coursewares opened and completed</caption>
        <thead>
          <tr>
            <th scope="col">Courseware</th>
            <th scope="col">Opened</th>
            <th scope="col">Completed</th>
          </tr>
        </thead>
        <tbody>
          {progress.map((step) => (
            <tr key={`${step.courseware}-${step.opened_at}`}>
              <th scope="row">{step.courseware}</th>
              <td>{dateTimeIn(step.opened_at, timeZone)}</td>
              <td>{step.completed_at ? dateTimeIn(step.completed_at, timeZone) : 'Not yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
