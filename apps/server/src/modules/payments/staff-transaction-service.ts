import type { FastifyInstance } from 'fastify';
import { processorTypeLabels, toPesos, type PaymentMode, type WaiverMode } from '@school/shared/payments/rules';
import { nextDay, zonedInstant } from '@school/shared/school/dates';
import type { StaffPayment, StaffPaymentDetail, StaffPaymentQuery } from '@school/shared/staff/payments';
import { allowedTo, can, definePolicy } from '../../lib/policy';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { displayName } from '../account/presenter';
import type { StaffContext } from '../staff/context';
import { paymentService } from './service';
import { staffRefundRepository } from './staff-refund-repository';
import { refundable } from './staff-refund-service';
import { staffTransactionRepository, type TransactionFilter } from './staff-transaction-repository';

/** A school's transactions are read by those with payment.read there; another school's do not exist for them. */
const schoolPaymentsPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { read: allowedTo('payment.read'), settle: allowedTo('payment.settle') },
});

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof staffTransactionRepository>['find']>>>;


export function itemName(row: Pick<Row, 'txn' | 'bundle' | 'course' | 'className'>) {
  if (row.txn.contentType === 'bundle') return row.bundle ?? 'A deleted bundle';
  const course = row.course ?? 'A deleted course';
  return row.className ? `${course} (${row.className})` : course;
}

function present(row: Row): StaffPayment {
  const { txn } = row;
  return {
    id: txn.id,
    reference: txn.reference,
    status: txn.status,
    mode: txn.processorType,
    mode_label: processorTypeLabels[txn.processorType as PaymentMode | WaiverMode] ?? txn.processorType,
    channel: txn.processor,
    amount: toPesos(txn.amount),
    pay_later: txn.payLater,
    payer: { id: row.payer.id, name: displayName(row.payer), email: row.payer.email },
    item: { type: txn.contentType, id: txn.contentType === 'bundle' ? txn.bundleId : txn.courseId, name: itemName(row) },
    created_at: txn.createdAt.toISOString(),
    paid_at: txn.paidAt?.toISOString() ?? null,
    may_settle: txn.processorType === 'cash' && txn.status === 'Pending',
    refunded: toPesos(txn.refunded),
    orphaned: row.orphaned,
  };
}

/** The list's filters as the repository takes them: the school's calendar days become instants. */
export function filterOf(query: Omit<StaffPaymentQuery, 'page'>, timeZone: string): TransactionFilter {
  return {
    status: query.status,
    mode: query.mode,
    channel: query.channel,
    courseId: query.course,
    bundleId: query.bundle,
    payerId: query.payer,
    reference: query.reference || undefined,
    from: query.date_from ? zonedInstant(query.date_from, '00:00', timeZone) : undefined,
    before: query.date_to ? zonedInstant(nextDay(query.date_to), '00:00', timeZone) : undefined,
    orphaned: query.orphaned === 'true',
  };
}

/** The console's payments: the school's transactions filtered, one with its history, and cash settled from there. */
export function staffTransactionService(app: FastifyInstance) {
  const repo = staffTransactionRepository(app.db);
  const payments = paymentService(app);

  async function load(ctx: StaffContext, id: number) {
    schoolPaymentsPolicy.authorize(ctx.actor, 'read', ctx.school);
    const row = await repo.find(ctx.school.id, id);
    if (!row) throw notFound();
    return row;
  }

  async function detail(ctx: StaffContext, id: number): Promise<StaffPaymentDetail> {
    const row = await load(ctx, id);
    const { txn } = row;
    const refunds = staffRefundRepository(app.db);
    const [history, callbacks, refundRows, may] = await Promise.all([repo.history(id), repo.callbacks(id), refunds.list(id), refundable(refunds, txn, app.payments.name)]);
    return {
      ...present(row),
      breakdown: { subtotal: toPesos(txn.subtotal), tax: toPesos(txn.tax), fee: toPesos(txn.fee), discount: toPesos(txn.discount), coins: toPesos(txn.coins), amount: toPesos(txn.amount) },
      voucher: row.voucher,
      gateway: txn.gateway,
      provider_ref: txn.providerRef,
      ref_code: txn.refCode,
      expires_at: txn.expiresAt?.toISOString() ?? null,
      events: history.map((e) => ({ type: e.type, at: e.at.toISOString(), actor: e.actor ? displayName(e.actor) : null, reason: typeof e.data.reason === 'string' ? e.data.reason : null })),
      callbacks: callbacks.map((c) => ({ gateway: c.gateway, event_id: c.eventId, outcome: c.outcome, received_at: c.receivedAt.toISOString() })),
      refunds: refundRows.map(({ refund, by }) => ({
        id: refund.id,
        amount: toPesos(refund.amount),
        reason: refund.reason,
        cancels_enrolment: refund.cancelsEnrolment,
        state: refund.state,
        by: by ? displayName(by) : null,
        created_at: refund.createdAt.toISOString(),
      })),
      refundable: may && can(ctx.actor, 'payment.refund') ? { amount: toPesos(may.left), may_cancel: may.cancelRefused === null, cancel_refused: may.cancelRefused } : null,
    };
  }

  return {
    async list(ctx: StaffContext, query: StaffPaymentQuery, perPage: number) {
      schoolPaymentsPolicy.authorize(ctx.actor, 'read', ctx.school);
      const filter = filterOf(query, ctx.school.timeZone);
      const { rows, total } = await repo.page(ctx.school.id, filter, perPage, (query.page - 1) * perPage);
      return pageOf(rows.map(present), total, query.page, perPage);
    },

    detail,

    /** Confirms or declines a payment made at the office, through the payments' own settlement (its lock, audit, events). */
    async settle(ctx: StaffContext, id: number, to: 'Paid' | 'Failed', reason?: string) {
      const row = await load(ctx, id);
      schoolPaymentsPolicy.authorize(ctx.actor, 'settle', ctx.school);
      await payments.settleCash(row.txn, to, ctx.audit, reason);
      return detail(ctx, id);
    },
  };
}
