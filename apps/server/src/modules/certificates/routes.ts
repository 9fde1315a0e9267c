import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { certificateMessages } from '@school/shared/certificates/rules';
import {
  certificateQuerySchema,
  certificationBodySchema,
  certificationResultSchema,
  codeParamsSchema,
  complianceQuerySchema,
  complianceSchema,
  myCertificateListSchema,
  publicCertificateSchema,
  recordsQuerySchema,
} from '@school/shared/certificates/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { accountAccess } from '../account/access';
import { fullName } from '../account/presenter';
import { signedInActor } from '../auth/actor';
import { coursePolicy } from '../catalogue/policy';
import { catalogueService } from '../catalogue/service';
import { presentMine, presentPublic } from './presenter';
import { certificateService } from './service';

export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const certificates = certificateService(app);
  const accounts = accountAccess(app.db);
  const catalogue = catalogueService(app);
  const tags = ['certificates'];
  const security = [{ token: [] }];

  app.get(
    '/students/:id/certificates/',
    { schema: { tags, security, summary: "The caller's certificates from every school (My Certificates)", params: idParamsSchema, querystring: certificateQuerySchema, response: { 200: myCertificateListSchema, ...errorResponses } } },
    async (request) => {
      const account = await accounts.byStudentId(signedInActor(request), request.params.id, 'view');
      const q = request.query;
      const { rows, total } = await certificates.listMine(account.user.id, q);
      return pageOf(await Promise.all(rows.map((r) => presentMine(app.storage, r, certificates.pageUrl(r.certificate.facts.schoolDomain, r.certificate.code)))), total, q.page, q.perpage);
    },
  );

  app.get(
    '/students/:id/compliance/',
    {
      schema: {
        tags,
        security,
        summary: "The MCLE compliance tracker for a period: units by subject area from every school's certificates, and this school's courses and bundles for what is missing",
        params: idParamsSchema,
        querystring: complianceQuerySchema,
        response: { 200: complianceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const account = await accounts.byStudentId(signedInActor(request), request.params.id, 'view');
      return certificates.compliance(account.user.id, request.school, request.query.compliance_period);
    },
  );

  app.get(
    '/students/:id/compliance.pdf',
    { schema: { tags, security, summary: 'The one-page MCLE compliance summary of a period, as a PDF to keep', params: idParamsSchema, querystring: complianceQuerySchema } },
    async (request, reply) => {
      const account = await accounts.byStudentId(signedInActor(request), request.params.id, 'view');
      const pdf = await certificates.compliancePdf(account.user.id, fullName(account.user) || account.user.username, request.school, request.query.compliance_period);
      if (!pdf) throw notFound();
      reply.header('content-type', 'application/pdf').header('content-disposition', 'attachment; filename="mcle-compliance-summary.pdf"');
      return pdf;
    },
  );

  app.get(
    '/courses/:id/records.csv',
    {
      schema: {
        tags,
        security,
        summary: "Staff: a course's attendance and completion records (CSV) with each certificate's evidence: progress timeline, exam results, signature record",
        params: idParamsSchema,
        querystring: recordsQuerySchema,
      },
    },
    async (request, reply) => {
      const found = await catalogue.findCourse(request.school.id, request.params.id);
      if (!found) throw notFound();
      coursePolicy.authorize(signedInActor(request), 'preview', found.course);
      const csv = await certificates.records(request.school.id, found.course.id, request.query.compliance_period);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${found.course.slug}-records.csv"`);
      return csv;
    },
  );

  app.get(
    '/certificates/:code/',
    {
      config: { school: false },
      schema: { tags, summary: 'A certificate by its verification code: public, so that anybody can check it', params: codeParamsSchema, response: { 200: publicCertificateSchema, ...errorResponses } },
    },
    async (request) => {
      const row = await certificates.findByCode(request.params.code);
      if (!row) throw notFound(certificateMessages.notFound);
      return presentPublic(app.storage, row, certificates.pageUrl(row.facts.schoolDomain, row.code), app.config.PLATFORM_NAME);
    },
  );

  app.post(
    '/enrollments/:id/certification/',
    {
      schema: {
        tags,
        security,
        summary: 'Signs the MCLE certification statement (typed name and drawn signature) for a finished course',
        params: idParamsSchema,
        body: certificationBodySchema,
        response: { 201: certificationResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const signed = await certificates.sign(signedInActor(request), request.school, request.params.id, request.body, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) });
      reply.code(201);
      return { signed_at: signed.signedAt.toISOString(), statement: signed.statement };
    },
  );
};
