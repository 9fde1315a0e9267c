import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { certificateState } from '@school/shared/certificates/rules';
import { Loading } from '@/components/loading';
import { Modal } from '@/components/modal';
import { ResponseModal } from '@/components/response-modal';
import { paths } from '@/config/paths';
import { certificateIssuingState } from '@/lib/certificate-issuing';
import { useSchool } from '@/lib/school';

/** The statement's form brings the signature pad: both load only when a student is about to sign. */
const CertificationForm = lazy(() => import('./certification-form').then((m) => ({ default: m.CertificationForm })));

/**
 * The congratulations dialog at 100 % (spec 2 §2, §4): to My Certificates, to the wallet when the course gave
 * a reward, or to payment for a pay-later enrolment (no certificate until paid). At an MCLE school the way to
 * the certificate first asks for the signed certification statement (spec 1 §5), which the certificate waits
 * for, so it is offered beside the wallet too.
 */
export function CompletionDialog({ course, onClose }: { course: CourseDetail; onClose: () => void }) {
  const navigate = useNavigate();
  const { data: school } = useSchool();
  const [signing, setSigning] = useState(false);
  const enrollment = course.enrollment;
  const payLater = enrollment?.status === 'pay_later';
  const reward = enrollment?.reward !== null && enrollment?.reward !== undefined;
  // At 100 % by the dialog's own rule, whether or not the course has been read again yet. The page does not know
  // whether the statement was signed before: the server says so, and the form then moves on.
  const needsStatement =
    enrollment !== null && certificateState({ progress: 100, status: enrollment.status, mcle: Boolean(school?.config.products.mcle), signed: false }) === 'needs_signature';
  const toCertificates = () => navigate(paths.student('certificates'), { state: certificateIssuingState() });

  if (signing && enrollment) {
    return (
      <Modal open title="Certification Statement" onClose={onClose}>
        <Suspense fallback={<Loading />}>
          <CertificationForm enrollmentId={enrollment.id} onSigned={toCertificates} />
        </Suspense>
      </Modal>
    );
  }

  const certificates = { label: 'View Certificates', onClick: needsStatement ? () => setSigning(true) : toCertificates };
  const actions = payLater
    ? [{ label: 'Pay Now', onClick: () => navigate(paths.coursePayment(course.slug)) }]
    : reward
      ? [{ label: 'View Wallet', onClick: () => navigate(paths.student('apt-wallet')) }, ...(needsStatement ? [certificates] : [])]
      : [certificates];
  return (
    <ResponseModal
      open
      type="completed"
      title="Congratulations!"
      message={payLater ? `You have completed ${course.name}. Pay for the course to receive your certificate.` : `You have completed ${course.name}.`}
      actions={[{ label: 'Close', variant: 'ghost', onClick: onClose }, ...actions]}
      onClose={onClose}
    />
  );
}
