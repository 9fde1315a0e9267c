import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { certificateMessages as msg } from '@school/shared/certificates/rules';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { certificateIssuingState } from '@/lib/certificate-issuing';
import { useCourse } from '@/lib/course';
import { useSchool } from '@/lib/school';
import { useItemBySlug } from '@/lib/use-item-by-slug';
import { CertificationForm } from '../components/certification-form';
import '../certificates.css';

/**
 * /course/{slug}/certification: the MCLE certification statement of a finished course (spec 1 §5), reached from
 * the completion dialog, the course page's 'Get Certificate' or a payment's 'View Certificate'. The course's
 * certificate state, the server's word, decides what the page holds.
 */
export function CertificationPage() {
  const { slug = '' } = useParams();
  const course = useItemBySlug(slug, useCourse, "Requested course isn't available", paths.courses);
  const { data: school } = useSchool();
  if (!course || !school) return <Loading />;
  return (
    <main>
      <PageHeader
        title="Certification Statement"
        cover={school.cover}
        trail={[{ label: 'Home', to: paths.home }, { label: course.name, to: paths.course(course.slug) }, { label: 'Certification Statement' }]}
      />
      <div className="container certification-page">
        <h2>{course.name}</h2>
        <CertificationStep course={course} />
      </div>
    </main>
  );
}

function Note({ tone = 'warning', children }: { tone?: 'warning' | 'success'; children: ReactNode }) {
  return <p className={`banner banner-${tone}`}>{children}</p>;
}

function CertificationStep({ course }: { course: CourseDetail }) {
  const navigate = useNavigate();
  const certificate = course.certificate;
  // Not enrolled: nothing to sign here.
  if (!course.enrollment || !certificate) return <Navigate to={paths.course(course.slug)} replace />;
  switch (certificate.state) {
    case 'needs_signature':
      return <CertificationForm enrollmentId={course.enrollment.id} onSigned={() => navigate(paths.student('certificates'), { state: certificateIssuingState() })} />;
    case 'incomplete':
      return (
        <Note>
          {msg.notCompleted} <Link to={paths.course(course.slug)}>Back to the course</Link>
        </Note>
      );
    case 'needs_payment':
      return (
        <Note>
          Pay for the course to receive your certificate. <Link to={paths.coursePayment(course.slug, course.enrollment.class_id)}>Pay Now</Link>
        </Note>
      );
    case 'payment_pending':
      return <Note>{msg.paymentPending}</Note>;
    case 'issuing':
      return (
        <Note tone="success">
          Your certificate is being issued. <Link to={paths.student('certificates')}>My Certificates</Link>
        </Note>
      );
    case 'issued':
      return (
        <Note tone="success">
          Your certificate has been issued.{' '}
          <a href={paths.certificate(certificate.code ?? '')} target="_blank" rel="noopener">
            View Certificate
          </a>
        </Note>
      );
  }
}
