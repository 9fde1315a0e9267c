import bwipjs from 'bwip-js/node';
import { enrolmentStatusFor, toPesos, type Breakdown, type OpenTransactionStatus } from '@school/shared/payments/rules';
import type { Fees, Instruction, PendingPayment, ProcessResult, Transaction } from '@school/shared/payments/schemas';
import type { PaymentGateway } from '../../infra/payments/gateway';
import type { Storage } from '../../infra/storage/storage';
import { publicUrlOf } from '../../infra/storage/storage';
import type { TransactionRow } from './repository';

type ItemRow = { id: number; name: string; description: string; image: string | null; slug: string };

export const presentFees = (b: Breakdown): Fees => ({
  total_fee: toPesos(b.fee),
  subtotal: toPesos(b.subtotal),
  vat: toPesos(b.tax),
  discount: toPesos(b.discount),
  applied_coins: toPesos(b.coins),
  amount: toPesos(b.amount),
  waived_by: b.waivedBy,
});

/** The answer of POST payment/process/: a checkout to leave for, a counter code, or the result page (spec 3 §4). */
export const presentProcessed = (txn: TransactionRow): ProcessResult => ({
  txn_id: txn.id,
  status: enrolmentStatusFor(txn.status === 'Failed' ? 'notpaid' : txn.status, txn.payLater),
  payment_url: txn.status === 'notpaid' && !txn.refCode ? txn.checkoutUrl : null,
  channel: txn.refCode && txn.status === 'Pending' ? txn.processor : null,
});

type RefundLine = { amount: number; reason: string; state: 'requested' | 'pending' | 'succeeded' | 'failed'; cancelsEnrolment: boolean; createdAt: Date };

export function presentTransaction(txn: TransactionRow, item: ItemRow | undefined, files: Storage, refunds: RefundLine[] = []): Transaction {
  return {
    id: txn.id,
    status: txn.status,
    object_details: {
      id: item?.id ?? 0,
      name: item?.name ?? '',
      description: item?.description ?? '',
      image: publicUrlOf(files, item?.image ?? null),
      slug: item?.slug ?? '',
      content_type: txn.bundleId ? 'coursebundle' : 'course',
      class_id: txn.classId,
    },
    base: toPesos(txn.subtotal),
    vat: toPesos(txn.tax),
    fee: toPesos(txn.fee),
    discount: toPesos(txn.discount),
    applied_coins: toPesos(txn.coins),
    amount: toPesos(txn.amount),
    processor_type: txn.processorType,
    processor: txn.processor,
    pay_later: txn.payLater,
    created: txn.createdAt.toISOString(),
    refunds: refunds.flatMap((r) => (r.state === 'failed' ? [] : [{ amount: toPesos(r.amount), reason: r.reason, state: r.state, ended_enrolment: r.cancelsEnrolment, created: r.createdAt.toISOString() }])),
  };
}

/** A payment not gone through yet, with what it pays for and where paying carries on. */
export function presentPending({ txn, status, item, courseIds }: { txn: TransactionRow; status: OpenTransactionStatus; item: ItemRow; courseIds: number[] }, files: Storage): PendingPayment {
  return {
    id: txn.id,
    status,
    processor_type: txn.processorType,
    processor: txn.processor,
    amount: toPesos(txn.amount),
    ref_code: txn.refCode,
    // An over-the-counter code's counter is reached from its instruction page.
    checkout_url: txn.refCode ? null : txn.checkoutUrl,
    created: txn.createdAt.toISOString(),
    expires_at: txn.expiresAt?.toISOString() ?? null,
    item: { id: item.id, name: item.name, slug: item.slug, image: publicUrlOf(files, item.image), content_type: txn.bundleId ? 'coursebundle' : 'course' },
    course_ids: courseIds,
  };
}

/** A Code 128 barcode of the reference code, as a PNG data: URL (no second request, no public file). */
async function barcode(text: string) {
  const png = await bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: false, paddingwidth: 10, paddingheight: 6, backgroundcolor: 'FFFFFF' });
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function presentInstruction(txn: TransactionRow, merchant: string, gateway: PaymentGateway): Promise<Instruction> {
  const { steps, terms, logo } = gateway.counterInstructions(txn.channelCode ?? '');
  return {
    id: txn.id,
    channel: txn.processor ?? '',
    channel_logo: logo,
    status: txn.status,
    image_url: await barcode(txn.refCode!),
    ref_code: txn.refCode!,
    seller_name: merchant,
    created: txn.createdAt.toISOString(),
    expiry: txn.expiresAt!.toISOString(),
    amount: toPesos(txn.amount),
    terms,
    instructions: { Payment: steps },
    checkout_url: txn.status === 'Pending' ? txn.checkoutUrl : null,
  };
}
