import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { KYC_REVIEW_PAGE_SIZE } from '@school/shared/kyc/rules';
import {
  identityFlagsQuerySchema,
  identityFlagsSchema,
  identityTimelineSchema,
  kycDecisionBodySchema,
  kycNotifyBodySchema,
  kycRejectBodySchema,
  kycReviewQuerySchema,
  kycReviewSchema,
  kycStatusSchema,
  kycTemplateSchema,
  kycUploadBodySchema,
  selfieCheckBodySchema,
  snapshotBodySchema,
  snapshotResultSchema,
} from '@school/shared/kyc/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { accountService } from '../account/service';
import { fullName } from '../account/presenter';
import { auditContextOf } from '../audit/service';
import { signedInActor } from '../auth/actor';
import { signedInUser, throttle } from '../auth/throttle';
import { catalogueService } from '../catalogue/service';
import { identityEvidence } from './evidence';
import { kycPolicy, submissionPolicy } from './policy';
import { presentReview } from './presenter';
import { kycService } from './service';

/** IDs and a selfie as data URLs: a few megabytes each. */
const UPLOAD_LIMIT_BYTES = 40 * 1024 * 1024;
const IMAGE_LIMIT_BYTES = 12 * 1024 * 1024;
const detail = z.object({ detail: z.string() });

/** Identity verification (spec 1 §7 `/kyc/...`), study snapshots, and the school's review of manual submissions. */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const kyc = kycService(app);
  const accounts = accountService(app);
  const evidence = identityEvidence(app.db, app.storage);
  const catalogue = catalogueService(app);
  const tags = ['kyc'];
  const security = [{ token: [] }];
  /** The caller, a student of the site's school with the kyc product. */
  const student = (request: Parameters<typeof signedInActor>[0]) => {
    const actor = signedInActor(request);
    if (!request.school.products.kyc) throw notFound();
    kycPolicy.authorize(actor, 'verify', request.school);
    return actor;
  };
  const reviewer = (request: Parameters<typeof signedInActor>[0]) => {
    const actor = signedInActor(request);
    kycPolicy.authorize(actor, 'review', request.school);
    return actor;
  };

  app.get('/kyc/template_ids/', { schema: { tags, security, summary: 'The kinds of ID the school accepts', response: { 200: z.array(kycTemplateSchema), ...errorResponses } } }, async (request) => {
    signedInActor(request);
    return (await kyc.templates(request.school.id)).map((t) => ({ id: t.id, template_name: t.templateName }));
  });

  app.get('/kyc/status/', { schema: { tags, security, summary: "Where the caller's identity verification stands", response: { 200: kycStatusSchema, ...errorResponses } } }, async (request) => {
    const actor = student(request);
    return kyc.status(actor.userId, request.school);
  });

  app.post(
    '/kyc/upload/',
    {
      bodyLimit: UPLOAD_LIMIT_BYTES,
      preHandler: throttle(app, 'kyc-upload', signedInUser),
      schema: { tags, security, summary: 'Sends IDs and a selfie for the automatic check, or for manual verification with submit true', body: kycUploadBodySchema, response: { 201: kycStatusSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const actor = student(request);
      const { status } = await kyc.upload(actor, request.school, request.body);
      return reply.code(201).send(status);
    },
  );

  app.post('/kyc/verify/notify/', { preHandler: throttle(app, 'kyc-notify', signedInUser), schema: { tags, security, summary: "Tells the school's administrators that a manual submission waits", body: kycNotifyBodySchema, response: { 200: detail, ...errorResponses } } }, async (request) => {
    const actor = student(request);
    const account = await accounts.findAccount(actor.userId);
    return kyc.notifyStaff(actor, request.school, request.body.school, account ? fullName(account.user) || account.user.username : '');
  });

  app.post(
    '/kyc/verify/selfie/',
    { bodyLimit: IMAGE_LIMIT_BYTES, preHandler: throttle(app, 'kyc-selfie', signedInUser), schema: { tags, security, summary: 'Checks a selfie against the verified one (the identity step before studying a course with snapshots)', body: selfieCheckBodySchema, response: { 200: detail, ...errorResponses } } },
    async (request) => kyc.checkSelfie(student(request), request.school, request.body.image),
  );

  app.post(
    '/kyc/upload/snapshot/',
    { bodyLimit: IMAGE_LIMIT_BYTES, preHandler: throttle(app, 'kyc-snapshot', signedInUser), schema: { tags, security, summary: 'A webcam snapshot while studying a course with enable_kyl', body: snapshotBodySchema, response: { 201: snapshotResultSchema, ...errorResponses } } },
    async (request, reply) => {
      const actor = signedInActor(request);
      return reply.code(201).send(await kyc.snapshot(actor, request.school, request.body.course_id, request.body.image));
    },
  );

  app.get(
    '/kyc/submissions/',
    { schema: { tags, security, summary: "The school's submissions of one status (manual: the review queue)", querystring: kycReviewQuerySchema, response: { 200: listSchema(kycReviewSchema), ...errorResponses } } },
    async (request) => {
      const actor = reviewer(request);
      const { rows, total } = await kyc.queue(request.school.id, request.query.status, request.query.page);
      return pageOf(await Promise.all(rows.map((r) => presentReview(kyc, r.submission, r.user, actor.userId))), total, request.query.page, KYC_REVIEW_PAGE_SIZE);
    },
  );

  const decision = (approve: boolean) => async (request: { params: { id: number }; body: { reason: string } } & Parameters<typeof signedInActor>[0]) => {
    const actor = signedInActor(request);
    const found = await kyc.withLearner(request.school.id, request.params.id);
    if (!found) throw notFound();
    submissionPolicy.authorize(actor, 'review', found.submission);
    const decided = await kyc.decide(auditContextOf(request, actor.userId), found.submission, { approve, reason: request.body.reason });
    return presentReview(kyc, decided, found.user, actor.userId);
  };
  app.post(
    '/kyc/submissions/:id/approve/',
    { schema: { tags, security, summary: 'Verifies the IDs of a submission', params: idParamsSchema, body: kycDecisionBodySchema, response: { 200: kycReviewSchema, ...errorResponses } } },
    decision(true),
  );
  app.post(
    '/kyc/submissions/:id/reject/',
    { schema: { tags, security, summary: 'Rejects a submission, with the reason the student is told', params: idParamsSchema, body: kycRejectBodySchema, response: { 200: kycReviewSchema, ...errorResponses } } },
    decision(false),
  );

  app.get(
    '/enrollments/:id/identity/',
    { schema: { tags, security, summary: "The school's administrators: an enrolment's identity evidence: KYC decisions, snapshots with their scores, pauses and progress", params: idParamsSchema, response: { 200: identityTimelineSchema, ...errorResponses } } },
    async (request) => {
      // The role first: whether an enrolment exists is no business of anybody else.
      const actor = reviewer(request);
      const found = await evidence.enrolment(request.school.id, request.params.id);
      if (!found) throw notFound();
      return evidence.timeline(found, actor.userId);
    },
  );

  app.get(
    '/courses/:id/identity-flags/',
    {
      schema: {
        tags,
        security,
        summary: "The school's administrators: a course's enrolments with flagged snapshots (no face, another face, a mismatch), of a compliance period or all",
        params: idParamsSchema,
        querystring: identityFlagsQuerySchema,
        response: { 200: identityFlagsSchema, ...errorResponses },
      },
    },
    async (request) => {
      reviewer(request);
      const found = await catalogue.findCourse(request.school.id, request.params.id);
      if (!found) throw notFound();
      return evidence.flags(request.school.id, found.course.id, request.query.compliance_period);
    },
  );
};
