import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { enrolmentMessages, isPaid, priceBreakdown } from '@school/shared/catalogue/rules';
import {
  enrolmentStatusFor,
  isChannelMode,
  isOpen,
  mayMove,
  paymentBreakdown,
  paymentMessages as msg,
  toCentavos,
  type Breakdown,
  type Coupon,
  type PaymentMode,
  type TransactionStatus,
} from '@school/shared/payments/rules';
import type { ContentType, feesBodySchema, processBodySchema } from '@school/shared/payments/schemas';
import type { Db, Tx } from '../../db/client';
import { CallbackRefused } from '../../infra/payments/gateway';
import { badRequest, DomainError, invalid, notFound } from '../../lib/errors';
import type { SignedInActor } from '../auth/actor';
import type { Actor } from '../../lib/policy';
import { recordAudit, type AuditContext } from '../audit/service';
import { bundlePolicy, coursePolicy } from '../catalogue/policy';
import { catalogueService } from '../catalogue/service';
import { enrolmentService, paymentEnrolments } from '../enrolment/service';
import { requestCertificate } from '../certificates/service';
import { recordEvent } from '../events/service';
import type { SchoolRow } from '../tenancy/repository';
import { schoolUrl } from '../tenancy/resolve-domain';
import { walletLedger, walletService } from '../wallet/service';
import { transactionPolicy } from './policy';
import { paymentRepository, type TransactionRow, type VoucherRow } from './repository';

type FeesBody = z.output<typeof feesBodySchema>;
type ProcessBody = z.output<typeof processBodySchema>;

/** What is being bought, with its price in centavos and the modes it may be paid by. */
interface Item {
  schoolId: number;
  contentType: ContentType;
  courseId: number | null;
  classId: number | null;
  bundleId: number | null;
  price: number;
  modes: string[];
  name: string;
}

/** How long a retry waits for the first request's checkout before answering 409. */
const REPLAY_WAIT_MS = 15_000;
/**
 * After this a `notpaid` payment still without its checkout was abandoned: twice the gateway's own request
 * timeout (PayMongo's 15 s), so that the call opening it has surely ended.
 */
const CHECKOUT_START_MS = 30_000;
/** How many pending payments one list answers (one a course or bundle: far more than anybody has). */
const PENDING_LIST_MAX = 50;
/** A hosted checkout left alone fails after a day (and one whose creation was cut short, with it). */
const CHECKOUT_TTL_MS = 24 * 3_600_000;

const gatewayRefused = () => new DomainError(502, { detail: msg.gatewayFailed });
const alreadyEnrolled = () => badRequest(enrolmentMessages.alreadyEnrolled, 'already_enrolled');
const alreadyPaid = () => badRequest(msg.alreadyPaid, 'payment_already_paid');
const stillStarting = () => new DomainError(409, { detail: msg.cancelTooSoon, code: 'payment_starting' });
const couponOf = (v: VoucherRow): Coupon => ({ type: v.type, value: v.value });
const outcomeStatus = { paid: 'Paid', failed: 'Failed', pending: 'Pending' } as const satisfies Record<string, TransactionStatus>;
const hashOf = (body: ProcessBody) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(body).filter(([, v]) => v !== undefined && v !== null && v !== '').sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex');

/**
 * Payments (spec 3): the server's own breakdown of every amount, vouchers and coins taken under locks, the
 * gateway behind `app.payments`, and a transaction whose status only moves forward with its enrolment following
 * it in the same database transaction.
 */
