import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { returnCode, toCentavos, toPesos, paymentMessages } from '@school/shared/payments/rules';
import {
  applyCoinsBodySchema,
  applyCoinsResultSchema,
  channelsQuerySchema,
  channelsSchema,
  feesBodySchema,
  feesSchema,
  instructionSchema,
  pendingPaymentListSchema,
  processBodySchema,
  processResultSchema,
  transactionSchema,
  txnParamsSchema,
  txnQuerySchema,
  voucherParamsSchema,
  voucherResultSchema,
} from '@school/shared/payments/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import { badRequest, notFound } from '../../lib/errors';
import { auditContextOf } from '../audit/service';
import { actorOf, signedInActor } from '../auth/actor';
import { signedInUser, throttle } from '../auth/throttle';
import { walletService } from '../wallet/service';
import { transactionPolicy } from './policy';
import { presentFees, presentInstruction, presentPending, presentProcessed, presentTransaction } from './presenter';
import { paymentService } from './service';

const kindParams = z.object({ id: idParamsSchema.shape.id });
const callbackParams = z.object({ gateway: z.string().regex(/^[a-z]{1,20}$/) });
const referenceParams = z.object({ reference: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentService(app);
  const wallets = walletService(app);
  const tags = ['payments'];
  const security = [{ token: [] }];
  // One budget for fee breakdowns and payments: either may try a voucher code (GET /vouchers/ has its own, tighter one).
  const paying = throttle(app, 'payment', signedInUser, { max: app.config.PAYMENT_THROTTLE_MAX, seconds: 60 });

  app.get(
    '/payment/fetch_channels/',
    { schema: { tags, summary: 'Payment channels grouped by mode, for a course, class or bundle of this school', querystring: channelsQuerySchema, response: { 200: channelsSchema, ...errorResponses } } },
    async (request) => payments.channels(actorOf(request), request.school, request.query.content_type, request.query.object_id),
  );

  app.post(
    '/payment/fees/',
    { preHandler: paying, schema: { tags, security, summary: "The server's breakdown for a channel, voucher and coins (total_fee is the gateway fee)", body: feesBodySchema, response: { 200: feesSchema, ...errorResponses } } },
    async (request) => presentFees(await payments.fees(signedInActor(request), request.school, request.body)),
  );

  for (const kind of ['course', 'bundle'] as const) {
    app.get(
      `/vouchers/:code/${kind}/:id/`,
      // Throttled: codes are short enough to guess.
      { preHandler: throttle(app, 'voucher', signedInUser), schema: { tags, security, summary: `Checks a voucher code for a ${kind}`, params: voucherParamsSchema, response: { 200: voucherResultSchema, ...errorResponses } } },
      async (request) => {
        const v = await payments.voucher(signedInActor(request), request.school, request.params.code, kind, request.params.id);
        return { success: true, message: paymentMessages.voucherApplied, coupon: { type: v.type, value: v.type === 'fixed' ? toPesos(v.value) : v.value } };
      },
    );

    app.post(
      `/wallets/apply_coins/${kind}/:id/`,
      {
        schema: {
          tags,
          security,
          summary: `How many L2E coins apply to a ${kind} (capped at the balance); a bundle needs the wallet's signature`,
          params: kindParams,
          body: applyCoinsBodySchema,
          response: { 200: applyCoinsResultSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = signedInActor(request);
        const { coins, public_address, message, signature } = request.body;
        if (kind === 'bundle') {
          if (!public_address || !message || !signature) throw badRequest(paymentMessages.coinsSignature);
          await wallets.checkOwnerSignature(actor.userId, { public_address, message, signature });
        }
        const applied = await payments.applyCoins(actor, request.school, kind, request.params.id, toCentavos(coins));
        if (kind === 'bundle') await wallets.approveBundleCoins(actor.userId, request.params.id, applied);
        return { success: true, message: paymentMessages.coinsApplied, coins: toPesos(applied) };
      },
    );
  }

  app.post(
    '/payment/process/',
    {
      preHandler: paying,
      schema: {
        tags,
        security,
        summary: 'Starts a payment (Idempotency-Key header required: a retry with the same key answers the first result)',
        headers: z.object({ 'idempotency-key': z.string().max(100).optional() }),
        body: processBodySchema,
        response: { 201: processResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const txn = await payments.process(signedInActor(request), request.school, request.body, request.headers['idempotency-key']);
      reply.code(201);
      return presentProcessed(txn);
    },
  );

  app.get(
    '/transaction/:txn_id/',
    { schema: { tags, security, summary: "The caller's transaction (the payment result page)", params: txnParamsSchema, response: { 200: transactionSchema, ...errorResponses } } },
    async (request) => {
      const txn = await payments.mine(signedInActor(request), request.params.txn_id);
      const [item, refunds] = await Promise.all([payments.itemOf(txn), payments.refundsOf(txn)]);
      return presentTransaction(txn, item, app.storage, refunds);
    },
  );

  app.get(
    '/payment/pending/',
    { schema: { tags, security, summary: "The caller's payments at this school that have not gone through (neither enrolments nor counted as such)", response: { 200: pendingPaymentListSchema, ...errorResponses } } },
    async (request) => (await payments.pending(signedInActor(request), request.school)).map((p) => presentPending(p, app.storage)),
  );

  app.post(
    '/payment/transactions/:id/cancel/',
    {
      // It asks the gateway: within the payment budget.
      preHandler: paying,
      schema: { tags, security, summary: "The payer cancels a payment not gone through yet (closed at the gateway first; again answers the same; a paid one is refused)", params: idParamsSchema, response: { 200: transactionSchema, ...errorResponses } },
    },
    async (request) => {
      const txn = await payments.cancel(signedInActor(request), request.params.id);
      return presentTransaction(txn, await payments.itemOf(txn), app.storage);
    },
  );

  app.get(
    '/payment/bux/fetch_details/',
    { schema: { tags, security, summary: 'The over-the-counter code of a transaction: barcode, reference, expiry, steps', querystring: txnQuerySchema, response: { 200: instructionSchema, ...errorResponses } } },
    async (request) => {
      const txn = await payments.mine(signedInActor(request), request.query.txn_id);
      if (!txn.refCode) throw notFound();
      return presentInstruction(txn, await payments.schoolName(txn.schoolId), app.payments);
    },
  );

  app.get(
    '/payment/return/:reference/',
    { schema: { tags, summary: "Where a hosted checkout sends the payer back: the item's page with its result code", params: referenceParams } },
    async (request, reply) => {
      const { txn, item } = await payments.returning(request.school, request.params.reference);
      const base = txn.bundleId ? `/course-bundle/${item?.slug ?? ''}` : `/course/${item?.slug ?? ''}`;
      return reply.redirect(`${base}?status=${returnCode(txn.status, txn.payLater)}`);
    },
  );

  for (const [verb, to] of [
    ['confirm', 'Paid'],
    ['decline', 'Failed'],
  ] as const) {
    app.post(
      `/payment/transactions/:id/${verb}/`,
      { schema: { tags, security, summary: `Staff: ${verb} a payment made at the school's office`, params: idParamsSchema, response: { 200: transactionSchema, ...errorResponses } } },
      async (request) => {
        const txn = await payments.find(request.params.id);
        if (!txn) throw notFound();
        const actor = signedInActor(request);
        transactionPolicy.authorize(actor, 'settle', txn);
        const settled = await payments.settleCash(txn, to, auditContextOf(request, actor.userId));
        return presentTransaction(settled, await payments.itemOf(settled), app.storage);
      },
    );
  }

  // Gateways' server-to-server callbacks: verified over the raw body, so this scope keeps JSON as bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/payment/callback/:gateway/',
      { config: { school: false }, schema: { tags, summary: "A gateway's signed callback (HMAC over the raw body and a timestamp)", params: callbackParams } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await payments.callback(request.params.gateway, raw, request.headers);
        return { received: true };
      },
    );
  });
};
