import type { FastifyRequest } from 'fastify';
import { changedFields } from '@school/shared/staff/audit';
import type { Db, Tx } from '../../db/client';
import { versionConflict } from '../../lib/versions';
import { fullName } from '../account/presenter';
import { auditRepository } from './repository';
import { siteSchoolId } from '../tenancy/school-context';

/** Who wrote and from where: taken from the request once, handed to every audit entry of that request. */
export interface AuditContext {
  schoolId: number | null;
  actorId: number;
  clientAddress: string;
  requestId: string;
}

export const auditContextOf = (request: FastifyRequest, actorId: number): AuditContext => ({
  schoolId: siteSchoolId(request),
  actorId,
  clientAddress: request.ip,
  requestId: String(request.id),
});

export interface AuditEntry {
  /** `course.update`, `payment.settle`…: the permission's vocabulary. */
  action: string;
  subject: { type: string; id: number };
  /** The record's fields before and after the write; only those that differ are kept. Omit for a write without fields (publish). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Records a staff write in the audit log. Call it with the write's own transaction, never with the app's database
 * handle: a rolled-back write leaves no entry, and no entry is missing for a committed one.
 */
export async function recordAudit(tx: Tx, context: AuditContext, entry: AuditEntry) {
  await auditRepository(tx).insert({
    schoolId: context.schoolId,
    actorId: context.actorId,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    changes: changedFields(entry.before ?? {}, entry.after ?? {}),
    clientAddress: context.clientAddress,
    requestId: context.requestId,
  });
}

/**
 * The 412 of a write refused for its version (lib/versions.ts), naming who saved the record last and when from
 * its newest audit entry: every staff write leaves one, so records without author columns (a module, a lesson, a
 * category, a voucher) can say it too. `current` is what the client shows instead of its stale copy.
 */
export async function staleWrite(db: Db, schoolId: number, subject: AuditEntry['subject'], current: object, version?: number) {
  const last = await auditRepository(db).latest(schoolId, subject);
  const by = last?.entry.actorId && last.actor ? { id: last.entry.actorId, name: fullName(last.actor) || last.actor.username } : null;
  return versionConflict(current, by, last?.entry.createdAt ?? null, version);
}
