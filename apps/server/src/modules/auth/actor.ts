import type { FastifyRequest } from 'fastify';
import { serverMessages } from '@school/shared/auth/messages';
import { forbidden, notAuthenticated } from '../../lib/errors';
import type { StaffRole } from '@school/shared/staff/permissions';
import { anonymous, type Actor } from '../../lib/policy';
import { siteSchoolId } from '../tenancy/school-context';

/** The caller as the policies see them: account, site school and staff role there (SU: every school). */
export function actorOf(request: FastifyRequest): Actor {
  const schoolId = siteSchoolId(request);
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

export type StaffActor = SignedInActor & { staffRole: StaffRole };

/** The caller, who must hold a staff role at the site's school (401 nobody logged in, 403 anybody else). */
export function staffActor(request: FastifyRequest): StaffActor {
  const actor = signedInActor(request);
  if (actor.staffRole === null) throw forbidden(serverMessages.permissionDenied);
  return actor as StaffActor;
}
