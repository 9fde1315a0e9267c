import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useCourseCount } from '../api/dashboard-calls';

/** /staff: the school's counts, each a link to its list (grading, payments and identity reviews join them later). */
export function Dashboard() {
  const me = useStaffMe();
  const published = useCourseCount('published');
  const drafts = useCourseCount('draft');
  const tile = (label: string, query: typeof published, to: string) => (
    <li className="dashboard-tile">
      <QueryState query={query} what={label}>
        {(count) => (
          <Link to={to}>
            <strong>{count}</strong> {label}
          </Link>
        )}
      </QueryState>
    </li>
  );
  return (
    <div className="console-page">
      <h1>Dashboard</h1>
      {me.data && <p className="muted">{me.data.role === 'IN' ? 'Your courses at ' : 'The staff console of '}{me.data.school.name}.</p>}
      <ul className="dashboard-tiles">
        {tile('published courses', published, `${staffPaths.courses}?status=published`)}
        {tile('drafts', drafts, `${staffPaths.courses}?status=draft`)}
      </ul>
    </div>
  );
}
