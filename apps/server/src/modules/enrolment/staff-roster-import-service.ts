import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { countOutcomes, IMPORT_MAX_ROWS, importMessages as msg, planImport, type ImportLine, type ImportPlan, type ImportRun, type PlannedRow } from '@school/shared/staff/roster-import';
import { badRequest, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { recordAudit } from '../audit/service';
import { authService } from '../auth/service';
import { recordEvent } from '../events/service';
import type { StaffContext } from '../staff/context';
import { rosterImportRepository, type RosterImportRow } from './staff-roster-import-repository';
import { staffRosterRepository } from './staff-roster-repository';
import { staffRosterService } from './staff-roster-service';

export const ROSTER_IMPORT = 'roster-import';
/** Lines planned and written between two progress reports. */
const BATCH = 200;

/**
 * The file's lines: UTF-8 text (a byte order mark allowed), a first line naming the columns (`email`, or
 * `e-mail`, and `class`), then one student a line. Anything else is refused with what to do about it.
 */
export function readImportFile(bytes: Buffer): ImportLine[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(msg.notUtf8, 'not_utf8');
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true, to: IMPORT_MAX_ROWS + 2 }) as string[][];
  } catch (error) {
    throw badRequest(msg.notCsv(error instanceof Error ? error.message : 'unreadable'), 'not_csv');
  }
  const [header, ...rows] = records;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const emailAt = names.findIndex((n) => n === 'email' || n === 'e-mail');
  if (emailAt < 0) throw badRequest(msg.noEmailColumn, 'no_email_column');
  if (rows.length === 0) throw badRequest(msg.empty, 'empty');
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(msg.tooMany, 'too_many_rows');
  const classAt = names.indexOf('class');
  // Lines are counted as the file shows them to a person: the column names are line 1.
  return rows.map((row, i) => ({ line: i + 2, email: row[emailAt] ?? '', className: classAt >= 0 ? (row[classAt] ?? '') : '' }));
}

const presentRow = (r: PlannedRow) => ({ line: r.line, email: r.email, class: r.className, outcome: r.outcome, reason: r.reason });

