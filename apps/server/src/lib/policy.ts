import { serverMessages } from '@school/shared/auth/messages';
import type { Role } from '@school/shared/auth/schemas';
import { hasPermission, type Permission, type StaffRole } from '@school/shared/staff/permissions';
import { type DomainError, forbidden, notFound } from './errors';

/** Who is asking, at which school: built once per request from the token and the host. */
export interface Actor {
  userId: number | null;
  /** The kind of account (ST students, SA/IN staff accounts, SU platform administrators). */
  role: Role | null;
  /** The school of the site the request came through; null on routes that serve every school. */
  schoolId: number | null;
  staffRole: StaffRole | null;
}

export const anonymous: Actor = { userId: null, role: null, schoolId: null, staffRole: null };
export const isStaff = (actor: Actor) => actor.staffRole !== null;
export const isStudent = (actor: Actor) => actor.role === 'ST';
/** Whether the actor's role at the site's school carries the permission (packages/shared/src/staff/permissions.ts). */
export const can = (actor: Actor, permission: Permission) => hasPermission(actor.staffRole, permission);
/** A policy rule that asks for a permission. */
export const allowedTo = (permission: Permission) => (actor: Actor) => can(actor, permission);
/**
 * A policy rule for a course's work (editing it, grading its exams): an administrator's permission at the school,
 * an instructor's on the courses assigned to them only.
 */
export const allowedOnCourse = (permission: Permission) => (actor: Actor, course: { instructorIds?: number[] }) =>
  can(actor, permission) && (actor.staffRole !== 'IN' || (actor.userId !== null && (course.instructorIds ?? []).includes(actor.userId)));

type Rule<R> = (actor: Actor, resource: R) => boolean;

export interface PolicySpec<R, V extends string> {
  /** The school the resource belongs to; null for what belongs to no school (an account). */
  schoolOf(resource: R): number | null;
  /** Whether the actor may know the resource exists at all; false answers 404 like a missing row. */
  visible?: Rule<R>;
  verbs: Record<V, Rule<R>>;
  /** The refusal for a visible resource and a verb the actor may not use (default: a plain 403). */
  refusal?: Partial<Record<V, () => DomainError>>;
}

export interface Policy<R, V extends string> {
  can(actor: Actor, verb: V, resource: R): boolean;
  /** Throws 404 for another school's or a hidden resource, the verb's refusal for a visible one. */
  authorize(actor: Actor, verb: V, resource: R): void;
  /** Every verb's answer, for responses that the page branches on. */
  abilities(actor: Actor, resource: R): Record<V, boolean>;
}

/**
 * One policy per resource, in the manner of Outline's server/policies: the tenant check lives here and
 * nowhere else. A resource of another school, or one the actor may not see, does not exist for them.
 */
export function definePolicy<R, V extends string>(spec: PolicySpec<R, V>): Policy<R, V> {
  const reachable = (actor: Actor, resource: R) => {
    const school = spec.schoolOf(resource);
    if (school !== null && school !== actor.schoolId) return false;
    return spec.visible ? spec.visible(actor, resource) : true;
  };
  const verbs = Object.keys(spec.verbs) as V[];
  return {
    can: (actor, verb, resource) => reachable(actor, resource) && spec.verbs[verb](actor, resource),
    authorize(actor, verb, resource) {
      if (!reachable(actor, resource)) throw notFound();
      if (!spec.verbs[verb](actor, resource)) throw (spec.refusal?.[verb] ?? (() => forbidden(serverMessages.permissionDenied)))();
    },
    abilities: (actor, resource) =>
      Object.fromEntries(verbs.map((verb) => [verb, reachable(actor, resource) && spec.verbs[verb](actor, resource)])) as Record<V, boolean>,
  };
}
