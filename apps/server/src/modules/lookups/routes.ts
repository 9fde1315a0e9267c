import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  compliancePeriodListSchema,
  countryListSchema,
  ibpChapterListSchema,
  lawSchoolListSchema,
  regionListSchema,
  wholeList,
} from '@school/shared/lookups/schemas';
import { isoDate } from '@school/shared/school/dates';
import { presentCompliancePeriod, presentRegions } from './presenter';
import { lookupRepository } from './repository';

/**
 * The lookups rarely change (a new dataset version arrives with a release), so each is built once per
 * process and served with an ETag; browsers revalidate after a day.
 */
function cached<T>(build: () => Promise<T>) {
  let entry: Promise<{ body: T; etag: string }> | null = null;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<T> => {
    entry ??= build().then((body) => ({ body, etag: `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"` }));
    const { body, etag } = await entry.catch((error: unknown) => {
      entry = null;
      throw error;
    });
    reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send() as never;
    return body;
  };
}

export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  // Lookups are the platform's, the same at every school: no route here is school-scoped.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, school: false };
  });
  const repo = lookupRepository(app.db);
  const tags = ['lookups'];

  app.get('/countries/', { schema: { tags, summary: 'Every country with its calling code', response: { 200: countryListSchema } } }, cached(async () =>
    wholeList((await repo.countries()).map((c) => ({ iso2: c.iso2, name: c.name, country_code: c.callingCode }))),
  ));

  app.get('/ph_regions/', { schema: { tags, summary: 'Philippine regions > provinces > cities > postal codes (PSGC)', response: { 200: regionListSchema } } }, cached(async () =>
    wholeList(presentRegions(await repo.phGeography())),
  ));

  app.get('/law_schools/', { schema: { tags, summary: "Philippine law schools ('others' is entered as text)", response: { 200: lawSchoolListSchema } } }, cached(async () =>
    wholeList((await repo.lawSchools()).map((s) => ({ id: s.id, name: s.name }))),
  ));

  app.get('/ibp_chapters/', { schema: { tags, summary: 'IBP chapters with their IBP region', response: { 200: ibpChapterListSchema } } }, cached(async () =>
    wholeList((await repo.ibpChapters()).map((c) => ({ id: c.id, name: c.name, region: c.region }))),
  ));

  // Not cached across days: which period is current changes with the date.
  app.get('/compliance_periods/', { schema: { tags, summary: 'MCLE compliance periods with their dates', response: { 200: compliancePeriodListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return wholeList((await repo.compliancePeriods()).map((p) => presentCompliancePeriod(p, isoDate())));
  });
};
