import { Link } from 'react-router';
import type { Permission } from '@school/shared/staff/permissions';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useStaffMe } from '../../../lib/use-staff-me';
import { peso } from '@school/shared/payments/money';
import { dateTimeIn } from '@school/shared/school/dates';
import { movement } from '@school/shared/staff/reports';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useCashToConfirm, useCourseCounts, useIdReviews, useLatestAudit, useOrphanedPayments, useWaitingAnswers, useWeekActivity } from '../api/dashboard-calls';

/** /staff: what waits for the staff member (answers to grade, cash to confirm) and the school's counts, each a link to its list. */
export function Dashboard() {
  const me = useStaffMe();
  const counts = useCourseCounts();
  const may = (permission: Permission) => me.data?.permissions.includes(permission) ?? false;
  const waiting = useWaitingAnswers(may('exam.grade'));
  const cash = useCashToConfirm(may('payment.settle'));
  const orphaned = useOrphanedPayments(may('payment.refund'));
  const reviews = useIdReviews(may('kyc.review'));
  const week = useWeekActivity(may('report.read'));
  const audit = useLatestAudit(may('audit.read'));
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
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
      {(waiting.data !== undefined || cash.data !== undefined || reviews.data !== undefined) && (
        <ul className="dashboard-tiles" aria-label="Waiting for you">
          {waiting.data !== undefined && tile(waiting.data, waiting.data === 1 ? 'answer waiting for a grade' : 'answers waiting for a grade', staffPaths.grading)}
          {cash.data !== undefined && tile(cash.data, cash.data === 1 ? 'cash payment to confirm' : 'cash payments to confirm', `${staffPaths.payments}?mode=cash&status=Pending`)}
          {reviews.data !== undefined && tile(reviews.data, reviews.data === 1 ? 'ID submission to review' : 'ID submissions to review', paths.kycReviews)}
          {!!orphaned.data && tile(orphaned.data, orphaned.data === 1 ? 'payment paid after it ended: refund it' : 'payments paid after they ended: refund them', `${staffPaths.payments}?orphaned=true`)}
        </ul>
      )}
      {week.data && (
        <section aria-labelledby="dashboard-week">
          <h2 id="dashboard-week">The last 7 days</h2>
          <ul className="dashboard-tiles">
            <li className="dashboard-tile">
              <Link to={staffPaths.students}>
                <strong>{week.data.enrolments.last_7_days}</strong> {week.data.enrolments.last_7_days === 1 ? 'enrolment' : 'enrolments'}
              </Link>
              <span className="muted">{movement(week.data.enrolments.last_7_days, week.data.enrolments.previous_7_days)}</span>
            </li>
            <li className="dashboard-tile">
              <Link to={staffPaths.payments}>
                <strong>{peso(week.data.revenue.last_7_days)}</strong> revenue, less refunds
              </Link>
              <span className="muted">{movement(week.data.revenue.last_7_days, week.data.revenue.previous_7_days, peso)}</span>
            </li>
          </ul>
        </section>
      )}
      {audit.data && audit.data.length > 0 && (
        <section aria-labelledby="dashboard-audit">
          <h2 id="dashboard-audit">Latest changes</h2>
          <ul className="payment-history">
            {audit.data.map((entry) => (
              <li key={entry.id}>
                {dateTimeIn(entry.created_at, timeZone)}: {entry.actor?.name ?? 'Someone'}, {entry.action} ({entry.subject})
              </li>
            ))}
          </ul>
          <p>
            <Link to={staffPaths.audit}>The whole audit log</Link>
          </p>
        </section>
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
