import type { TransactionStatus } from '@school/shared/payments/rules';
import { staffStatusLabels } from '@school/shared/staff/payments';

/** A transaction's status in words, coloured by how it stands. */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  return <span className={`status-badge status-${status.toLowerCase()}`}>{staffStatusLabels[status]}</span>;
}
