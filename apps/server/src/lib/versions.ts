import type { FastifyRequest } from 'fastify';
import { etagOf, versionMessages, versionOf } from '@school/shared/staff/versions';
import { DomainError } from './errors';

/**
 * The version a write was based on, from If-Match (packages/shared/src/staff/versions.ts): 428 without the header.
 * A tag that names no version (`*`, a weak or foreign one) is 0, which no record has: the write is refused with 412.
 */
export function expectedVersion(request: FastifyRequest): number {
  const header = request.headers['if-match'];
  if (header === undefined) throw new DomainError(428, { detail: versionMessages.missing });
  return versionOf(header) ?? 0;
}

/** The 412 answer: the record as it now stands, who saved it and when (where it keeps that), and its current ETag. */
export function versionConflict(current: object, updatedBy: { id: number; name: string } | null, updatedAt: Date | null, version?: number) {
  const headers: Record<string, string> = version === undefined ? {} : { etag: etagOf(version) };
  return new DomainError(412, { detail: versionMessages.conflict, updated_by: updatedBy, updated_at: updatedAt?.toISOString() ?? null, current }, headers);
}
