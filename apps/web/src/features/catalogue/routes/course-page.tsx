import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { closedCourseMessages, enrollButton, formatFee, selfEnrolBlock, selfEnrolRefusal } from '@school/shared/catalogue/rules';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { certificateMessages } from '@school/shared/certificates/rules';
import { mayStudy } from '@school/shared/learning/rules';
import { longDate } from '@school/shared/school/dates';
import type { School } from '@school/shared/school/schemas';
import { PageHeader } from '@/components/breadcrumb';
import { Button } from '@/components/button';
import { Image } from '@/components/image';
import { Loading } from '@/components/loading';
import { ResponseModal, type ResponseType } from '@/components/response-modal';
import { paths } from '@/config/paths';
import { useCourse } from '@/lib/course';
import { usePendingPayments } from '@/lib/pending-payments';
import { useProfile } from '@/lib/profile';
import { useSchool } from '@/lib/school';
import { useSession } from '@/lib/session';
import { useItemBySlug } from '@/lib/use-item-by-slug';
import { useSimilarCourses } from '../api/catalogue-calls';
import { CourseGrid } from '../components/course-card';
import { EnrolmentModals, useEnrolmentFlow } from '../components/enrolment-flow';
import { McleUnits } from '../components/mcle-units';
import { PreviewMedia } from '../components/preview-media';
import { PaymentPendingDialog } from '../components/payment-pending-dialog';
import { PaymentResultDialog } from '../components/result-dialog';

const duration = (minutes: number) => [Math.floor(minutes / 60) && `${Math.floor(minutes / 60)} hrs`, minutes % 60 && `${minutes % 60} mins`].filter(Boolean).join(' ');

type Config = CourseDetail['config'];

/** The spec's words for a course that is not open; whether it is open is the server's word, in the school's time zone. */
function closedNote(config: Config): { title: string; message: string } | null {
  if (config.course_ended && config.date_end) return { title: closedCourseMessages.endedTitle, message: closedCourseMessages.ended(longDate(config.date_end)) };
  if (!config.course_open && config.date_start) return { title: closedCourseMessages.notOpenTitle, message: closedCourseMessages.notOpen(longDate(config.date_start)) };
  return null;
}

/** Why this user may not enrol themselves; a visitor's e-mail (undefined) is unknown until they log in. */
function enrolRefusal(config: Config, email: string | undefined): string | null {
  const block = selfEnrolBlock({ directEnrollment: config.direct_enrollment, allowedDomains: config.allowed_domains, email: email ?? null });
  if (!block || (block === 'email_domain_not_allowed' && email === undefined)) return null;
  return selfEnrolRefusal(block, config.allowed_domains);
}

/** /course/{slug} (spec 2 §2): the course, its outline, the enrolment buttons and similar courses. */
export function CoursePage() {
  const { slug = '' } = useParams();
  const course = useItemBySlug(slug, useCourse, "Requested course isn't available", paths.courses);
  const { data: school } = useSchool();
  if (!course || !school) return <Loading />;
  return <CourseView course={course} school={school} />;
}

