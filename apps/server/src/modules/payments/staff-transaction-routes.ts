import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { z } from 'zod';
import { declineBodySchema, PAYMENTS_PAGE_SIZE, refundBodySchema, staffPaymentDetailSchema, staffPaymentQuerySchema, staffPaymentSchema } from '@school/shared/staff/payments';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { staffRefundService } from './staff-refund-service';
import { staffTransactionService } from './staff-transaction-service';

/** The school's transactions in the console (payment.read), and cash payments confirmed or declined (payment.settle). */
export const transactionStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const transactions = staffTransactionService(app);
  const refunds = staffRefundService(app, transactions.detail);

  app.get(
    '/payments/',
    {
      schema: {
        ...staffRoute,
        summary: "The school's transactions, newest first: filter by status, mode, channel, course, bundle, payer and the school's days, or find one by reference",
        querystring: staffPaymentQuerySchema,
        response: { 200: listSchema(staffPaymentSchema), ...errorResponses },
      },
    },
    async (request) => transactions.list(staffContextOf(request), request.query, PAYMENTS_PAGE_SIZE),
  );

  app.get(
    '/payments/:id/',
    { schema: { ...staffRoute, summary: 'A transaction with its breakdown, voucher, events and gateway callbacks', params: idParamsSchema, response: { 200: staffPaymentDetailSchema, ...errorResponses } } },
    async (request) => transactions.detail(staffContextOf(request), request.params.id),
  );

  app.post(
    '/payments/:id/confirm/',
    { schema: { ...staffRoute, summary: "Confirms a payment made at the school's office (the enrolment follows); one of several at once settles it", params: idParamsSchema, response: { 200: staffPaymentDetailSchema, ...errorResponses } } },
    async (request) => transactions.settle(staffContextOf(request), request.params.id, 'Paid'),
  );

  app.post(
    '/payments/:id/decline/',
    {
      schema: { ...staffRoute, summary: "Declines a payment made at the school's office, with the reason (kept in the audit log)", params: idParamsSchema, body: declineBodySchema, response: { 200: staffPaymentDetailSchema, ...errorResponses } },
    },
    async (request) => transactions.settle(staffContextOf(request), request.params.id, 'Failed', request.body.reason),
  );

  app.post(
    '/payments/:id/refunds/',
    {
      schema: {
        ...staffRoute,
        summary:
          'Gives back part or all of a paid transaction through its gateway (by hand for cash), and may end the enrolment it bought (coins and voucher use returned); the same Idempotency-Key answers the first refund again',
        params: idParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().max(100).optional() }),
        body: refundBodySchema,
        response: { 200: staffPaymentDetailSchema, ...errorResponses },
      },
    },
    async (request) => refunds.refund(staffContextOf(request), request.params.id, request.body, request.headers['idempotency-key']),
  );
};
