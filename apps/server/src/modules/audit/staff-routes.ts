import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { AUDIT_PAGE_SIZE, auditEntrySchema, auditQuerySchema, type AuditQuery } from '@school/shared/staff/audit';
import { nextDay, zonedInstant } from '@school/shared/school/dates';
import { definePolicy, allowedTo } from '../../lib/policy';
import { pageOf } from '../../lib/pagination';
import { fullName } from '../account/presenter';
import { staffActor } from '../auth/actor';
import { auditRepository, type AuditFilter } from './repository';
import { staffRoute } from '../staff/route-schema';

/** A school's audit log is read by those with audit.read there; another school's is not reachable at all. */
const auditPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { read: allowedTo('audit.read') },
});

/** The query's filters as the repository takes them; the dates are the school's calendar days. */
function filterOf(query: AuditQuery, timeZone: string): AuditFilter {
  const [type, id] = query.subject?.split(':') ?? [];
  return {
    actorId: query.actor,
    subject: type && id ? { type, id: Number(id) } : undefined,
    action: query.action,
    aboutUserId: query.student,
    from: query.date_from ? zonedInstant(query.date_from, '00:00', timeZone) : undefined,
    before: query.date_to ? zonedInstant(nextDay(query.date_to), '00:00', timeZone) : undefined,
  };
}

export const auditStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = auditRepository(app.db);
  app.get(
    '/audit/',
    {
      schema: {
        ...staffRoute,
        summary: "The school's audit log, newest first: filter by actor, subject (course:12), a student (their enrolments, payments, attempts and ID submissions), action and dates",
        querystring: auditQuerySchema,
        response: { 200: listSchema(auditEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      auditPolicy.authorize(staffActor(request), 'read', request.school);
      const { page } = request.query;
      const { rows, total } = await repo.page(request.school.id, filterOf(request.query, request.school.timeZone), AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE);
      const data = rows.map(({ entry, actor }) => ({
        id: entry.id,
        action: entry.action,
        subject: `${entry.subjectType}:${entry.subjectId}`,
        actor: entry.actorId !== null && actor ? { id: entry.actorId, name: fullName(actor) || actor.username } : null,
        changes: entry.changes,
        client_address: entry.clientAddress,
        request_id: entry.requestId,
        created_at: entry.createdAt.toISOString(),
      }));
      return pageOf(data, total, page, AUDIT_PAGE_SIZE);
    },
  );
};