function presentRun(row: RosterImportRow): ImportRun {
  return {
    id: row.id,
    state: row.state,
    total: row.total,
    done: row.done,
    counts: row.counts,
    errors: row.errors.map((e) => ({ line: e.line, email: e.email, class: e.className, outcome: 'error' as const, reason: e.reason })),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Bulk enrolment from a CSV file (issue 23): a dry run that says what each line would do, then the real run as a
 * job that plans each batch again (the school may have changed meanwhile), invites the addresses without an
 * account, enrols the others, and reports its progress.
 */
export function rosterImportService(app: FastifyInstance) {
  const repo = rosterImportRepository(app.db);
  const roster = staffRosterService(app);
  const auth = authService(app);

  async function plan(schoolId: number, course: { id: number; classEnrollmentOnly: boolean }, lines: ImportLine[], seen?: Set<string>) {
    const emails = [...new Set(lines.map((l) => l.email.trim().toLowerCase()))];
    const [accounts, classes] = await Promise.all([repo.accounts(schoolId, course.id, emails), repo.classes(course.id)]);
    return { rows: planImport(lines, { classes, classOnly: course.classEnrollmentOnly, accounts }, seen), accounts, classes };
  }

  return {
    async dryRun(ctx: StaffContext, courseId: number, bytes: Buffer): Promise<ImportPlan> {
      const course = await roster.course(ctx, courseId, 'manage');
      const { rows } = await plan(ctx.school.id, course, readImportFile(bytes));
      return { rows: rows.map(presentRow), counts: countOutcomes(rows) };
    },

    /** Records the import and its job in one transaction (and the import in the audit log). */
    async start(ctx: StaffContext, courseId: number, bytes: Buffer, options: { as: 'free' | 'paid' | 'pay_later'; note: string }) {
      const course = await roster.course(ctx, courseId, 'manage');
      const lines = readImportFile(bytes);
      const row = await app.db.transaction(async (tx) => {
        const made = await rosterImportRepository(tx).insert({ schoolId: ctx.school.id, courseId: course.id, requestedBy: ctx.actor.userId, options, lines, state: 'queued', total: lines.length });
        await app.jobs.send(ROSTER_IMPORT, { id: made.id }, { tx });
        await recordAudit(tx, ctx.audit, { action: 'enrolment.import', subject: { type: 'course', id: course.id }, after: { lines: lines.length, as: options.as, note: options.note } });
        return made;
      });
      return presentRun(row);
    },

    async status(ctx: StaffContext, courseId: number, id: number) {
      const course = await roster.course(ctx, courseId, 'manage');
      const row = await repo.find(course.id, id);
      if (!row) throw notFound();
      return presentRun(row);
    },

    /** The job: batch by batch, one commit per batch with its progress, each line in its own savepoint. */
    async run(id: number) {
      const found = await repo.forJob(id);
      if (!found || found.run.state === 'done') return;
      const { run, school, course } = found;
      await repo.update(id, { state: 'running' });
      const counts = { invite: 0, enrol: 0, already: 0, error: 0 };
      const errors: RosterImportRow['errors'] = [];
      // What the last committed batch left: a failed batch is undone, so its lines are not counted.
      let committed = { counts: { ...counts }, errors: 0 };
      const notes = run.options.as === 'paid' ? `Marked paid by the school: ${run.options.note}` : run.options.note;
      try {
        // The addresses of earlier batches stay seen: a repeated address is caught across batches too.
        const seen = new Set<string>();
        for (let start = 0; start < run.lines.length; start += BATCH) {
          const { rows, accounts, classes } = await plan(school.id, { id: run.courseId, classEnrollmentOnly: course.classOnly }, run.lines.slice(start, start + BATCH), seen);
          // One commit per batch with its progress; each line in a savepoint of its own, so that one line's
          // failure is that line's alone.
          await app.db.transaction(async (batch) => {
            for (const row of rows) {
              if (row.outcome === 'error') {
                counts.error++;
                errors.push({ line: row.line, email: row.email, className: row.className, reason: row.reason! });
                continue;
              }
              if (row.outcome === 'already') {
                counts.already++;
                continue;
              }
              const classId = row.className ? (classes.get(row.className.trim().toLowerCase()) ?? null) : null;
              try {
                const outcome = await batch.transaction(async (tx) => {
                  const userId = accounts.get(row.email)?.userId ?? (await auth.inviteStudent(tx, row.email, school, course.name)).id;
                  const made = await staffRosterRepository(tx).enrol({ userId, schoolId: school.id, courseId: run.courseId, classId, compliancePeriodId: null, status: run.options.as, startDate: course.dateStart, notes });
                  if (!made) return 'already' as const;
                  await recordEvent(tx, { schoolId: school.id, actorId: run.requestedBy, type: 'enrolment.course', subjectId: made.id, data: { courseId: run.courseId, classId, status: made.status, byStaff: true } });
                  return row.outcome;
                });
                counts[outcome]++;
              } catch (error) {
                // An account made for the address meanwhile (a sign-up at the same moment): the line says so.
                if (!isUniqueViolation(error)) throw error;
                counts.error++;
                errors.push({ line: row.line, email: row.email, className: row.className, reason: 'An account was made for this address during the import: import the line again.' });
              }
            }
            await rosterImportRepository(batch).update(id, { done: Math.min(start + BATCH, run.total), counts, errors });
          });
          committed = { counts: { ...counts }, errors: errors.length };
        }
        await repo.update(id, { state: 'done', finishedAt: new Date() });
      } catch (error) {
        app.log.error({ err: error, import: id }, 'a roster import failed');
        await repo.update(id, { state: 'failed', counts: committed.counts, errors: errors.slice(0, committed.errors), finishedAt: new Date() });
      }
    },
  };
}
