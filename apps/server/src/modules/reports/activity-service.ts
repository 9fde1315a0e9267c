import type { FastifyInstance } from 'fastify';
import { MCLE_AREAS } from '@school/shared/certificates/mcle';
import { toPesos } from '@school/shared/payments/rules';
import { nextDay, todayIn, zonedInstant } from '@school/shared/school/dates';
import { emptyFigures, REPORT_DEFAULT_DAYS, REPORT_MAX_PERIODS, reportMessages, reportPeriods, type ActivityReport, type ReportFigures, type ReportQuery } from '@school/shared/staff/reports';
import { invalid } from '../../lib/errors';
import type { StaffContext } from '../staff/context';
import type { SchoolRow } from '../tenancy/repository';
import { activityRepository, itemNames } from './staff-activity-repository';
import { courseReportPolicy, reportScopeOf, type ReportScope } from './policy';

type Item = ActivityReport['items'][number];
const MONEY = ['gross', 'vouchers', 'coins', 'fees', 'paid', 'refunds', 'net'] as const;
const units = (n: number) => Math.round(n * 100) / 100;

/** The range asked for, or the last REPORT_DEFAULT_DAYS days on the school's clock; checked again once whole. */
function rangeOf(query: ReportQuery, timeZone: string) {
  const to = query.date_to ?? todayIn(timeZone);
  const from = query.date_from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  if (from > to) throw invalid({ date_from: reportMessages.fromAfterTo });
  if (reportPeriods(from, to, query.interval).length > REPORT_MAX_PERIODS) throw invalid({ date_to: reportMessages.tooLong });
  return { from, to };
}

/** Centavos to pesos, net worked out, units rounded: figures as the report shows them. */
function finished(f: ReportFigures): ReportFigures {
  const net = f.paid - f.fees - f.refunds;
  return { ...f, ...Object.fromEntries(MONEY.map((key) => [key, toPesos(key === 'net' ? net : f[key])])), units: units(f.units) } as ReportFigures;
}

/**
 * The school's activity over a range (issue 23's reports): enrolments, completions and standing certificates with
 * their MCLE units, and the money of paid transactions (gross, vouchers, coins, gateway fees, paid, refunds, net),
 * per period and per course or bundle; the units by subject area. Read in SQL, grouped by period and item.
 */
export function activityReportService(app: FastifyInstance) {
  const figuresOf = activityRepository(app.db);
  const names = itemNames(app.db);

  async function build(school: SchoolRow, query: ReportQuery, scope: ReportScope): Promise<ActivityReport> {
    const { from, to } = rangeOf(query, school.timeZone);
    const course = query.course === undefined ? null : await names.course(school.id, query.course, scope.instructorId);
    if (query.course !== undefined && !course) throw invalid({ course: reportMessages.courseNotHere });
    const read = figuresOf({
      schoolId: school.id,
      from: zonedInstant(from, '00:00', school.timeZone),
      before: zonedInstant(nextDay(to), '00:00', school.timeZone),
      interval: query.interval,
      timeZone: school.timeZone,
      courseId: course?.id ?? null,
      instructorId: scope.instructorId,
    });
    // An instructor's report has no money: the school's payments are its administrators'.
    const money = scope.instructorId === null;
    const [enrolments, completions, issued, areas, payments, refunds] = await Promise.all([
      read.enrolments(),
      read.completions(),
      read.certificates(),
      read.areas(),
      money ? read.payments() : [],
      money ? read.refunds() : [],
    ]);

    const periods = new Map(reportPeriods(from, to, query.interval).map((period) => [period, emptyFigures()]));
    const items = new Map<string, Omit<Item, 'name'> & { name: string }>();
    const totals = emptyFigures();
    const itemOf = (courseId: number | null, bundleId: number | null = null) => {
      const kind = courseId !== null ? 'course' : bundleId !== null ? 'bundle' : null;
      if (!kind) return undefined;
      const id = (courseId ?? bundleId)!;
      const key = `${kind}:${id}`;
      if (!items.has(key)) items.set(key, { kind, id, name: '', ...emptyFigures() });
      return items.get(key)!;
    };
    const add = (period: string, courseId: number | null, bundleId: number | null, values: Partial<ReportFigures>) => {
      for (const target of [periods.get(period), itemOf(courseId, bundleId), totals]) {
        if (!target) continue;
        for (const [key, value] of Object.entries(values) as [keyof ReportFigures, number][]) target[key] += value;
      }
    };
    for (const r of enrolments) add(r.period, r.courseId, null, { enrolments: r.n });
    for (const r of completions) add(r.period, r.courseId, null, { completions: r.n });
    for (const r of issued) add(r.period, r.courseId, null, { certificates: r.n, units: r.units });
    for (const r of payments) add(r.period, r.courseId, r.bundleId, { gross: r.gross, vouchers: r.vouchers, coins: r.coins, fees: r.fees, paid: r.paid });
    for (const r of refunds) add(r.period, r.courseId, r.bundleId, { refunds: r.amount });

    const ids = (kind: Item['kind']) => [...items.values()].filter((i) => i.kind === kind).map((i) => i.id);
    const [courseNames, bundleNames] = await Promise.all([names.courses(school.id, ids('course')), names.bundles(school.id, ids('bundle'))]);
    const nameOf = new Map<string, string>([...courseNames.map((c) => [`course:${c.id}`, c.name] as const), ...bundleNames.map((b) => [`bundle:${b.id}`, b.name] as const)]);
    const unitsOf = new Map(areas.map((a) => [a.key, a.units]));
    return {
      date_from: from,
      date_to: to,
      interval: query.interval,
      course: course ?? null,
      money,
      periods: [...periods].map(([period, f]) => ({ period, ...finished(f) })),
      totals: finished(totals),
      items: [...items]
        .map(([key, item]) => ({ ...item, ...finished(item), name: nameOf.get(key) ?? 'Deleted' }))
        .sort((a, b) => b.enrolments - a.enrolments || b.paid - a.paid || a.name.localeCompare(b.name)),
      areas: MCLE_AREAS.filter((a) => (unitsOf.get(a.key) ?? 0) > 0).map((a) => ({ key: a.key, label: a.label, units: units(unitsOf.get(a.key)!) })),
    };
  }

  return {
    async activity(ctx: StaffContext, query: ReportQuery) {
      courseReportPolicy.authorize(ctx.actor, 'read', ctx.school);
      return build(ctx.school, query, reportScopeOf(ctx.actor));
    },
    async courses(ctx: StaffContext) {
      courseReportPolicy.authorize(ctx.actor, 'read', ctx.school);
      return names.all(ctx.school.id, reportScopeOf(ctx.actor).instructorId);
    },
    /** A report file's filters, checked when it is asked for: the course must be one the caller's report covers. */
    async check(school: SchoolRow, query: ReportQuery, scope: ReportScope) {
      rangeOf(query, school.timeZone);
      if (query.course !== undefined && !(await names.course(school.id, query.course, scope.instructorId))) throw invalid({ course: reportMessages.courseNotHere });
    },
    /** For the export job, whose request was authorized when it was made. */
    build,
  };
}
