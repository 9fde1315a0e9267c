import type { FastifyInstance } from 'fastify';
import type { ExportRequest } from '@school/shared/staff/exports';
import type { ReportFigures } from '@school/shared/staff/reports';
import type { SchoolRow } from '../tenancy/repository';
import type { ReportScope } from './policy';
import { activityReportService } from './activity-service';

type Filters = Extract<ExportRequest, { kind: 'report-periods' }>['filters'];

/** A report's figures as the columns of its CSV (pesos, units), in the screen's order. */
const columns = (f: ReportFigures) => ({
  Enrolments: f.enrolments,
  Completions: f.completions,
  Certificates: f.certificates,
  'MCLE units': f.units,
  Gross: f.gross,
  Vouchers: f.vouchers,
  Coins: f.coins,
  'Gateway fees': f.fees,
  Paid: f.paid,
  Refunds: f.refunds,
  Net: f.net,
});

/** What asking for either file checks of its filters. */
export const checkReport = (app: FastifyInstance, school: SchoolRow, filters: Filters, scope: ReportScope) => activityReportService(app).check(school, filters, scope);

/** The activity report's periods, then their total: one row each. */
export async function* periodRows(app: FastifyInstance, school: SchoolRow, filters: Filters, scope: ReportScope) {
  const report = await activityReportService(app).build(school, filters, scope);
  for (const p of report.periods) yield { Period: p.period, ...columns(p) };
  yield { Period: 'Total', ...columns(report.totals) };
}

/** The activity report's courses and bundles, the most enrolled first. */
export async function* itemRows(app: FastifyInstance, school: SchoolRow, filters: Filters, scope: ReportScope) {
  const report = await activityReportService(app).build(school, filters, scope);
  for (const item of report.items) yield { Kind: item.kind === 'course' ? 'Course' : 'Bundle', Name: item.name, ...columns(item) };
}
