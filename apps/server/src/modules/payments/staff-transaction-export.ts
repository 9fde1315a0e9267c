import type { FastifyInstance } from 'fastify';
import { processorTypeLabels, toPesos, type PaymentMode, type WaiverMode } from '@school/shared/payments/rules';
import type { ExportRequest } from '@school/shared/staff/exports';
import { staffStatusLabels } from '@school/shared/staff/payments';
import type { SchoolRow } from '../tenancy/repository';
import { staffTransactionRepository } from './staff-transaction-repository';
import { displayName } from '../account/presenter';
import { filterOf, itemName } from './staff-transaction-service';

const BATCH = 2_000;

/** "2026-11-28 14:05" in the school's time zone: what a spreadsheet sorts and a person reads. */
const localTime = (moment: Date, timeZone: string) => moment.toLocaleString('sv-SE', { timeZone, hour12: false }).slice(0, 16);

/**
 * The payments list as a CSV, with the same filters, newest first: every amount in pesos with its breakdown,
 * read in batches by id so that a school's whole history never sits in one query's answer.
 */
export async function* paymentRows(app: FastifyInstance, school: SchoolRow, filters: Extract<ExportRequest, { kind: 'payments' }>['filters']) {
  const repo = staffTransactionRepository(app.db);
  const filter = filterOf(filters, school.timeZone);
  for (let before: number | null = null; ; ) {
    const rows = await repo.batch(school.id, filter, before, BATCH);
    for (const row of rows) {
      const { txn } = row;
      yield {
        Reference: txn.reference,
        Status: staffStatusLabels[txn.status],
        Mode: processorTypeLabels[txn.processorType as PaymentMode | WaiverMode] ?? txn.processorType,
        Channel: txn.processor ?? '',
        Payer: displayName(row.payer),
        Email: row.payer.email,
        For: itemName(row),
        Price: toPesos(txn.subtotal),
        VAT: toPesos(txn.tax),
        Fee: toPesos(txn.fee),
        Voucher: row.voucher ?? '',
        Discount: toPesos(txn.discount),
        Coins: toPesos(txn.coins),
        Amount: toPesos(txn.amount),
        Refunded: toPesos(txn.refunded),
        Started: localTime(txn.createdAt, school.timeZone),
        Paid: txn.paidAt ? localTime(txn.paidAt, school.timeZone) : '',
      };
    }
    if (rows.length < BATCH) return;
    before = rows.at(-1)!.txn.id;
  }
}
