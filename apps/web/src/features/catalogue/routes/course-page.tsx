import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { courseState, enrollButton, formatFee, selfEnrollAllowed } from '@school/shared/catalogue/rules';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import type { School } from '@school/shared/school/schemas';
import { PageHeader } from '@/components/breadcrumb';
import { Button } from '@/components/button';
import { Image } from '@/components/image';
import { Loading } from '@/components/loading';
import { ResponseModal } from '@/components/response-modal';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/profile';
import { useSchool } from '@/lib/school';
import { useSession } from '@/lib/session';
import { useCourse, useSimilarCourses } from '../api/catalogue-calls';
import { useItemBySlug } from '../components/use-item-by-slug';
import { CourseGrid } from '../components/course-card';
import { EnrolmentModals, useEnrolmentFlow } from '../components/enrolment-flow';
import { PreviewMedia } from '../components/preview-media';
import { PaymentResultDialog } from '../components/result-dialog';

const longDate = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString('en-US', { month: 'long', day: '2-digit', year: 'numeric' });
const duration = (minutes: number) => [Math.floor(minutes / 60) && `${Math.floor(minutes / 60)} hrs`, minutes % 60 && `${minutes % 60} mins`].filter(Boolean).join(' ');

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
  const [notice, setNotice] = useState<{ title: string; message: string } | null>(null);
  const staff = Boolean(session && session.role !== 'ST');
  const button = enrollButton({ enrollment: course.enrollment, staff, allowPayLater: course.config.allow_pay_later, fee: course.fee });
  const canEnrol = !session || staff || selfEnrollAllowed({ staff, directEnrollment: course.config.direct_enrollment, allowedDomains: course.config.allowed_domains, email: profile?.email ?? null });
  const firstCourseware = course.modules.flatMap((m) => m.coursewares)[0];
  const today = new Date().toISOString().slice(0, 10);

  /** Start or resume (spec 2 §4): closed courses say when they open or ended; the rest open the player. */
  function startLearning() {
    const state = courseState(course.config.date_start, course.config.date_end, today);
    if (state === 'ended' && !staff) return setNotice({ title: 'Course Ended', message: `Course ended last ${longDate(course.config.date_end!)}.` });
    if (state === 'not_open' && !staff) return setNotice({ title: 'Course is not yet open', message: `Course will be accessible on ${longDate(course.config.date_start!)}.` });
    if (firstCourseware) navigate(paths.coursePlayer(course.slug, String(firstCourseware.id)));
  }

  function onMain() {
    if (staff || course.enrollment?.status === 'notpaid') return startLearning();
    if (course.enrollment) return startLearning();
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
          <dl className="facts">
            {course.subcategory && (<><dt>Subcategory</dt><dd>{course.subcategory}</dd></>)}
            {course.lecturer && (<><dt>Lecturer</dt><dd>{course.lecturer}</dd></>)}
            <dt>Modules</dt>
            <dd>{course.module_count}</dd>
            <dt>Coursewares</dt>
            <dd>{course.courseware_count}</dd>
            <dt>Units</dt>
            <dd>{course.units}</dd>
            {course.config.duration !== null && (<><dt>Duration</dt><dd>{duration(course.config.duration)}</dd></>)}
          </dl>
          <div className="course-actions">
            <Button label={button.label} variant={button.ghost ? 'ghost' : 'primary'} className="btn-block" disabled={!canEnrol && !course.enrollment} onClick={onMain} />
            {button.extra === 'Enroll for Free' && <Button label="Enroll for Free" variant="ghost" className="btn-block" disabled={!canEnrol} onClick={() => flow.start(true)} />}
            {button.extra === 'Get Certificate' && <Button label="Get Certificate" className="btn-block" onClick={() => navigate(paths.coursePayment(course.slug))} />}
          </div>
        </aside>
      </div>
      <CourseGrid id="similar-title" title="Similar courses" courses={similar.data ?? []} />
      <EnrolmentModals flow={flow} />
      <PaymentResultDialog allowPayLaterCodes />
      {notice && <ResponseModal open type={notice.title === 'Course Ended' ? 'course_ended' : 'course_not_open'} title={notice.title} message={<p>{notice.message}</p>} onClose={() => setNotice(null)} />}
    </main>
  );
}
