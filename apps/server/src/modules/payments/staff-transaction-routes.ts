import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { declineBodySchema, PAYMENTS_PAGE_SIZE, staffPaymentDetailSchema, staffPaymentQuerySchema, staffPaymentSchema } from '@school/shared/staff/payments';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { staffTransactionService } from './staff-transaction-service';

/** The school's transactions in the console (payment.read), and cash payments confirmed or declined (payment.settle). */
export const transactionStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const transactions = staffTransactionService(app);

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
};
