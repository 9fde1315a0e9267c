import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useCourseCounts, useWaitingAnswers } from '../api/dashboard-calls';

/** /staff: the school's counts, each a link to its list (payments and identity reviews join them later). */
export function Dashboard() {
  const me = useStaffMe();
  const counts = useCourseCounts();
  const waiting = useWaitingAnswers(me.data?.permissions.includes('exam.grade') ?? false);
  const tile = (count: number, label: string, to: string) => (
    <li className="dashboard-tile">
      <Link to={to}>
        <strong>{count}</strong> {label}
      </Link>
    </li>
  );
  return (
    <div className="console-page">
      <h1>Dashboard</h1>
      {me.data && <p className="muted">{me.data.role === 'IN' ? 'Your courses at ' : 'The staff console of '}{me.data.school.name}.</p>}
      {waiting.data !== undefined && (
        <ul className="dashboard-tiles">{tile(waiting.data, waiting.data === 1 ? 'answer waiting for a grade' : 'answers waiting for a grade', staffPaths.grading)}</ul>
      )}
      <QueryState query={counts} what="The counts">
        {(n) => (
          <ul className="dashboard-tiles">
            {tile(n.published, n.published === 1 ? 'published course' : 'published courses', `${staffPaths.courses}?status=published`)}
            {tile(n.draft, n.draft === 1 ? 'draft' : 'drafts', `${staffPaths.courses}?status=draft`)}
            {tile(n.archived, 'archived', `${staffPaths.courses}?status=archived`)}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
