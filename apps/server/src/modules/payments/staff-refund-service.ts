import type { FastifyInstance } from 'fastify';
import { peso } from '@school/shared/payments/money';
import { toCentavos, toPesos } from '@school/shared/payments/rules';
import { refundMessages as msg, type RefundBody, type StaffPaymentDetail } from '@school/shared/staff/payments';
import { badRequest, DomainError, invalid, notFound } from '../../lib/errors';
import { allowedTo, definePolicy } from '../../lib/policy';
import { recordAudit } from '../audit/service';
import { paymentEnrolments } from '../enrolment/service';
import { recordEvent } from '../events/service';
import type { StaffContext } from '../staff/context';
import { walletLedger } from '../wallet/service';
import { paymentRepository, type TransactionRow } from './repository';
import { staffRefundRepository, type RefundRow } from './staff-refund-repository';

const refundPolicy = definePolicy({ schoolOf: (school: { id: number }) => school.id, verbs: { refund: allowedTo('payment.refund') } });

/** Gateways the money goes back through by hand: the school's office (cash), or none when nothing was paid. */
const BY_HAND = ['cash', 'none'];

/**
 * What a refund of the transaction may do now (read under the payer's lock when it is made): how much money is
 * left to give back, and whether it may end the enrolment (or why not).
 */
export async function refundable(repo: ReturnType<typeof staffRefundRepository>, txn: TransactionRow, gatewayName: string) {
  // Money that arrived after its attempt had ended bought nothing: it is given back, there is nothing to end.
  const orphaned = txn.status === 'Failed' && (await repo.isOrphaned(txn.id));
  if (txn.status !== 'Paid' && !orphaned) return null;
  const left = txn.amount - txn.refunded;
  const cancelRefused = orphaned ? msg.boughtNothing : (await repo.hasCancelling(txn.id)) ? msg.alreadyCancelled : (await repo.hasCertificate(txn)) ? msg.certificateIssued : null;
  const moneyGoesBack = BY_HAND.includes(txn.gateway) || txn.gateway === gatewayName;
  return { left: moneyGoesBack ? left : 0, cancelRefused, otherGateway: !moneyGoesBack };
}

/**
 * Refunds (issue 23): money given back on a paid transaction, partly or wholly, through the gateway it was paid
 * by (or by hand for cash), and the access it bought ended with the coins and voucher use given back. Never
 * twice: the request's Idempotency-Key finds the first one, and every refund is recorded under the payer's lock
 * with the transaction's refunded amount, which its check keeps within what was paid. The gateway is asked
 * between two database transactions, as a payment's checkout is: a refusal undoes the first.
 */
