import type { FastifyInstance } from 'fastify';
import { unstorableText } from '@school/shared/api/unstorable-text';
import { DomainError } from './errors';

/**
 * Refuses a NUL or a lone surrogate anywhere in a body, query string or path parameter, for every route at once,
 * before any schema or query sees it (PostgreSQL cannot store either and would answer with an error).
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = unstorableText(part);
      if (found) return done(new DomainError(400, { [found.field || 'non_field_errors']: [found.message] }));
    }
    done();
  });
}
