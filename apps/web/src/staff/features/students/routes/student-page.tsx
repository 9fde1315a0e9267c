import { Link, useParams } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useStaffStudent, useStudentAudit } from '../api/student-calls';

/** How many of the latest staff actions the page lists; the audit log has them all. */
const AUDIT_SHOWN = 5;

/** /staff/students/{id}: a student's profile and MCLE profile (read only), identity check and enrolments. */
export function StudentPage() {
  const id = Number(useParams().id);
  const student = useStaffStudent(id);
  const me = useStaffMe().data;
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const when = (iso: string | null) => (iso ? dateTimeIn(iso, timeZone) : '—');
  const may = (permission: 'payment.read' | 'kyc.review' | 'audit.read') => me?.permissions.includes(permission) ?? false;
  const audit = useStudentAudit(id, may('audit.read'));

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
            <h2>Forum</h2>
            <p>
              {s.forum.questions} {s.forum.questions === 1 ? 'question' : 'questions'}, {s.forum.answers} {s.forum.answers === 1 ? 'answer' : 'answers'}, {s.forum.comments}{' '}
              {s.forum.comments === 1 ? 'comment' : 'comments'}.
            </p>
            {s.forum.latest.length > 0 && (
              <ul aria-label="Their latest posts">
                {s.forum.latest.map((p) => (
                  <li key={`${p.kind}-${p.question_id}-${p.at}`}>
                    {p.kind === 'question' ? 'Asked' : 'Answered'} <Link to={paths.forumTopic(String(p.question_id))}>{p.title}</Link> · {when(p.at)}
                    {p.hidden && <span className="muted"> (hidden)</span>}
                  </li>
                ))}
              </ul>
            )}
            {may('audit.read') && (
              <>
                <h2>Staff actions</h2>
                <QueryState query={audit} what="The staff actions" empty="No member of staff has changed their records." isEmpty={(page) => page.count === 0}>
                  {(page) => (
                    <>
                      <ul aria-label="The latest staff actions about their records">
                        {page.data.slice(0, AUDIT_SHOWN).map((e) => (
                          <li key={e.id}>
                            {when(e.created_at)} · {e.actor?.name ?? 'The platform'} · {e.action} · {e.subject}
                          </li>
                        ))}
                      </ul>
                      <Link to={`${staffPaths.audit}?student=${s.id}`}>All {page.count} in the audit log</Link>
                    </>
                  )}
                </QueryState>
              </>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
