import type { FastifyInstance } from 'fastify';
import { fieldWithNullCharacter, nullCharacterMessage } from '@school/shared/api/null-characters';
import { DomainError } from './errors';

/**
 * Refuses a NUL anywhere in a body, query string or path parameter, for every route at once, before any
 * schema or query sees it (PostgreSQL cannot store one and would answer with an error).
 */
export function refuseNullCharacters(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNullCharacter(part);
      if (field !== null) return done(new DomainError(400, { [field || 'non_field_errors']: [nullCharacterMessage] }));
    }
    done();
  });
}
