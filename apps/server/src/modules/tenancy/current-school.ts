import type { FastifyRequest } from 'fastify';
import { serverMessages } from '@school/shared/auth/messages';
import { notFound } from '../../lib/errors';
import type { SchoolRow } from './repository';
import { schoolDomainForHost } from './resolve-domain';

/** The school whose site the request came through (its Host); an unknown host answers 404. */
export async function currentSchool(request: FastifyRequest): Promise<SchoolRow> {
  const { config, schools } = request.server;
  const school = await schools.findByDomain(schoolDomainForHost(request.host, config.SCHOOL_ALIASES));
  if (!school) throw notFound(serverMessages.schoolNotFound);
  return school;
}
