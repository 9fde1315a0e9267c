import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@school/shared/auth/schemas';
import { serverMessages } from '@school/shared/auth/messages';
import { hashKey } from '../../lib/crypto';
import { notAuthenticated } from '../../lib/errors';
import { authRepository } from './repository';
import { siteSchoolId } from '../tenancy/school-context';

export interface AuthUser {
  id: number;
  role: Role;
  tokenId: number;
  /** Staff role at the site's school through a membership; null elsewhere (see actor.ts for SU). */
  staffRole: 'SA' | 'IN' | null;
}

/**
 * Reads `Authorization: Token <key>` on every API request. No header: anonymous. A header with an
 * unknown, revoked or expired key: 401, so that the browser logs out (spec 1 §4).
 */
export const authenticate = fp(async (app: FastifyInstance) => {
  const repo = authRepository(app.db);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Token\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
    if (!match) throw notAuthenticated(serverMessages.invalidAuthToken);
    const schoolId = siteSchoolId(request);
    const row = await repo.findActiveToken(hashKey(match[1]!), schoolId);
    if (!row) throw notAuthenticated(serverMessages.invalidAuthToken);
    request.user = { id: row.userId, role: row.role, tokenId: row.tokenId, staffRole: row.staffRole };
  });
});

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