function CourseView({ course, school }: { course: CourseDetail; school: School }) {
  const session = useSession();
  const { data: profile } = useProfile();
  const navigate = useNavigate();
  const similar = useSimilarCourses(course.id);
  const flow = useEnrolmentFlow({ kind: 'course', course }, school);
  const [notice, setNotice] = useState<{ type: ResponseType; title: string; message: string } | null>(null);
  // Staff of this school open the player without enrolling; the server decides who that is.
  const staff = course.abilities.preview;
  // The identity evidence is the school's administrators' (its server says so too).
  const administrator = staff && (session?.role === 'SA' || session?.role === 'SU');
  // An enrolment waiting for money is held by a payment: read it, to name it under 'Payment Pending'.
  const waiting = !staff && course.enrollment !== null && !mayStudy(course.enrollment.status);
  const pending = usePendingPayments(waiting);
  const [pendingOpen, setPendingOpen] = useState(false);
  const certificate = course.certificate;
  const button = enrollButton({ enrollment: course.enrollment, staff, allowPayLater: course.config.allow_pay_later, fee: course.fee, needsSignature: certificate?.state === 'needs_signature', paymentPending: certificate?.state === 'payment_pending' });
  // Paying for this enrolment pays for its class, if it has one (the class's price, not the course's).
  const paymentPath = paths.coursePayment(course.slug, course.enrollment?.class_id);
  // A pay-later course's certificate is bought; an MCLE course's is signed for first.
  const certificatePath = certificate?.state === 'needs_signature' ? paths.certification(course.slug) : paymentPath;
  const closed = closedNote(course.config);
  const enrolling = !staff && !course.enrollment;
  const refusal = enrolling ? enrolRefusal(course.config, session ? profile?.email : undefined) : null;
  // Nobody enrols in an ended course, nor themselves where they may not: the button says why under it.
  const enrolDisabled = enrolling && (course.config.course_ended || refusal !== null);
  const noteId = useId();
  const refusalId = useId();
  const describedBy = [closed && noteId, refusal && refusalId].filter(Boolean).join(' ') || undefined;
  const firstCourseware = course.modules.flatMap((m) => m.coursewares)[0];

  /** Start or resume (spec 2 §4): closed courses say when they open or ended; the rest open the player. */
  function startLearning() {
    if (closed && !staff) return setNotice({ ...closed, type: closed.title === closedCourseMessages.endedTitle ? 'course_ended' : 'course_not_open' });
    // The player resumes at the latest incomplete courseware (the server says which when the course starts).
    if (firstCourseware) navigate(paths.coursePlayer(course.slug, String(firstCourseware.id)), { state: { resume: true } });
  }

  function onMain() {
    // 'Payment Pending', or Start Learning while the money is on its way: the payment, not the player.
    if (waiting) return setPendingOpen(true);
    // Enrolled (paid, free or pay later) or staff: the course itself.
    if (staff || course.enrollment) return startLearning();
    flow.start(false);
  }

  return (
    <main>
      <PageHeader title={course.name} cover={school.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Courses', to: paths.courses }, { label: course.name }]} />
      <div className="container course-page">
        <div className="course-main">
          <div className="course-media">{course.preview_video ? <PreviewMedia video={course.preview_video} title={course.name} /> : <Image src={course.image ?? undefined} alt="" />}</div>
          <p>{course.description}</p>
          <section aria-labelledby="outline-title">
            <h2 id="outline-title">Course Content</h2>
            <ol className="outline">
              {course.modules.map((m) => (
                <li key={m.id}>
                  <details>
                    <summary>
                      {m.name} <span className="muted">({m.courseware_count} lessons)</span>
                    </summary>
                    <ul>
                      {m.coursewares.map((w) => (
                        <li key={w.id}>{w.name}</li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <aside className="course-side" aria-label="Course details">
          {course.show_fee && <p className="course-fee">{formatFee(course.fee, 'FREE')}</p>}
          <div className="course-actions">
            <Button label={button.label} variant={button.ghost ? 'ghost' : 'primary'} className="btn-block" disabled={enrolDisabled} aria-describedby={describedBy} onClick={onMain} />
            {button.extra === 'Enroll for Free' && <Button label="Enroll for Free" variant="ghost" className="btn-block" disabled={enrolDisabled} aria-describedby={describedBy} onClick={() => flow.start(true)} />}
            {button.extra === 'Get Certificate' && <Button label="Get Certificate" className="btn-block" onClick={() => navigate(certificatePath)} />}
            {certificate?.state === 'issued' && certificate.code && (
              <a className="btn btn-ghost btn-block" href={paths.certificate(certificate.code)} target="_blank" rel="noopener">
                View Certificate
              </a>
            )}
            {certificate?.state === 'issuing' && <p className="course-note">Your certificate is being issued.</p>}
            {certificate?.state === 'payment_pending' && <p className="course-note">{certificateMessages.paymentPending}</p>}
            {administrator && (
              <Link className="btn btn-ghost btn-block" to={paths.courseIdentity(String(course.id))}>
                Identity evidence
              </Link>
            )}
            {closed && (
              <p id={noteId} className="course-note">
                {closed.message}
              </p>
            )}
            {refusal && (
              <p id={refusalId} className="course-note">
                {refusal}
              </p>
            )}
          </div>
          <dl className="facts">
            {course.subcategory && (<><dt>Subcategory</dt><dd>{course.subcategory}</dd></>)}
            {course.lecturer && (<><dt>Lecturer</dt><dd>{course.lecturer}</dd></>)}
            <dt>Modules</dt>
            <dd>{course.module_count}</dd>
            <dt>Coursewares</dt>
            <dd>{course.courseware_count}</dd>
            <dt>Units</dt>
            <dd>{course.units}</dd>
            <McleUnits units={course.mcle_units} />
            {course.config.duration !== null && (<><dt>Duration</dt><dd>{duration(course.config.duration)}</dd></>)}
          </dl>
        </aside>
      </div>
      <CourseGrid id="similar-title" title="Similar courses" courses={similar.data ?? []} />
      <EnrolmentModals flow={flow} />
      <PaymentResultDialog allowPayLaterCodes certificatePath={certificate?.state === 'needs_signature' ? paths.certification(course.slug) : undefined} />
      {pendingOpen && (
        <PaymentPendingDialog
          payment={pending.data?.find((p) => p.course_ids.includes(course.id))}
          page={{ kind: 'course', id: course.id }}
          loading={pending.isPending}
          onPayAnotherWay={course.enrollment?.status === 'notpaid' ? () => navigate(paymentPath) : undefined}
          onClose={() => setPendingOpen(false)}
        />
      )}
      {notice && <ResponseModal open type={notice.type} title={notice.title} message={<p>{notice.message}</p>} onClose={() => setNotice(null)} />}
    </main>
  );
}
