import { useNavigate, useSearchParams } from 'react-router';
import { ResponseModal } from '@/components/response-modal';
import { paths } from '@/config/paths';

/** What a student whose payment waits for confirmation reads (after paying, and on the course page). */
export const pendingPaymentMessage = 'You can start learning once we confirm your payment.';

const results: Record<string, { type: 'success' | 'warning' | 'error'; title: string; message: string; certificate?: boolean }> = {
  S: { type: 'success', title: 'Payment Successful', message: 'Your payment has been received. You can start learning now.' },
  P: { type: 'warning', title: 'Payment Pending', message: pendingPaymentMessage },
  V: { type: 'warning', title: 'Payment Pending', message: 'Your payment is being verified. You can start learning once we confirm it.' },
  F: { type: 'error', title: 'Payment Failed', message: 'Your payment did not go through. Please try again or choose another payment method.' },
  PLS: { type: 'success', title: 'Payment Successful', message: 'Thank you for your payment. Your certificate is now available.', certificate: true },
  PLP: { type: 'warning', title: 'Payment Pending', message: 'Your certificate will be available once we confirm your payment.' },
};

/**
 * The payment result read from ?status= (spec 2 §2): S, P, V, F, and PLS / PLP for pay-later courses. 'View
 * Certificate' goes to My Certificates, or to `certificatePath` when the certificate still waits for the MCLE
 * statement.
 */
export function PaymentResultDialog({ allowPayLaterCodes, certificatePath }: { allowPayLaterCodes: boolean; certificatePath?: string }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('status') ?? '';
  const result = results[code];
  if (!result || (!allowPayLaterCodes && code.startsWith('PL'))) return null;
  const close = () => {
    params.delete('status');
    setParams(params, { replace: true });
  };
  return (
    <ResponseModal
      open
      type={result.type}
      title={result.title}
      message={<p>{result.message}</p>}
      onClose={close}
      actions={result.certificate ? [{ label: 'View Certificate', onClick: () => navigate(certificatePath ?? paths.student('certificates')) }] : [{ label: 'Okay', onClick: close }]}
    />
  );
}