export function paymentService(app: FastifyInstance) {
  const repo = paymentRepository(app.db);
  const catalogue = catalogueService(app);
  const enrolment = enrolmentService(app);
  const wallets = walletService(app);
  const gateway = app.payments;

  /** The item of this school the caller may see (the payment page's reads; the gates come with `process`). */
  async function findItem(actor: Actor, school: SchoolRow, contentType: ContentType, id: number): Promise<Item> {
    if (contentType === 'bundle') {
      const found = await catalogue.findBundle(school.id, id);
      if (!found) throw notFound();
      bundlePolicy.authorize(actor, 'view', found.bundle);
      const b = found.bundle;
      return { schoolId: school.id, contentType, courseId: null, classId: null, bundleId: b.id, price: b.price, modes: b.modeOfPayment, name: b.name };
    }
    const cls = contentType === 'class' ? await enrolment.courseOfClass(school, id) : null;
    if (contentType === 'class' && !cls) throw notFound();
    const found = await catalogue.findCourse(school.id, cls ? cls.courseId : id);
    if (!found) throw notFound();
    coursePolicy.authorize(actor, 'view', found.course);
    const c = found.course;
    return { schoolId: school.id, contentType, courseId: c.id, classId: cls?.id ?? null, bundleId: null, price: cls ? cls.fee : c.fee, modes: c.modeOfPayment, name: c.name };
  }

  /**
   * The voucher if it may be used on this item by this user now; otherwise its refusal. Uses held by the
   * attempts this payment replaces count as free (they are given back when it is made).
   */
  async function findVoucher(school: SchoolRow, code: string, item: Item, userId: number, replaced: TransactionRow[] = []) {
    const v = await repo.findVoucher(school.id, code.trim());
    const now = new Date();
    const fits = v && v.isActive && (v.courseId === null || v.courseId === item.courseId) && (v.bundleId === null || v.bundleId === item.bundleId);
    if (!v || !fits) throw badRequest(msg.voucherInvalid);
    if (v.startsAt && v.startsAt > now) throw badRequest(msg.voucherNotStarted);
    if (v.endsAt && v.endsAt < now) throw badRequest(msg.voucherExpired);
    const releasing = replaced.filter((r) => r.voucherId === v.id).length;
    if (v.usageLimit !== null && v.usedCount - releasing >= v.usageLimit) throw badRequest(msg.voucherUsedUp);
    if ((await repo.countRedemptions(v.id, userId)) - releasing >= v.perUserLimit) throw badRequest(msg.voucherUserLimit);
    return v;
  }

  /** A refusal about a field becomes that field's error, as the page shows it under the input. */
  const asField = async <T>(field: string, run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DomainError && typeof error.body.detail === 'string') throw invalid({ [field]: error.body.detail });
      throw error;
    }
  };

  /** The server's breakdown: the same shared function the page runs, on the server's own figures. */
  async function breakdownFor(
    actor: SignedInActor,
    school: SchoolRow,
    item: Item,
    input: { voucherCode?: string; coins: number; mode: PaymentMode | null; channelCode: string | null; replaced?: TransactionRow[] },
  ) {
    const replaced = input.replaced ?? [];
    const voucher = input.voucherCode ? await asField('voucher_code', () => findVoucher(school, input.voucherCode!, item, actor.userId, replaced)) : null;
    if (input.coins > 0 && !school.products.apt_coins) throw invalid({ coins: msg.coinsNotEnabled });
    // Coins held by the attempts this one replaces come back when it is made.
    const balance = input.coins > 0 ? (await wallets.balance(actor.userId)) + replaced.reduce((sum, r) => sum + r.coins, 0) : 0;
    const channelFee = input.mode && input.mode !== 'cash' ? gateway.channelFee(input.mode, input.channelCode) : null;
    if (input.mode && input.mode !== 'cash' && !channelFee) throw invalid({ channel_code: msg.channelRequired });
    const { subtotal, tax } = priceBreakdown(item.price);
    return { voucher, breakdown: paymentBreakdown({ subtotal, tax, coupon: voucher ? couponOf(voucher) : null, coins: input.coins, balance, channelFee }) };
  }

  /** The mode a fee request's channel belongs to ('cash', 'card' or a channel of the gateway's lists). */
  function modeOfChannel(channelCode: string, gatewayName: string): PaymentMode | null {
    if (!channelCode) return null;
    if (channelCode === 'cash') return 'cash';
    if (gatewayName !== gateway.name) throw invalid({ gateway: msg.channelRequired });
    if (channelCode === 'card') return 'card';
    const channels = gateway.channels();
    const mode = (['online_bank', 'otc_bank', 'otc_nonbank', 'ewallet'] as const).find((m) => channels[m].some((c) => c.value === channelCode));
    if (!mode) throw invalid({ channel_code: msg.channelRequired });
    return mode;
  }

  /**
   * Moves a transaction forward and its enrolment with it, in the caller's transaction. A failure gives back the
   * voucher use and the coins and undoes what the attempt enrolled (a pay-later enrolment returns to pay later);
   * `replaced` keeps the enrolment for the attempt that replaces this one; `cancelled` is the payer's own doing,
   * recorded as such and told to nobody.
   */
  async function moveTo(tx: Tx, txn: TransactionRow, to: TransactionStatus, options: { replaced?: boolean; cancelled?: boolean; actorId?: number; reason?: string } = {}) {
    if (!mayMove(txn.status, to)) return txn;
    const r = paymentRepository(tx);
    const enrol = paymentEnrolments(tx);
    const row = await r.update(txn.schoolId, txn.id, { status: to, ...(to === 'Paid' ? { paidAt: new Date() } : {}) });
    if (to === 'Failed') {
      await r.releaseVoucher(txn.id);
      if (txn.coins > 0) {
        await walletLedger(tx).credit({ userId: txn.userId, amount: txn.coins, reason: 'refund', description: `Refund: payment #${txn.id} did not go through`, transactionId: txn.id, schoolId: txn.schoolId });
      }
      if (!options.replaced && !txn.payLater) {
        if (txn.bundleEnrollmentId) await enrol.removeBundleAwaiting(txn.bundleEnrollmentId);
        else if (txn.enrollmentId) await enrol.removeCourseAwaiting(txn.enrollmentId);
      }
    } else {
      const status = enrolmentStatusFor(to, txn.payLater);
      if (txn.bundleEnrollmentId) await enrol.setBundleStatus(txn.bundleEnrollmentId, status);
      else if (txn.enrollmentId) await enrol.setCourseStatus(txn.enrollmentId, status);
      // A pay-later enrolment finished before it was paid gets its certificate now.
      if (to === 'Paid' && txn.payLater && txn.enrollmentId) await requestCertificate(app, tx, txn.enrollmentId);
    }
    const type = options.cancelled ? 'payment.cancelled' : ({ Paid: 'payment.paid', Failed: 'payment.failed', Pending: 'payment.pending', notpaid: 'payment.created' } as const)[to];
    await recordEvent(tx, { schoolId: txn.schoolId, actorId: options.actorId ?? txn.userId, type, subjectId: txn.id, data: { from: txn.status, amount: txn.amount, replaced: options.replaced ?? false, ...(options.reason ? { reason: options.reason } : {}) } });
    return row;
  }

  /**
   * One transaction moved forward in its own database transaction, under its payer's lock for the item; a
   * payment the platform gives up on is closed at the gateway too (after the commit, best effort). `check` sees
   * the row as read under its lock and throws to refuse the move; `by` is the staff member who moved it, named
   * in its event and in the audit log. `found` is the row as read before (its school and payer name the locks).
   */
  async function move(found: Pick<TransactionRow, 'id' | 'schoolId' | 'userId' | 'courseId' | 'bundleId'>, to: TransactionStatus, options: { cancelAtGateway?: boolean; cancelled?: boolean; check?: (txn: TransactionRow) => void; by?: AuditContext; reason?: string } = {}) {
    const moved = await app.db.transaction(async (tx) => {
      const r = paymentRepository(tx);
      await r.lockPayer(found.userId, found);
      const txn = await r.lock(found.schoolId, found.id);
      if (!txn) return undefined;
      options.check?.(txn);
      const moved = await moveTo(tx, txn, to, { cancelled: options.cancelled, actorId: options.by?.actorId, reason: options.reason });
      if (options.by) {
        const after = options.reason ? { status: moved.status, reason: options.reason } : { status: moved.status };
        await recordAudit(tx, options.by, { action: 'payment.settle', subject: { type: 'payment', id: txn.id }, before: { status: txn.status }, after });
      }
      return moved;
    });
    if (options.cancelAtGateway && moved?.status === 'Failed') await cancelAtGateway([moved]);
    return moved;
  }

  async function cancelAtGateway(rows: TransactionRow[]) {
    for (const row of rows) {
      if (row.gateway !== gateway.name || !row.providerRef) continue;
      await gateway.cancelCheckout(row.providerRef).catch((error: unknown) => app.log.warn({ err: error, txn: row.id }, 'the gateway did not close a replaced or lapsed checkout'));
    }
  }

  /**
   * Closes the payer's checkout or code at the gateway before the payment is given up, so that it can no longer
   * be paid; refuses when the money was taken first (its callback will settle the payment).
   */
  async function closeForCancel(txn: TransactionRow) {
    if (txn.gateway !== gateway.name) return;
    if (!txn.providerRef) {
      // The first request may still be opening the checkout; one that never got it gave it to nobody.
      if (txn.status === 'notpaid' && Date.now() - txn.createdAt.getTime() < CHECKOUT_START_MS) throw stillStarting();
      return;
    }
    let closed: 'closed' | 'paid';
    try {
      closed = await gateway.cancelCheckout(txn.providerRef);
    } catch (error) {
      app.log.error({ err: error, txn: txn.id }, 'the gateway did not cancel a checkout for its payer');
      throw new DomainError(502, { detail: msg.cancelGatewayFailed });
    }
    if (closed === 'paid') throw alreadyPaid();
  }

  /** A lapsed over-the-counter code fails when it is next looked at, whether or not the hourly sweep got to it. */
  async function settleExpiry(txn: TransactionRow) {
    if (!txn.expiresAt || txn.expiresAt > new Date() || !mayMove(txn.status, 'Failed')) return txn;
    return (await move(txn, 'Failed', { cancelAtGateway: true })) ?? txn;
  }

  /**
   * The caller's open attempts for the item: a pending one (money on its way) stops a new attempt; the others
   * will be replaced by it, so their voucher uses and coins count as free again.
   */
  async function openAttempts(userId: number, item: Item, locked: { tx: Db; except: number } | null = null) {
    const r = locked ? paymentRepository(locked.tx) : repo;
    const open = [...(await r.openFor(userId, item, Boolean(locked)))];
    if (item.bundleId) {
      const members = await paymentEnrolments(locked?.tx ?? app.db).bundleMembers(item.schoolId, item.bundleId);
      open.push(...(await r.openForCourses(userId, members, Boolean(locked))));
    }
    const others = open.filter((o) => o.id !== locked?.except);
    if (others.some((o) => o.status === 'Pending')) throw badRequest(msg.paymentPending, 'payment_pending');
    return others;
  }

  /** The checks of `process` before anything is written: the item, the gates, the amounts, the mode. */
  async function prepare(actor: SignedInActor, school: SchoolRow, body: ProcessBody) {
    const item = await findItem(actor, school, body.content_type, body.object_id);
    if (item.price === 0) throw badRequest(msg.freeItem);
    const enrol = paymentEnrolments(app.db);
    if (item.bundleId) {
      await enrolment.checkBundle(actor, school, { bundle: item.bundleId, compliance_period: body.compliance_period });
      const existing = await enrol.findBundle(actor.userId, item.bundleId);
      if (existing && isPaid(existing.status)) throw alreadyEnrolled();
    } else {
      const existing = await enrol.findCourse(actor.userId, item.courseId!);
      if (existing && isPaid(existing.status)) throw alreadyEnrolled();
      // A pay-later enrolment is paid at its own class's price, with the period chosen when it was made.
      if (existing?.status === 'pay_later' && existing.classId !== item.classId) throw invalid({ class: msg.otherClass });
      await enrolment.checkCourse(actor, school, { course: item.courseId!, class: item.classId, compliance_period: body.compliance_period }, existing?.status !== 'pay_later');
    }
    const replaced = await openAttempts(actor.userId, item);
    const coins = body.coins ? toCentavos(body.coins) : 0;
    const input = { voucherCode: body.voucher_code, coins, replaced };
    const waiverOnly = await breakdownFor(actor, school, item, { ...input, mode: null, channelCode: null });
    if (waiverOnly.breakdown.waivedBy) return { item, voucher: waiverOnly.voucher, breakdown: waiverOnly.breakdown, mode: null, channelCode: null };
    const mode = body.processor_type;
    if (!mode) throw invalid({ processor_type: msg.modeRequired });
    if (!item.modes.includes(mode)) throw invalid({ processor_type: msg.modeNotOffered });
    if (mode !== 'cash' && body.gateway !== undefined && body.gateway !== gateway.name) throw invalid({ gateway: msg.channelRequired });
    const channelCode = mode === 'cash' ? 'cash' : mode === 'card' ? 'card' : (body.channel_code ?? '');
    if (isChannelMode(mode) && !channelCode) throw invalid({ channel_code: msg.channelRequired });
    const charged = await breakdownFor(actor, school, item, { ...input, mode, channelCode });
    return { item, voucher: charged.voucher, breakdown: charged.breakdown, mode, channelCode };
  }

  /**
   * The first answer again for a retried request; the same key with another request is refused. A retry that
   * arrives while the first request is still talking to the gateway waits for its answer.
   */
  async function replay(found: TransactionRow | undefined, hash: string) {
    if (!found) throw notFound();
    if (found.requestHash !== hash) throw badRequest(msg.idempotencyKeyReused, 'idempotency_key_reused');
    let txn = found;
    for (let waited = 0; txn.status === 'notpaid' && !txn.checkoutUrl && waited < REPLAY_WAIT_MS; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      txn = (await repo.find(txn.id)) ?? txn;
    }
    if (txn.status === 'notpaid' && !txn.checkoutUrl) throw new DomainError(409, { detail: msg.idempotencyKeyInFlight });
    if (txn.status === 'Failed' && txn.gateway === gateway.name && !txn.providerRef) {
      // No checkout was opened: either its payer cancelled it before the gateway answered, or the gateway refused.
      if (await repo.wasCancelled(txn.id)) throw new DomainError(409, { detail: msg.cancelled, code: 'payment_cancelled' });
      throw gatewayRefused();
    }
    return txn;
  }

  const callbackUrl = () => {
    const base = app.config.PAYMENT_CALLBACK_BASE_URL ?? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return `${base.replace(/\/$/, '')}/api/v1/payment/callback/${gateway.name}/`;
  };

  /**
   * Writes the transaction, the voucher use, the coins and the enrolment together, or nothing; answers it with
   * the attempts it replaced (to close at the gateway once committed).
   */
  async function record(actor: SignedInActor, school: SchoolRow, body: ProcessBody, key: string, hash: string, plan: Awaited<ReturnType<typeof prepare>>) {
    const { item, voucher, breakdown: b, mode } = plan;
    const status: TransactionStatus = b.waivedBy ? 'Paid' : mode === 'cash' ? 'Pending' : 'notpaid';
    return app.db.transaction(async (tx) => {
      const r = paymentRepository(tx);
      const enrol = paymentEnrolments(tx);
      // Locks in one order everywhere: the payer's item, transactions, enrolment, voucher, wallet.
      await r.lockPayer(actor.userId, item);
      const row = await r.insert({
        schoolId: school.id,
        userId: actor.userId,
        contentType: item.contentType,
        courseId: item.courseId,
        classId: item.classId,
        bundleId: item.bundleId,
        compliancePeriodId: school.products.mcle ? (body.compliance_period ?? null) : null,
        status,
        subtotal: b.subtotal,
        tax: b.tax,
        fee: b.fee,
        discount: b.discount,
        coins: b.coins,
        amount: b.amount,
        processorType: b.waivedBy ?? mode!,
        processor: mode && mode !== 'cash' ? gateway.channelName(mode, plan.channelCode) : null,
        channelCode: plan.channelCode,
        gateway: b.waivedBy ? 'none' : mode === 'cash' ? 'cash' : gateway.name,
        voucherId: voucher?.id ?? null,
        reference: randomBytes(18).toString('base64url'),
        idempotencyKey: key,
        requestHash: hash,
        paidAt: status === 'Paid' ? new Date() : null,
        expiresAt: status === 'notpaid' ? new Date(Date.now() + CHECKOUT_TTL_MS) : null,
      });
      if (!row) return null;

      // A newer attempt replaces the caller's open ones for the item (and, for a bundle, for its courses).
      const replaced = await openAttempts(actor.userId, item, { tx, except: row.id });
      for (const old of replaced) await moveTo(tx, old, 'Failed', { replaced: true });
      const existing = item.bundleId ? await enrol.lockBundle(actor.userId, item.bundleId) : await enrol.lockCourse(actor.userId, item.courseId!);
      if (existing && isPaid(existing.status)) throw alreadyEnrolled();
      const payLater = existing?.status === 'pay_later';
      if (payLater && 'classId' in existing && existing.classId !== item.classId) throw invalid({ class: msg.otherClass });

      if (voucher) {
        if (!(await r.takeVoucherUse(voucher.id))) throw invalid({ voucher_code: msg.voucherUsedUp });
        // The voucher's row is locked by the use just taken: this count sees every earlier use by the user.
        if ((await r.countRedemptions(voucher.id, actor.userId)) >= voucher.perUserLimit) throw invalid({ voucher_code: msg.voucherUserLimit });
        await r.addRedemption({ voucherId: voucher.id, userId: actor.userId, transactionId: row.id });
      }
      if (b.coins > 0) await walletLedger(tx).debit({ userId: actor.userId, amount: b.coins, description: `Payment #${row.id}: ${item.name}`, transactionId: row.id, schoolId: school.id, bundleId: item.bundleId });

      const enrolmentStatus = enrolmentStatusFor(status, payLater);
      const links: { enrollmentId?: number; bundleEnrollmentId?: number } = {};
      if (existing) {
        if (item.bundleId) await enrol.setBundleStatus(existing.id, enrolmentStatus);
        // An unpaid enrolment takes the class now being paid for.
        else await enrol.setCourseStatus(existing.id, enrolmentStatus, item.classId);
        links[item.bundleId ? 'bundleEnrollmentId' : 'enrollmentId'] = existing.id;
      } else if (item.bundleId) {
        const made = await enrol.enrolBundle({ userId: actor.userId, schoolId: school.id, bundleId: item.bundleId, compliancePeriodId: row.compliancePeriodId, status: enrolmentStatus });
        if (!made) throw alreadyEnrolled();
        links.bundleEnrollmentId = made.id;
        await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'enrolment.bundle', subjectId: made.id, data: { bundleId: item.bundleId, status: enrolmentStatus } });
      } else {
        const made = await enrol.enrolCourse({ userId: actor.userId, schoolId: school.id, courseId: item.courseId!, classId: item.classId, compliancePeriodId: row.compliancePeriodId, status: enrolmentStatus, startDate: null });
        if (!made) throw alreadyEnrolled();
        links.enrollmentId = made.id;
        await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'enrolment.course', subjectId: made.id, data: { courseId: item.courseId, classId: item.classId, status: enrolmentStatus } });
      }
      await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: status === 'Paid' ? 'payment.paid' : 'payment.created', subjectId: row.id, data: { amount: b.amount, mode: row.processorType } });
      return { txn: await r.update(row.schoolId, row.id, { ...links, payLater }), replaced };
    });
  }

  return {
    findItem,

    channels: async (actor: Actor, school: SchoolRow, contentType: ContentType, id: number) => {
      await findItem(actor, school, contentType, id);
      return gateway.channels();
    },

    async fees(actor: SignedInActor, school: SchoolRow, body: FeesBody): Promise<Breakdown> {
      const item = await findItem(actor, school, body.content_type, body.object_id);
      const mode = modeOfChannel(body.channel_code, body.gateway);
      const coins = body.coins ? toCentavos(body.coins) : 0;
      return (await breakdownFor(actor, school, item, { voucherCode: body.voucher_code || undefined, coins, mode, channelCode: body.channel_code })).breakdown;
    },

    async voucher(actor: SignedInActor, school: SchoolRow, code: string, contentType: 'course' | 'bundle', id: number) {
      const item = await findItem(actor, school, contentType, id);
      return findVoucher(school, code, item, actor.userId);
    },

    /** How many coins would apply (capped at the balance and the price); spending happens with the payment. */
    async applyCoins(actor: SignedInActor, school: SchoolRow, contentType: 'course' | 'bundle', id: number, coins: number) {
      const item = await findItem(actor, school, contentType, id);
      if (!school.products.apt_coins) throw badRequest(msg.coinsNotEnabled);
      if (coins <= 0) throw invalid({ coins: msg.coinsPositive });
      const balance = await wallets.balance(actor.userId);
      if (balance <= 0) throw invalid({ coins: msg.coinsNotEnough });
      return Math.min(coins, balance, item.price);
    },

    async process(actor: SignedInActor, school: SchoolRow, body: ProcessBody, key: string | undefined) {
      if (!key || !/^[\w-]{8,100}$/.test(key)) throw badRequest(msg.idempotencyKeyRequired, 'idempotency_key_required');
      const hash = hashOf(body);
      const prior = await repo.findByKey(actor.userId, key);
      if (prior) return await replay(prior, hash);
      const plan = await prepare(actor, school, body);
      const recorded = await record(actor, school, body, key, hash, plan);
      if (!recorded) return await replay(await repo.findByKey(actor.userId, key), hash);
      await cancelAtGateway(recorded.replaced);
      const { txn } = recorded;
      if (txn.status !== 'notpaid') return txn;

      const item = await repo.itemOf(txn);
      try {
        const checkout = await gateway.createCheckout({
          reference: txn.reference,
          amount: txn.amount,
          description: item?.name ?? plan.item.name,
          merchant: school.name,
          mode: plan.mode!,
          channelCode: txn.channelCode,
          channelName: txn.processor,
          callbackUrl: callbackUrl(),
          returnUrl: schoolUrl(app.config.SCHOOL_URL_TEMPLATE, school, `/api/v1/payment/return/${txn.reference}/`),
        });
        const opened =
          checkout.kind === 'redirect'
            ? { providerRef: checkout.providerRef, checkoutUrl: checkout.url }
            : { providerRef: checkout.providerRef, checkoutUrl: checkout.counterUrl, refCode: checkout.refCode, expiresAt: checkout.expiresAt };
        // Written only onto a payment still waiting for it: cancelled meanwhile (the call was slow), the checkout
        // is closed at once, so nobody can pay it, and the payer hears that the payment failed.
        const row = await repo.updateWhile(txn.id, 'notpaid', opened);
        if (!row) {
          await cancelAtGateway([{ ...txn, providerRef: checkout.providerRef }]);
          return (await repo.find(txn.id))!;
        }
        return checkout.kind === 'redirect' ? row : (await move(txn, 'Pending'))!;
      } catch (error) {
        app.log.error({ err: error, txn: txn.id }, 'the gateway refused to start a payment');
        await move(txn, 'Failed');
        throw gatewayRefused();
      }
    },

    /** The caller's own transaction of this school (404 otherwise), with a lapsed code failed on the way. */
    async mine(actor: SignedInActor, id: number) {
      const txn = await repo.find(id);
      if (!txn) throw notFound();
      transactionPolicy.authorize(actor, 'view', txn);
      return settleExpiry(txn);
    },

    itemOf: (txn: TransactionRow) => repo.itemOf(txn),
    refundsOf: (txn: TransactionRow) => repo.refundsOf(txn.id),

    /** The caller's payments at this school that have not gone through, newest first; lapsed ones fail on the way. */
    async pending(actor: SignedInActor, school: SchoolRow) {
      const open = [];
      for (const row of await repo.listOpen(actor.userId, school.id, PENDING_LIST_MAX)) {
        const txn = await settleExpiry(row);
        const { status } = txn;
        if (!isOpen(status)) continue;
        const item = await repo.itemOf(txn);
        if (!item) continue;
        const courseIds = txn.bundleId ? await paymentEnrolments(app.db).bundleMembers(txn.schoolId, txn.bundleId) : [txn.courseId!];
        open.push({ txn, status, item, courseIds });
      }
      return open;
    },

    /**
     * The payer gives up a payment that has not gone through (DECISIONS.md): closed at the gateway first, then
     * failed under the payer's lock like a lapsed one (voucher use and coins back, the enrolment it made undone).
     * Cancelling again answers the same; a payment already made is refused.
     */
    async cancel(actor: SignedInActor, id: number) {
      const found = await repo.find(id);
      if (!found) throw notFound();
      transactionPolicy.authorize(actor, 'cancel', found);
      if (found.status === 'Paid') throw alreadyPaid();
      if (found.status === 'Failed') return found;
      await closeForCancel(found);
      // Paid while the gateway was being asked (a cash payment confirmed by the school, say): refused, as above.
      // A checkout opened since the row was read was not closed above: the payer asks again.
      const check = (row: TransactionRow) => {
        if (row.status === 'Paid') throw alreadyPaid();
        if (row.providerRef !== found.providerRef) throw stillStarting();
      };
      return (await move(found, 'Failed', { cancelled: true, check }))!;
    },

    schoolName: (id: number) => repo.schoolName(id),

    /** Where the payer lands after a hosted checkout: the item's page with its result code (spec 3 §2). */
    async returning(school: SchoolRow, reference: string) {
      const txn = await repo.findByReference(reference);
      if (!txn || txn.schoolId !== school.id) throw notFound();
      return { txn, item: await repo.itemOf(txn) };
    },

    /** A gateway's signed callback: verified, applied once per event id, forward only. */
    async callback(gatewayName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
      if (gatewayName !== gateway.name) throw notFound();
      let event;
      try {
        event = gateway.parseCallback(rawBody, headers);
      } catch (error) {
        if (error instanceof CallbackRefused) throw new DomainError(401, { detail: 'Invalid signature.' });
        throw error;
      }
      if (!event) return;
      const { eventId, reference, outcome } = event;
      const found = await repo.findByReference(reference);
      await app.db.transaction(async (tx) => {
        const r = paymentRepository(tx);
        if (found) await r.lockPayer(found.userId, found);
        const txn = found ? await r.lock(found.schoolId, found.id) : undefined;
        const fresh = await r.recordCallback({ gateway: gatewayName, eventId, transactionId: txn?.id ?? null, outcome });
        if (!fresh || !txn) return;
        const to = outcomeStatus[outcome];
        if (!mayMove(txn.status, to)) {
          if (to === 'Paid') app.log.warn({ txn: txn.id, status: txn.status }, 'money arrived for a payment that had already ended: refund it at the gateway');
          // Money for an attempt that failed (replaced or lapsed): its school's administrators are told, and the
          // event is what a staff payments list shows.
          if (to === 'Paid' && txn.status === 'Failed') {
            await recordEvent(tx, { schoolId: txn.schoolId, actorId: null, type: 'payment.orphaned', subjectId: txn.id, data: { gateway: gatewayName, eventId, amount: txn.amount } });
          }
          return;
        }
        await moveTo(tx, txn, to);
      });
    },

    /** Staff settle a payment made at the school's office (spec 3: cash stays pending until then). */
    async settleCash(txn: TransactionRow, to: 'Paid' | 'Failed', by: AuditContext, reason?: string) {
      const check = (row: TransactionRow) => {
        if (row.processorType !== 'cash' || row.status !== 'Pending') throw badRequest(msg.notConfirmable);
      };
      check(txn);
      // Checked again under the row's lock: of confirmations at once, one settles and the others hear it is settled.
      return (await move(txn, to, { check, by, reason }))!;
    },

    find: (id: number) => repo.find(id),

    /** Fails every open transaction whose code has lapsed (the scheduled sweep). */
    async expireLapsed() {
      const lapsed = await repo.listExpired(new Date(), 500);
      for (const row of lapsed) await move(row, 'Failed', { cancelAtGateway: true });
      return lapsed.length;
    },
  };
}
export type PaymentService = ReturnType<typeof paymentService>;
