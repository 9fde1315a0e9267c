import type { Fees } from '@school/shared/payments/schemas';
import { SummaryLines, type SummaryLine } from './summary-lines';

/** The payment page's lines (spec 3 §2), from the server's fees answer: what Purchase will charge. */
export function Breakdown({ fees }: { fees: Fees }) {
  const lines: SummaryLine[] = [
    { label: 'Subtotal', value: fees.subtotal },
    { label: 'Value-Added Tax', value: fees.vat },
    { label: 'Payment Gateway Fee', value: fees.total_fee },
    { label: 'Voucher Discount', value: -fees.discount },
    ...(fees.applied_coins > 0 ? [{ label: 'L2E Coins', value: -fees.applied_coins }] : []),
    { label: 'Total Payment', value: fees.amount, total: true },
  ];
  return <SummaryLines lines={lines} label="Payment breakdown" />;
}
