import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { etagOf } from '@school/shared/staff/versions';
import { staffVoucherListQuerySchema, staffVoucherSchema, voucherFieldsSchema, voucherTargetsSchema } from '@school/shared/staff/vouchers';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffVoucherService } from './staff-service';
import { staffRoute, versionedResponses } from '../staff/route-schema';


/** The school's vouchers in the console (voucher.manage): listed, created, and saved whole to their version. */
export const paymentStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const vouchers = staffVoucherService(app);

  app.get(
    '/vouchers/',
    { schema: { ...staffRoute, summary: "The school's vouchers, newest first, with their uses and where each stands (search by code, active or deactivated)", querystring: staffVoucherListQuerySchema, response: { 200: listSchema(staffVoucherSchema), ...errorResponses } } },
    async (request) => vouchers.list(staffContextOf(request), request.query),
  );

  app.get(
    '/vouchers/targets/',
    { schema: { ...staffRoute, summary: 'The courses (not archived) and bundles a voucher may be limited to', response: { 200: voucherTargetsSchema, ...errorResponses } } },
    async (request) => vouchers.targets(staffContextOf(request)),
  );

  app.post(
    '/vouchers/',
    { schema: { ...staffRoute, summary: 'A new voucher (a code the school does not have yet)', body: voucherFieldsSchema, response: { 201: staffVoucherSchema, ...errorResponses } } },
    async (request, reply) => {
      const voucher = await vouchers.create(staffContextOf(request), request.body);
      return reply.code(201).header('etag', etagOf(voucher.version)).send(voucher);
    },
  );

  app.get(
    '/vouchers/:id/',
    { schema: { ...staffRoute, summary: 'A voucher; its ETag is the version a PUT names in If-Match', params: idParamsSchema, response: { 200: staffVoucherSchema, ...errorResponses } } },
    async (request, reply) => {
      const voucher = await vouchers.get(staffContextOf(request), request.params.id);
      return reply.header('etag', etagOf(voucher.version)).send(voucher);
    },
  );

  app.put(
    '/vouchers/:id/',
    {
      schema: {
        ...staffRoute,
        summary: 'Saves the whole voucher (deactivating it too) to the version in If-Match; its uses stay',
        params: idParamsSchema,
        body: voucherFieldsSchema,
        response: { 200: staffVoucherSchema, ...versionedResponses(staffVoucherSchema) },
      },
    },
    async (request, reply) => {
      const voucher = await vouchers.save(staffContextOf(request), request.params.id, expectedVersion(request), request.body);
      return reply.header('etag', etagOf(voucher.version)).send(voucher);
    },
  );
};
