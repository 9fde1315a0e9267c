import type { PendingPayment } from '@school/shared/payments/schemas';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { Modal } from '@/components/modal';
import { PendingPaymentPanel } from '@/components/pending-payment';
import { pendingPaymentMessage } from './result-dialog';

interface Props {
  /** The payment that holds the item: its own, or the bundle's that pays for this course. */
  payment: PendingPayment | undefined;
  /** Which item the page shows, so that a bundle's payment seen from one of its courses says so. */
  page: { kind: 'course' | 'coursebundle'; id: number };
  loading: boolean;
  /** A checkout left unpaid may be replaced by a new attempt on the item's payment page. */
  onPayAnotherWay?: () => void;
  onClose: () => void;
}

/**
 * 'Payment Pending' on a course or bundle page (docs/decisions.md): the earlier payment named (mode, amount,
 * reference, when it lapses) with Resume payment and Cancel payment, so that nobody pays twice without knowing.
 */
export function PaymentPendingDialog({ payment, page, loading, onPayAnotherWay, onClose }: Props) {
  const own = payment?.item.content_type === page.kind && payment.item.id === page.id;
  const another = onPayAnotherWay && (!payment || (own && payment.status === 'notpaid')) ? <Button label="Pay another way" variant="ghost" onClick={onPayAnotherWay} /> : undefined;
  return (
    <Modal open onClose={onClose} title="Payment Pending" size="sm">
      {loading ? (
        <Loading />
      ) : payment ? (
        <>
          {!own && <p>This course is paid for with the bundle {payment.item.name}.</p>}
          <PendingPaymentPanel payment={payment} extraAction={another} onCancelled={onClose} />
        </>
      ) : (
        // Its details could not be read: what waiting means, and the way to pay afresh where there is one.
        <div className="pending-payment">
          <p>{pendingPaymentMessage}</p>
          {another && <div className="pending-actions">{another}</div>}
        </div>
      )}
    </Modal>
  );
}
