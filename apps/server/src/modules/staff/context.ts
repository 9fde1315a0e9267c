import type { FastifyRequest } from 'fastify';
import { auditContextOf, type AuditContext } from '../audit/service';
import { staffActor, type StaffActor } from '../auth/actor';
import type { SchoolRow } from '../tenancy/repository';

/** What a staff operation is asked by: who, at which school, recorded how. */
export interface StaffContext {
  actor: StaffActor;
  school: SchoolRow;
  audit: AuditContext;
}

/** The request's staff context (401 nobody logged in, 403 no staff role at the site's school). */
export function staffContextOf(request: FastifyRequest): StaffContext {
  const actor = staffActor(request);
  return { actor, school: request.school, audit: auditContextOf(request, actor.userId) };
}
