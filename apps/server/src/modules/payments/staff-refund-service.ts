import type { FastifyInstance } from 'fastify';
import { peso } from '@school/shared/payments/money';
import { toCentavos, toPesos } from '@school/shared/payments/rules';
import { refundMessages as msg, type RefundBody, type StaffPaymentDetail } from '@school/shared/staff/payments';
import { badRequest, DomainError, invalid, notFound } from '../../lib/errors';
import { RefundRefused } from '../../infra/payments/gateway';
import { allowedTo, definePolicy } from '../../lib/policy';
import { recordAudit } from '../audit/service';
import { paymentEnrolments } from '../enrolment/service';
import { recordEvent } from '../events/service';
import type { StaffContext } from '../staff/context';
import { walletLedger } from '../wallet/service';
import { paymentRepository, type TransactionRow } from './repository';
import { staffRefundRepository, type RefundRow } from './staff-refund-repository';

const refundPolicy = definePolicy({ schoolOf: (school: { id: number }) => school.id, verbs: { refund: allowedTo('payment.refund') } });

/** How long a sending of a refund holds it: longer than a gateway's request timeout (PayMongo's 15 s), doubled. */
const SENDING_LEASE_SECONDS = 30;

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
  const cancelling = !orphaned && (await repo.hasCancelling(txn.id));
  const ended = orphaned || cancelling ? null : await repo.endedOrBoughtAgain(txn);
  const cancelRefused = orphaned
    ? msg.boughtNothing
    : cancelling || ended === 'ended'
      ? msg.alreadyCancelled
      : ended === 'bought_again'
        ? msg.boughtAgain
        : (await repo.hasCertificate(txn))
          ? msg.certificateIssued
          : null;
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

  /**
   * Records the refund as asked. The same key again: a refund made (or sent) answers as it is; one still
   * `requested` (the gateway's answer was lost, or the process stopped) is sent again, which every gateway takes
   * once per refund id; one the gateway refused is asked again with its own answers, checked afresh.
   */
  async function request(ctx: StaffContext, found: TransactionRow, body: RefundBody, key: string) {
    return app.db.transaction(async (tx) => {
      const payments = paymentRepository(tx);
      const refunds = staffRefundRepository(tx);
      await payments.lockPayer(found.userId, found);
      const txn = (await payments.lock(ctx.school.id, found.id))!;
      const prior = await refunds.findByKey(txn.id, key);
      if (prior?.state === 'requested') {
        // Sent again: by one request at a time, and not while an earlier sending may still be waiting for the gateway.
        if (!(await refunds.takeSending(prior.id, SENDING_LEASE_SECONDS))) throw new DomainError(409, { detail: msg.stillSending, code: 'refund_sending' });
        return { refund: prior, txn, send: true };
      }
      if (prior && prior.state !== 'failed') return { refund: prior, txn, send: false };
      const asked = prior ? { amount: prior.amount, cancel: prior.cancelsEnrolment } : { amount: toCentavos(body.amount), cancel: body.cancel_enrolment };
      const may = await refundable(refunds, txn, gateway.name);
      if (!may) throw new DomainError(409, { detail: msg.notPaid, code: 'not_paid' });
      if (asked.amount > 0 && may.otherGateway) throw new DomainError(409, { detail: msg.otherGateway, code: 'other_gateway' });
      if (asked.amount > may.left) throw invalid({ amount: msg.tooMuch(peso(toPesos(may.left))) });
      if (asked.cancel && may.cancelRefused) throw invalid({ cancel_enrolment: may.cancelRefused });
      const refund = prior
        ? await refunds.retry(prior.id)
        : await refunds.insert({
            schoolId: txn.schoolId,
            transactionId: txn.id,
            amount: asked.amount,
            reason: body.reason,
            cancelsEnrolment: asked.cancel,
            state: 'requested',
            idempotencyKey: key,
            requestedBy: ctx.actor.userId,
            sendingAt: new Date(),
          });
      await refunds.addRefunded(txn.id, asked.amount);
      return { refund, txn: { ...txn, refunded: txn.refunded + asked.amount }, send: true };
    });
  }

  /** A refund the gateway refused: nothing was given back, so nothing stays counted (once, and only if still requested). */
  async function refused(found: TransactionRow, refund: RefundRow) {
    await app.db.transaction(async (tx) => {
      await paymentRepository(tx).lockPayer(found.userId, found);
      const refunds = staffRefundRepository(tx);
      if (await refunds.refuseRequested(refund.id)) await refunds.addRefunded(refund.transactionId, -refund.amount);
    });
  }

  /**
   * The money is on its way back: the access ends, the coins and voucher use return, the student is told. Once per
   * refund, whoever gets here first (a refund sent again by a retry finds it done).
   */
  async function complete(ctx: StaffContext, txn: TransactionRow, refund: RefundRow, outcome: { state: 'succeeded' | 'pending'; providerRef: string | null }) {
    await app.db.transaction(async (tx) => {
      const payments = paymentRepository(tx);
      await payments.lockPayer(txn.userId, txn);
      const refunds = staffRefundRepository(tx);
      if (!(await refunds.settleRequested(refund.id, outcome))) return;
      // A refund sent again later is checked again: what it bought may have ended or been bought anew since.
      const ends = refund.cancelsEnrolment && (await refunds.endedOrBoughtAgain(txn)) === null;
      if (ends) {
        const enrolments = paymentEnrolments(tx);
        if (txn.bundleEnrollmentId) await enrolments.cancelBundle(txn.bundleEnrollmentId);
        else if (txn.enrollmentId) await enrolments.cancelCourse(txn.enrollmentId);
        await payments.releaseVoucher(txn.id);
        if (txn.coins > 0) {
          const description = `Refund: payment #${txn.id} was refunded`;
          await walletLedger(tx).credit({ userId: txn.userId, amount: txn.coins, reason: 'refund', description, transactionId: txn.id, schoolId: txn.schoolId, onceKey: `refund:${txn.id}` });
        }
      }
      const returned = ends && (txn.coins > 0 || txn.voucherId !== null);
      const data = { refundId: refund.id, amount: refund.amount, cancelled: ends, returned, reason: refund.reason };
      await recordEvent(tx, { schoolId: txn.schoolId, actorId: ctx.actor.userId, type: 'payment.refunded', subjectId: txn.id, data });
      await recordAudit(tx, ctx.audit, {
        action: 'payment.refund',
        subject: { type: 'payment', id: txn.id },
        before: { refunded: toPesos(txn.refunded - refund.amount) },
        after: { refunded: toPesos(txn.refunded), reason: refund.reason, enrolment_ended: ends },
      });
    });
  }

  return {
    async refund(ctx: StaffContext, id: number, body: RefundBody, key: string | undefined) {
      refundPolicy.authorize(ctx.actor, 'refund', ctx.school);
      const found = await paymentRepository(app.db).find(id);
      if (!found || found.schoolId !== ctx.school.id) throw notFound();
      if (!key || !/^[\w-]{8,100}$/.test(key)) throw badRequest(msg.idempotencyKeyRequired, 'idempotency_key_required');
      const { refund, txn, send } = await request(ctx, found, body, key);
      if (!send) return detail(ctx, id);
      let outcome: { state: 'succeeded' | 'pending'; providerRef: string | null } = { state: 'succeeded', providerRef: null };
      if (refund.amount > 0 && txn.gateway === gateway.name) {
        try {
          outcome = await gateway.refund({ providerRef: txn.providerRef ?? txn.reference, refundId: `refund-${refund.id}`, amount: refund.amount, reason: refund.reason });
        } catch (error) {
          app.log.error({ err: error, txn: txn.id, refund: refund.id }, 'the gateway did not make a refund');
          // Refused: nothing went back. No clear answer (a timeout, an outage): it may have, so it stays counted
          // and `requested` until the same refund is sent again.
          if (!(error instanceof RefundRefused)) {
            await staffRefundRepository(app.db).releaseSending(refund.id);
            throw new DomainError(502, { detail: msg.gatewayUnclear, code: 'refund_unclear' });
          }
          await refused(found, refund);
          throw new DomainError(502, { detail: msg.gatewayRefused, code: 'refund_refused' });
        }
      }
      await complete(ctx, txn, refund, outcome);
      return detail(ctx, id);
    },
  };
}
