import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serverMessages } from '@school/shared/auth/messages';
import { DomainError } from '../../lib/errors';
import type { SchoolRow } from './repository';
import { schoolDomainForHost } from './resolve-domain';

/**
 * Resolves the school of the site (its Host) once per request, before anything else, into
 * `request.school`; an unknown host answers 404. A route that serves every school (lookups, the school
 * lookup by name) opts out with `config: { school: false }` and must not read `request.school`.
 */
export const schoolContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('school', null as unknown as SchoolRow);
  // A callback hook, not an async one: a school kept in the process (school-cache.ts) is set at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.school === false) return done();
    const domain = schoolDomainForHost(request.host, app.config.SCHOOL_ALIASES);
    const set = (school: SchoolRow | null | undefined) => {
      // The code tells a page that the site, not the thing asked for, is unknown (its own profile, say).
      if (!school) return done(new DomainError(404, { detail: serverMessages.schoolNotFound, code: 'school_not_found' }));
      request.school = school;
      done();
    };
    const known = app.schools.knownByDomain(domain);
    if (known !== undefined) return set(known);
    app.schools.findByDomain(domain).then(set, done);
  });
});