export function staffRefundService(app: FastifyInstance, detail: (ctx: StaffContext, id: number) => Promise<StaffPaymentDetail>) {
  const gateway = app.payments;

  /** Records the refund as asked, or answers the one this key already made. */
  async function request(ctx: StaffContext, found: TransactionRow, body: RefundBody, key: string) {
    const amount = toCentavos(body.amount);
    return app.db.transaction(async (tx) => {
      const payments = paymentRepository(tx);
      const refunds = staffRefundRepository(tx);
      await payments.lockPayer(found.userId, found);
      const txn = (await payments.lock(ctx.school.id, found.id))!;
      const prior = await refunds.findByKey(txn.id, key);
      if (prior) return { refund: prior, txn, fresh: false };
      const may = await refundable(refunds, txn, gateway.name);
      if (!may) throw badRequest(msg.notPaid, 'not_paid');
      if (amount > 0 && may.otherGateway) throw new DomainError(409, { detail: msg.otherGateway, code: 'other_gateway' });
      if (amount > may.left) throw invalid({ amount: msg.tooMuch(peso(toPesos(may.left))) });
      if (body.cancel_enrolment && may.cancelRefused) throw invalid({ cancel_enrolment: may.cancelRefused });
      const refund = await refunds.insert({
        schoolId: txn.schoolId,
        transactionId: txn.id,
        amount,
        reason: body.reason,
        cancelsEnrolment: body.cancel_enrolment,
        state: 'requested',
        idempotencyKey: key,
        requestedBy: ctx.actor.userId,
      });
      await refunds.addRefunded(txn.id, amount);
      return { refund, txn, fresh: true };
    });
  }

  /** A refund the gateway refused: nothing was given back, so nothing stays counted. */
  async function refused(found: TransactionRow, refund: RefundRow) {
    await app.db.transaction(async (tx) => {
      await paymentRepository(tx).lockPayer(found.userId, found);
      const refunds = staffRefundRepository(tx);
      await refunds.settle(refund.id, { state: 'failed', providerRef: null });
      await refunds.addRefunded(refund.transactionId, -refund.amount);
    });
  }

  /** The money is on its way back: the access ends, the coins and voucher use return, the student is told. */
  async function complete(ctx: StaffContext, txn: TransactionRow, refund: RefundRow, outcome: { state: 'succeeded' | 'pending'; providerRef: string | null }) {
    await app.db.transaction(async (tx) => {
      const payments = paymentRepository(tx);
      await payments.lockPayer(txn.userId, txn);
      await staffRefundRepository(tx).settle(refund.id, outcome);
      if (refund.cancelsEnrolment) {
        const enrolments = paymentEnrolments(tx);
        if (txn.bundleEnrollmentId) await enrolments.cancelBundle(txn.bundleEnrollmentId);
        else if (txn.enrollmentId) await enrolments.cancelCourse(txn.enrollmentId);
        await payments.releaseVoucher(txn.id);
        if (txn.coins > 0) {
          const description = `Refund: payment #${txn.id} was refunded`;
          await walletLedger(tx).credit({ userId: txn.userId, amount: txn.coins, reason: 'refund', description, transactionId: txn.id, schoolId: txn.schoolId, onceKey: `refund:${txn.id}` });
        }
      }
      const data = { refundId: refund.id, amount: refund.amount, cancelled: refund.cancelsEnrolment, reason: refund.reason };
      await recordEvent(tx, { schoolId: txn.schoolId, actorId: ctx.actor.userId, type: 'payment.refunded', subjectId: txn.id, data });
      await recordAudit(tx, ctx.audit, {
        action: 'payment.refund',
        subject: { type: 'payment', id: txn.id },
        before: { refunded: toPesos(txn.refunded - refund.amount) },
        after: { refunded: toPesos(txn.refunded), reason: refund.reason, enrolment_ended: refund.cancelsEnrolment },
      });
    });
  }

  return {
    async refund(ctx: StaffContext, id: number, body: RefundBody, key: string | undefined) {
      refundPolicy.authorize(ctx.actor, 'refund', ctx.school);
      const found = await paymentRepository(app.db).find(id);
      if (!found || found.schoolId !== ctx.school.id) throw notFound();
      if (!key || !/^[\w-]{8,100}$/.test(key)) throw badRequest(msg.idempotencyKeyRequired, 'idempotency_key_required');
      const { refund, txn, fresh } = await request(ctx, found, body, key);
      if (!fresh) return detail(ctx, id);
      let outcome: { state: 'succeeded' | 'pending'; providerRef: string | null } = { state: 'succeeded', providerRef: null };
      if (refund.amount > 0 && txn.gateway === gateway.name) {
        try {
          outcome = await gateway.refund({ providerRef: txn.providerRef ?? txn.reference, refundId: `refund-${refund.id}`, amount: refund.amount, reason: refund.reason });
        } catch (error) {
          app.log.error({ err: error, txn: txn.id, refund: refund.id }, 'the gateway refused a refund');
          await refused(found, refund);
          throw new DomainError(502, { detail: msg.gatewayRefused, code: 'refund_refused' });
        }
      }
      await complete(ctx, { ...txn, refunded: txn.refunded + refund.amount }, refund, outcome);
      return detail(ctx, id);
    },
  };
}
