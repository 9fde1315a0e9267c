import { useEffect } from 'react';
import { Link, NavLink, Navigate, Outlet } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { Loading } from '@/components/loading';
import { LoadError } from '@/components/load-error';
import { ThemeToggle } from '@/components/theme-toggle';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { staffPaths } from '../config/staff-paths';
import { useStaffMe } from '../lib/use-staff-me';
import '../staff-console.css';

export const consoleMessages = {
  notStaff: "The staff console is for the school's administrators and instructors.",
} as const;

/**
 * The staff console's frame: a side navigation in the school's colour and its pages. Only the school's staff get
 * in (GET /staff/me/): a visitor without a session goes home, a student is told.
 */
export function ConsoleLayout() {
  const me = useStaffMe();
  const school = useSchool();

  useEffect(() => {
    if (school.data) document.title = `Staff console · ${school.data.name}`;
  }, [school.data]);

  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to={paths.home} replace />;
    return (
      <main className="container console-refusal">
        {me.error instanceof ApiError && me.error.status === 403 ? (
          <p className="banner banner-error" role="alert">
            {consoleMessages.notStaff} <Link to={paths.home}>Back to the site</Link>
          </p>
        ) : (
          <LoadError what="The staff console" retry={() => void me.refetch()} />
        )}
      </main>
    );
  }
  if (!me.data) return <Loading />;

  return (
    <div className="console">
      <a href="#console-main" className="skip-link">
        Skip to content
      </a>
      <aside className="console-side">
        <div className="console-brand">
          {school.data?.logo && <img src={school.data.logo} alt="" width={32} height={32} />}
          <span>{me.data.school.name}</span>
        </div>
        <nav aria-label="Staff console">
          <ul>
            <li>
              <NavLink to={staffPaths.dashboard} end>
                Dashboard
              </NavLink>
            </li>
            <li>
              <NavLink to={staffPaths.courses}>Courses</NavLink>
            </li>
            <li>
              <NavLink to={staffPaths.categories}>Categories</NavLink>
            </li>
            {me.data.permissions.includes('exam.grade') && (
              <li>
                <NavLink to={staffPaths.grading}>Grading</NavLink>
              </li>
            )}
            {me.data.permissions.includes('course.create') && (
              <li>
                <NavLink to={staffPaths.bundles}>Bundles</NavLink>
              </li>
            )}
            {(me.data.permissions.includes('enrolment.manage') || me.data.role === 'IN') && (
              <li>
                <NavLink to={staffPaths.students}>Students</NavLink>
              </li>
            )}
            {me.data.permissions.includes('report.course') && (
              <li>
                <NavLink to={staffPaths.reports}>Reports</NavLink>
              </li>
            )}
            {me.data.permissions.includes('message.send') && (
              <li>
                <NavLink to={staffPaths.messages}>Messages</NavLink>
              </li>
            )}
            {me.data.permissions.includes('payment.read') && (
              <li>
                <NavLink to={staffPaths.payments}>Payments</NavLink>
              </li>
            )}
            {me.data.permissions.includes('payment.read') && (
              <li>
                <NavLink to={staffPaths.exports}>Exports</NavLink>
              </li>
            )}
            {me.data.permissions.includes('voucher.manage') && (
              <li>
                <NavLink to={staffPaths.vouchers}>Vouchers</NavLink>
              </li>
            )}
            {me.data.permissions.includes('kyc.review') && (
              <li>
                <NavLink to={paths.kycReviews}>ID verification</NavLink>
              </li>
            )}
            {me.data.permissions.includes('forum.moderate') && (
              <li>
                <NavLink to={staffPaths.forum}>Forum</NavLink>
              </li>
            )}
            {me.data.permissions.includes('certificate.manage') && (
              <li>
                <NavLink to={staffPaths.certificates}>Certificates</NavLink>
              </li>
            )}
            {me.data.permissions.includes('school.update') && (
              <li>
                <NavLink to={staffPaths.school}>School</NavLink>
              </li>
            )}
            {me.data.permissions.includes('member.manage') && (
              <li>
                <NavLink to={staffPaths.team}>Team</NavLink>
              </li>
            )}
            {me.data.permissions.includes('audit.read') && (
              <li>
                <NavLink to={staffPaths.audit}>Audit log</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="console-side-foot">
          <Link to={paths.home}>View site</Link>
          <ThemeToggle />
        </div>
      </aside>
      <main id="console-main" className="console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
