import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EXPORT_KEEP_DAYS, exportContentTypes, exportFormats, EXPORTS_LISTED, exportLabels, exportRequestSchema, type ExportKind, type ExportRequest, type StaffExport } from '@school/shared/staff/exports';
import { csvFile } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { allowedTo, definePolicy } from '../../lib/policy';
import { recordEvent } from '../events/service';
import type { StaffContext } from '../staff/context';
import { checkOf, exporters, pdfOf, rowsOf } from './exporters';
import { reportScopeOf } from '../reports/policy';
import { exportPolicy } from './policy';
import { exportRepository, type ExportRow } from './repository';

export const STAFF_EXPORT = 'staff-export';

const kindPolicy = (kind: ExportKind) => definePolicy({ schoolOf: (school: { id: number }) => school.id, verbs: { request: allowedTo(exporters[kind].permission) } });

const formatOf = (kind: string) => exportFormats[kind as ExportKind] ?? 'csv';
const fileNameOf = (row: Pick<ExportRow, 'kind' | 'id' | 'createdAt'>) => `${row.kind}-${row.createdAt.toISOString().slice(0, 10)}-${row.id}.${formatOf(row.kind)}`;

export function presentExport(row: ExportRow): StaffExport {
  return {
    id: row.id,
    kind: row.kind,
    label: exportLabels[row.kind as ExportKind] ?? row.kind,
    filters: row.params,
    state: row.state,
    rows: row.rows,
    error: row.state === 'failed' ? row.error : null,
    requested_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    file_name: fileNameOf(row),
  };
}

/**
 * Files made in the background (issue 23: "nothing that scans the school's history runs inside a request"): a
 * request records the export and its job in one transaction; the job writes the CSV to the private area and
 * tells its requester (the bell); only the requester downloads it, for EXPORT_KEEP_DAYS days.
 */
export function exportService(app: FastifyInstance) {
  const repo = exportRepository(app.db);

  async function mine(ctx: StaffContext, id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    exportPolicy.authorize(ctx.actor, 'download', row);
    return row;
  }

  return {
    async request(ctx: StaffContext, body: ExportRequest) {
      kindPolicy(body.kind).authorize(ctx.actor, 'request', ctx.school);
      const scope = reportScopeOf(ctx.actor);
      await checkOf(app, ctx.school, body, scope);
      return app.db.transaction(async (tx) => {
        const row = await exportRepository(tx).insert({ schoolId: ctx.school.id, requestedBy: ctx.actor.userId, instructorId: scope.instructorId, kind: body.kind, params: body.filters, state: 'queued' });
        await app.jobs.send(STAFF_EXPORT, { id: row.id }, { tx });
        return row;
      });
    },

    list: (ctx: StaffContext) => repo.mine(ctx.school.id, ctx.actor.userId, EXPORTS_LISTED),

    mine,

    async file(ctx: StaffContext, id: number) {
      const row = await mine(ctx, id);
      const bytes = row.fileKey ? await app.storage.get(row.fileKey, 'private') : null;
      if (!bytes) throw notFound();
      return { bytes, name: fileNameOf(row), contentType: exportContentTypes[formatOf(row.kind)] };
    },

    /** The job: the rows read in batches, the file stored, the requester told; a failure is recorded and told too. */
    async run(id: number) {
      const found = await repo.findWithSchool(id);
      if (!found || found.row.state === 'ready') return;
      const { row, school } = found;
      await repo.update(id, { state: 'running' });
      try {
        // Read back through the request's own schema: a row changed since, or a kind no longer offered, fails here.
        const asked = exportRequestSchema.parse({ kind: row.kind, filters: row.params });
        const lines = [];
        const scope = { instructorId: row.instructorId };
        for await (const line of rowsOf(app, school, asked, scope)) lines.push(line);
        const format = formatOf(row.kind);
        const key = `exports/${school.id}/${id}-${randomBytes(9).toString('base64url')}.${format}`;
        const bytes = format === 'pdf' ? await pdfOf(app, school, asked, scope, lines) : Buffer.from(lines.length ? csvFile(lines) : '', 'utf8');
        await app.storage.put(key, bytes, { visibility: 'private', contentType: exportContentTypes[format] });
        await app.db.transaction(async (tx) => {
          await exportRepository(tx).update(id, { state: 'ready', fileKey: key, rows: lines.length, finishedAt: new Date() });
          await recordEvent(tx, { schoolId: school.id, actorId: null, type: 'export.ready', subjectId: id, data: { kind: row.kind, rows: lines.length } });
        });
      } catch (error) {
        app.log.error({ err: error, export: id }, 'an export failed');
        await app.db.transaction(async (tx) => {
          // The details are in the log; the requester reads what to do (exportMessages.failed).
          await exportRepository(tx).update(id, { state: 'failed', error: 'failed', finishedAt: new Date() });
          await recordEvent(tx, { schoolId: school.id, actorId: null, type: 'export.failed', subjectId: id, data: { kind: row.kind } });
        });
      }
    },

    /** Removes exports older than EXPORT_KEEP_DAYS with their files; answers how many. */
    async forgetOld() {
      const old = await repo.olderThan(new Date(Date.now() - EXPORT_KEEP_DAYS * 86_400_000), 500);
      for (const row of old) {
        if (row.fileKey) await app.storage.remove(row.fileKey);
        await repo.remove(row.id);
      }
      return old.length;
    },
  };
}
