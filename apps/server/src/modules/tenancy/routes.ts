import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { serverMessages } from '@school/shared/auth/messages';
import { idParamsSchema, schoolDomainParamsSchema, schoolFaqSchema, schoolSchema, socialsSchema } from '@school/shared/school/schemas';
import { notFound } from '../../lib/errors';
import { actorOf } from '../auth/actor';
import { schoolPolicy } from './policy';
import { presentSchool, presentSocials } from './presenter';
import { hostName } from './resolve-domain';
import { schoolUnavailable } from './school-context';

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/school/:domain/',
    {
      // Finds a school by the name in the path, whichever site asks.
      config: { school: false },
      schema: {
        tags: ['school'],
        summary: "A school by host name or domain (one of the schools' own host names, else the first label)",
        params: schoolDomainParamsSchema,
        response: { 200: schoolSchema, ...errorResponses },
      },
    },
    async (request) => {
      const school = await app.schools.findByHost(hostName(request.params.domain));
      if (!school) throw notFound(serverMessages.schoolNotFound);
      if (!school.isActive) throw schoolUnavailable();
      return presentSchool(app.storage, school);
    },
  );

  app.get(
    '/schools/:id/socials',
    {
      schema: {
        tags: ['school'],
        summary: "A school's social links keyed by label",
        params: idParamsSchema,
        response: { 200: socialsSchema, ...errorResponses },
      },
    },
    async (request) => {
      schoolPolicy.authorize(actorOf(request), 'view', { id: request.params.id });
      return presentSocials(await app.schools.listSocials(request.school.id));
    },
  );

  app.get(
    '/schools/:id/faq/',
    {
      schema: {
        tags: ['school'],
        summary: "The FAQ page a school wrote: its questions and answers in order (empty when it wrote none)",
        params: idParamsSchema,
        response: { 200: schoolFaqSchema, ...errorResponses },
      },
    },
    async (request) => {
      schoolPolicy.authorize(actorOf(request), 'view', { id: request.params.id });
      return { sections: request.school.faqSections };
    },
  );
};
