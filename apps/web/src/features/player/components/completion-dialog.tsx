import { useNavigate } from 'react-router';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { certificateState } from '@school/shared/certificates/rules';
import { ResponseModal } from '@/components/response-modal';
import { paths } from '@/config/paths';
import { certificateIssuingState } from '@/lib/certificate-issuing';
import { useSchool } from '@/lib/school';

/**
 * The congratulations dialog at 100 % (spec 2 §2, §4): to My Certificates, to the wallet when the course gave
 * a reward, or to payment for a pay-later enrolment (no certificate until paid). At an MCLE school the way to
 * the certificate goes through the certification statement's page (spec 1 §5), which the certificate waits for,
 * so it is offered beside the wallet too; the course page offers it again until it is signed.
 */
export function CompletionDialog({ course, onClose }: { course: CourseDetail; onClose: () => void }) {
  const navigate = useNavigate();
  const { data: school } = useSchool();
  const enrollment = course.enrollment;
  const payLater = enrollment?.status === 'pay_later';
  const reward = enrollment?.reward !== null && enrollment?.reward !== undefined;
  // At 100 % by the dialog's own rule, whether or not the course has been read again yet; the statement's page
  // reads the server's word on whether it was signed before.
  const needsStatement =
    enrollment !== null && certificateState({ progress: 100, status: enrollment.status, mcle: Boolean(school?.config.products.mcle), signed: false }) === 'needs_signature';
  const toCertificates = () => navigate(paths.student('certificates'), { state: certificateIssuingState() });

  const certificates = { label: 'View Certificates', onClick: needsStatement ? () => navigate(paths.certification(course.slug)) : toCertificates };
  const actions = payLater
    ? [{ label: 'Pay Now', onClick: () => navigate(paths.coursePayment(course.slug, enrollment?.class_id)) }]
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
