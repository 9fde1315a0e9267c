import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { certificateSettingsPatchSchema, certificateSettingsSchema, revokeCertificateSchema, staffCertificateQuerySchema, staffCertificateSchema } from '@school/shared/staff/certificates';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { detailSchema, staffRoute, versionedResponses } from '../staff/route-schema';
import { staffCertificateService } from './staff-service';

const refusals = { ...errorResponses, 409: detailSchema };

/** `/staff/certificates/` and `/staff/certificate-settings/`: the school's administrators look after its certificates. */
export const certificateStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const certificates = staffCertificateService(app);

  app.get(
    '/certificates/',
    { schema: { ...staffRoute, summary: "The school's issued certificates, newest first; search words of the name, e-mail, course or code; state all, valid or revoked", querystring: staffCertificateQuerySchema, response: { 200: listSchema(staffCertificateSchema), ...errorResponses } } },
    async (request) => certificates.list(staffContextOf(request), request.query),
  );

  app.post(
    '/certificates/:id/revoke/',
    { schema: { ...staffRoute, summary: 'Revokes a certificate with a reason; its public page then says so and offers no files (409 if revoked already)', params: idParamsSchema, body: revokeCertificateSchema, response: { 200: staffCertificateSchema, ...refusals } } },
    async (request) => certificates.revoke(staffContextOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/certificates/:id/reissue/',
    { schema: { ...staffRoute, summary: "Draws a certificate again with the student's corrected name (same code, new files); 409 if revoked or the name is unchanged", params: idParamsSchema, response: { 200: staffCertificateSchema, ...refusals } } },
    async (request) => certificates.reissue(staffContextOf(request), request.params.id),
  );

  app.get(
    '/certificate-settings/',
    { schema: { ...staffRoute, summary: "What the school's new certificates print: signatories and the accreditation number; the ETag is the school's version", response: { 200: certificateSettingsSchema, ...errorResponses } } },
    async (request, reply) => {
      const current = await certificates.settings(staffContextOf(request));
      return reply.header('etag', etagOf(current.version)).send(current);
    },
  );

  app.patch(
    '/certificate-settings/',
    {
      schema: {
        ...staffRoute,
        summary: 'Changes them at the version named in If-Match (412 if somebody saved the school since, 428 without it); issued certificates keep theirs',
        body: certificateSettingsPatchSchema,
        response: { 200: certificateSettingsSchema, ...versionedResponses(certificateSettingsSchema) },
      },
    },
    async (request, reply) => {
      const saved = await certificates.updateSettings(staffContextOf(request), expectedVersion(request), request.body);
      return reply.header('etag', etagOf(saved.version)).send(saved);
    },
  );
};
