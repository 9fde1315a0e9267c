import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from '../../lib/errors';
import { anonymous, type Actor } from '../../lib/policy';

/** The caller as the policies see them: account, site school and staff role there (SU: every school). */
export function actorOf(request: FastifyRequest): Actor {
  const schoolId = request.routeOptions.config.school === false ? null : request.school.id;
  const user = request.user;
  if (!user) return { ...anonymous, schoolId };
  return { userId: user.id, role: user.role, schoolId, staffRole: user.role === 'SU' ? 'SU' : user.staffRole };
}

export type SignedInActor = Actor & { userId: number; role: NonNullable<Actor['role']> };

/** The caller, who must be logged in (401 otherwise). */
export function signedInActor(request: FastifyRequest): SignedInActor {
  const actor = actorOf(request);
  if (actor.userId === null || actor.role === null) throw notAuthenticated();
  return actor as SignedInActor;
}
