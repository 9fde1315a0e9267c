import { Link } from 'react-router';
import type { Permission } from '@school/shared/staff/permissions';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useCashToConfirm, useCourseCounts, useOrphanedPayments, useWaitingAnswers } from '../api/dashboard-calls';

/** /staff: what waits for the staff member (answers to grade, cash to confirm) and the school's counts, each a link to its list. */
export function Dashboard() {
  const me = useStaffMe();
  const counts = useCourseCounts();
  const may = (permission: Permission) => me.data?.permissions.includes(permission) ?? false;
  const waiting = useWaitingAnswers(may('exam.grade'));
  const cash = useCashToConfirm(may('payment.settle'));
  const orphaned = useOrphanedPayments(may('payment.refund'));
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
      {(waiting.data !== undefined || cash.data !== undefined) && (
        <ul className="dashboard-tiles" aria-label="Waiting for you">
          {waiting.data !== undefined && tile(waiting.data, waiting.data === 1 ? 'answer waiting for a grade' : 'answers waiting for a grade', staffPaths.grading)}
          {cash.data !== undefined && tile(cash.data, cash.data === 1 ? 'cash payment to confirm' : 'cash payments to confirm', `${staffPaths.payments}?mode=cash&status=Pending`)}
          {!!orphaned.data && tile(orphaned.data, orphaned.data === 1 ? 'payment paid after it ended: refund it' : 'payments paid after they ended: refund them', `${staffPaths.payments}?orphaned=true`)}
        </ul>
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
