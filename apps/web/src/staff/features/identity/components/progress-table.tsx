import { useId } from 'react';
import type { IdentityTimeline } from '@school/shared/kyc/schemas';
import { dateTimeIn } from '@school/shared/school/dates';

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;

/**
 * Each courseware the learner opened, when last, when it was completed, and the time it measured; one not completed
 * can be marked complete for the learner (a lesson they cannot study).
 */
export function ProgressTable({ progress, timeZone, onComplete }: { progress: IdentityTimeline['progress']; timeZone: string; onComplete: (coursewareId: number, name: string) => void }) {
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
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {progress.map((step) => (
            <tr key={`${step.courseware}-${step.opened_at}`}>
              <th scope="row">{step.courseware}</th>
              <td>{dateTimeIn(step.opened_at, timeZone)}</td>
              <td>{step.completed_at ? dateTimeIn(step.completed_at, timeZone) : 'Not yet'}</td>
              <td>{step.time_spent_seconds === null ? 'Not measured' : minutesAndSeconds(step.time_spent_seconds)}</td>
              <td>
                {!step.completed_at && (
                  <button type="button" className="btn btn-ghost" aria-label={`Mark complete: ${step.courseware}`} onClick={() => onComplete(step.courseware_id, step.courseware)}>
                    Mark complete
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
