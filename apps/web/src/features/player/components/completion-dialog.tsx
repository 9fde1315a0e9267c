import { useNavigate } from 'react-router';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { ResponseModal } from '@/components/response-modal';
import { paths } from '@/config/paths';

/**
 * The congratulations dialog at 100 % (spec 2 §2, §4): to My Certificates, to the wallet when the course gave
 * a reward, or to payment for a pay-later enrolment (no certificate until paid).
 */
export function CompletionDialog({ course, onClose }: { course: CourseDetail; onClose: () => void }) {
  const navigate = useNavigate();
  const enrollment = course.enrollment;
  const payLater = enrollment?.status === 'pay_later';
  const reward = enrollment?.reward !== null && enrollment?.reward !== undefined;
  const action = payLater
    ? { label: 'Pay Now', onClick: () => navigate(paths.coursePayment(course.slug)) }
    : reward
      ? { label: 'View Wallet', onClick: () => navigate(paths.student('apt-wallet')) }
      : { label: 'View Certificates', onClick: () => navigate(paths.student('certificates')) };
  return (
    <ResponseModal
      open
      type="completed"
      title="Congratulations!"
      message={payLater ? `You have completed ${course.name}. Pay for the course to receive your certificate.` : `You have completed ${course.name}.`}
      actions={[{ label: 'Close', variant: 'ghost', onClick: onClose }, action]}
      onClose={onClose}
    />
  );
}
