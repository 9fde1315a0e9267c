import type { FastifyInstance } from 'fastify';
import type { ExportKind, ExportRequest } from '@school/shared/staff/exports';
import type { Permission } from '@school/shared/staff/permissions';
import { paymentRows } from '../payments/staff-transaction-export';
import { checkReport, itemRows, periodRows } from '../reports/activity-export';
import { attendanceRows, attendanceSubject } from '../reports/attendance';
import type { ReportScope } from '../reports/policy';
import type { SchoolRow } from '../tenancy/repository';

type Cell = string | number | boolean | null;
type FiltersOf<K extends ExportKind> = Extract<ExportRequest, { kind: K }>['filters'];
type Row = Record<string, Cell>;

interface Exporter<K extends ExportKind> {
  /** Who may ask for it at the school (and download it: only its requester). */
  permission: Permission;
  /** `scope` is whose courses the file covers: an instructor's (who asked for it) or, null, the school's. */
  /** What the request itself checks of its filters (a course of the school), so that a bad one is refused at once. */
  check?(app: FastifyInstance, school: SchoolRow, filters: FiltersOf<K>, scope: ReportScope): Promise<unknown>;
  /** The file's rows, in order; each row's keys are the header. */
  rows(app: FastifyInstance, school: SchoolRow, filters: FiltersOf<K>, scope: ReportScope): AsyncIterable<Row>;
  /** A PDF's pages from the rows (exportFormats says which kinds are PDFs); a CSV is written from the rows alone. */
  pdf?(app: FastifyInstance, school: SchoolRow, filters: FiltersOf<K>, scope: ReportScope, rows: Row[]): Promise<Buffer>;
}

/** Every export the console offers: adding one is its kind in the shared labels and a line here. */
export const exporters: { [K in ExportKind]: Exporter<K> } = {
  payments: { permission: 'payment.read', rows: paymentRows },
  'report-periods': { permission: 'report.course', check: checkReport, rows: periodRows },
  'report-items': { permission: 'report.course', check: checkReport, rows: itemRows },
  'mcle-attendance': { permission: 'report.course', check: attendanceSubject, rows: attendanceRows },
  'mcle-attendance-pdf': {
    permission: 'report.course',
    check: attendanceSubject,
    rows: attendanceRows,
    async pdf(app, school, filters, scope, rows) {
      const { course, period } = await attendanceSubject(app, school, filters, scope);
      const { attendancePdf } = await import('../reports/attendance-pdf');
      return attendancePdf({ school, course, period: period?.name ?? null, rows: rows as Record<string, string | number>[] });
    },
  },
};

/** The exporter of a request, typed by its kind: one place that narrows the union. */
function exporterOf(asked: ExportRequest) {
  return exporters[asked.kind] as unknown as Exporter<ExportKind> & {
    check?(app: FastifyInstance, school: SchoolRow, filters: ExportRequest['filters'], scope: ReportScope): Promise<unknown>;
    rows(app: FastifyInstance, school: SchoolRow, filters: ExportRequest['filters'], scope: ReportScope): AsyncIterable<Row>;
    pdf?(app: FastifyInstance, school: SchoolRow, filters: ExportRequest['filters'], scope: ReportScope, rows: Row[]): Promise<Buffer>;
  };
}

/** The rows of an export as asked. */
export const rowsOf = (app: FastifyInstance, school: SchoolRow, asked: ExportRequest, scope: ReportScope) => exporterOf(asked).rows(app, school, asked.filters, scope);

/** The request's own check of its filters, when its kind has one. */
export const checkOf = (app: FastifyInstance, school: SchoolRow, asked: ExportRequest, scope: ReportScope) => exporterOf(asked).check?.(app, school, asked.filters, scope);

/** A PDF kind's file from its rows. */
export const pdfOf = (app: FastifyInstance, school: SchoolRow, asked: ExportRequest, scope: ReportScope, rows: Row[]) => exporterOf(asked).pdf!(app, school, asked.filters, scope, rows);
