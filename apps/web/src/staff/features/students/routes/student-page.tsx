import { Link, useParams } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useStaffStudent } from '../api/student-calls';

/** /staff/students/{id}: a student's profile and MCLE profile (read only), identity check and enrolments. */
export function StudentPage() {
  const id = Number(useParams().id);
  const student = useStaffStudent(id);
  const me = useStaffMe().data;
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const when = (iso: string | null) => (iso ? dateTimeIn(iso, timeZone) : '—');
  const may = (permission: 'payment.read' | 'kyc.review') => me?.permissions.includes(permission) ?? false;

  return (
    <div className="console-page">
      <p>
        <Link to={staffPaths.students}>Students</Link>
      </p>
      <QueryState query={student} what="The student" refused="This student is not one of yours.">
        {(s) => (
          <>
            <div className="console-head">
              <h1>{s.name}</h1>
              {may('payment.read') && (
                <Link className="btn btn-ghost" to={`${staffPaths.payments}?payer=${s.id}`}>
                  Payments
                </Link>
              )}
            </div>
            <dl className="fact-list">
              <dt>E-mail</dt>
              <dd>{s.email}</dd>
              <dt>Username</dt>
              <dd>{s.username}</dd>
              <dt>Joined</dt>
              <dd>{when(s.joined_at)}</dd>
              <dt>Roll number</dt>
              <dd>{s.mcle?.roll_number ?? 'No MCLE profile yet'}</dd>
              {s.mcle && (
                <>
                  <dt>IBP chapter</dt>
                  <dd>{s.mcle.ibp_chapter ?? '—'}</dd>
                  <dt>Company</dt>
                  <dd>{s.mcle.company || '—'}</dd>
                </>
              )}
              <dt>Identity</dt>
              <dd>{s.identity ? `${s.identity.status} (sent ${when(s.identity.at)})` : 'Never checked'}</dd>
            </dl>
            <h2>Courses</h2>
            {s.enrolments.length === 0 ? (
              <p className="empty-state">No course enrolment.</p>
            ) : (
              <div className="staff-table-box" role="region" aria-label="Course enrolments" tabIndex={0}>
                <table className="staff-table">
                  <caption className="visually-hidden">Course enrolments, the latest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Course</th>
                      <th scope="col">Status</th>
                      <th scope="col">Progress</th>
                      <th scope="col">Enrolled</th>
                      <th scope="col">Completed</th>
                      <th scope="col">Certificate</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.enrolments.map((e) => (
                      <tr key={e.id}>
                        <th scope="row">
                          {e.course.name}
                          {e.class_name && <span className="muted"> · {e.class_name}</span>}
                          {may('kyc.review') && (
                            <>
                              <br />
                              <Link to={paths.enrolmentIdentity(String(e.id))}>Identity evidence</Link>
                            </>
                          )}
                        </th>
                        <td>{e.status}</td>
                        <td>{e.progress} %</td>
                        <td>{when(e.enrolled_at)}</td>
                        <td>{when(e.completed_at)}</td>
                        <td>{e.certificate ? <Link to={paths.certificate(e.certificate.code)}>{e.certificate.revoked ? `${e.certificate.code} (revoked)` : e.certificate.code}</Link> : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {s.bundles.length > 0 && (
              <>
                <h2>Bundles</h2>
                <ul>
                  {s.bundles.map((b) => (
                    <li key={b.id}>
                      {b.name} · {b.status} · {when(b.enrolled_at)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
