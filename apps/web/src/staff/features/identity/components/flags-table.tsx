import { useId } from 'react';
import { Link } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { paths } from '@/config/paths';
import type { IdentityFlags } from '../api/identity-evidence-calls';

/** The learners whose snapshots were flagged, how often for each reason, and when last; each opens their timeline. */
export function FlagsTable({ flags, timeZone }: { flags: IdentityFlags; timeZone: string }) {
  const captionId = useId();
  // A phone's width may not hold five columns: the table scrolls in its own box, reachable by keyboard.
  return (
    <div className="staff-table-box" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="staff-table">
        <caption id={captionId}>Learners with flagged snapshots</caption>
        <thead>
          <tr>
            <th scope="col">Learner</th>
            <th scope="col" className="num">
              No face
            </th>
            <th scope="col" className="num">
              Another face
            </th>
            <th scope="col" className="num">
              Mismatch
            </th>
            <th scope="col">Last flagged</th>
          </tr>
        </thead>
        <tbody>
          {flags.map((row) => (
            <tr key={row.enrollment_id}>
              <th scope="row">
                <Link to={paths.enrolmentIdentity(String(row.enrollment_id))}>{row.learner}</Link>
                <span className="muted flag-email">{row.email}</span>
              </th>
              <td className="num">{row.no_face}</td>
              <td className="num">{row.many_faces}</td>
              <td className="num">{row.mismatch}</td>
              <td>{dateTimeIn(row.last_flagged_at, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
