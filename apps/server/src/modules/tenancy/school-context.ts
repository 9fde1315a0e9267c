import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serverMessages } from '@school/shared/auth/messages';
import { DomainError } from '../../lib/errors';
import type { SchoolRow } from './repository';
import { hostName } from './resolve-domain';

const resolved = Symbol('school');

/** A deactivated school's site: its data is kept, nothing of it is served. */
export const schoolUnavailable = () => new DomainError(404, { detail: serverMessages.schoolUnavailable, code: 'school_unavailable' });
type WithSchool = FastifyRequest & { [resolved]?: SchoolRow };

/**
 * The site's school id where the route has one, null on a school-less route: what code shared by both kinds
 * (authentication, the actor, the audit context) reads instead of `request.school`.
 */
export function siteSchoolId(request: FastifyRequest): number | null {
  return request.routeOptions.config.school === false ? null : request.school.id;
}

/**
 * Resolves the school of the site (its Host) once per request, before anything else, into
 * `request.school`; an unknown host answers 404, a deactivated school's 404 with the code `school_unavailable`. A route that serves every school (lookups, the school
 * lookup by name) opts out with `config: { school: false }`: there `request.school` throws when read, so a
 * school-less route cannot act on a school by mistake (its type stays non-null for the routes that have one).
 */
export const schoolContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('school', {
    getter(this: WithSchool) {
      const school = this[resolved];
      if (!school) throw new Error(`${this.routeOptions.url ?? this.url} has no school: it is declared with config.school false`);
      return school;
    },
    setter(this: WithSchool, school: SchoolRow) {
      this[resolved] = school;
    },
  });
  // A callback hook, not an async one: a school kept in the process (school-cache.ts) is set at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.school === false) return done();
    const host = hostName(request.host);
    const set = (school: SchoolRow | null | undefined) => {
      // The code tells a page that the site, not the thing asked for, is unknown (its own profile, say).
      if (!school) return done(new DomainError(404, { detail: serverMessages.schoolNotFound, code: 'school_not_found' }));
      if (!school.isActive) return done(schoolUnavailable());
      request.school = school;
      done();
    };
    const known = app.schools.knownByHost(host);
    if (known !== undefined) return set(known);
    app.schools.findByHost(host).then(set, done);
  });
});
