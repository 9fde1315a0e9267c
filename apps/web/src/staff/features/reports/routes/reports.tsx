import { peso } from '@school/shared/payments/money';
import { reportIntervalLabels, reportQuerySchema, type ActivityReport } from '@school/shared/staff/reports';
import { QueryState } from '../../../components/query-state';
import { ExportButton } from '../../../components/export-button';
import { useListFilters } from '../../../lib/use-list-filters';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useActivityReport, useReportCourses } from '../api/report-calls';
import { AttendanceFiles } from '../components/attendance-files';
import { FiguresTable, type FigureColumn } from '../components/figures-table';
import { PeriodChart } from '../components/period-chart';
import { ReportFilterForm } from '../components/report-filter-form';
import '../reports.css';

const learning: FigureColumn[] = [
  { key: 'enrolments', header: 'Enrolments' },
  { key: 'completions', header: 'Completions' },
  { key: 'certificates', header: 'Certificates' },
  { key: 'units', header: 'MCLE units' },
];
const money: FigureColumn[] = [
  { key: 'gross', header: 'Gross', format: peso },
  { key: 'vouchers', header: 'Vouchers', format: peso },
  { key: 'coins', header: 'Coins', format: peso },
  { key: 'fees', header: 'Gateway fees', format: peso },
  { key: 'paid', header: 'Paid', format: peso },
  { key: 'refunds', header: 'Refunds', format: peso },
  { key: 'net', header: 'Net', format: peso },
];

/** The report's totals as tiles: what a glance needs. */
function Totals({ report }: { report: ActivityReport }) {
  const t = report.totals;
  const tiles: [string, string][] = [
    ['Enrolments', String(t.enrolments)],
    ['Completions', String(t.completions)],
    ['Certificates', String(t.certificates)],
    ['MCLE units granted', String(t.units)],
    ...(report.money
      ? ([
          ['Paid', peso(t.paid)],
          ['Refunds', peso(t.refunds)],
          ['Net', peso(t.net)],
        ] as [string, string][])
      : []),
  ];
  return (
    <ul className="report-tiles" aria-label="Totals of the range">
      {tiles.map(([label, value]) => (
        <li key={label}>
          <span className="report-tile-value">{value}</span>
          <span className="muted">{label}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * /staff/reports: the school's activity over a range (the last 30 days unless chosen), by day, week or month, for
 * the school or one course: each figure as a chart with the same numbers in a table, the courses, the MCLE units
 * by subject area, files of each, and the MCLE attendance report.
 */
export function Reports() {
  const { filters, update } = useListFilters(reportQuerySchema);
  const report = useActivityReport(filters);
  const courses = useReportCourses().data ?? [];
  const me = useStaffMe().data;

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Reports</h1>
      </div>
      <ReportFilterForm filters={filters} courses={courses} everything={me?.permissions.includes('report.read') ? 'The whole school' : 'All your courses'} onApply={update} />
      <QueryState query={report} what="The report">
        {(r) => {
          const periods = r.periods.map((p) => ({ label: p.period, figures: p }));
          const shown = { ...filters, date_from: r.date_from, date_to: r.date_to };
          return (
            <>
              <p role="status" className="muted">
                {r.course ? r.course.name : r.money ? 'The whole school' : 'All your courses'}, {r.date_from} to {r.date_to}, {reportIntervalLabels[r.interval].toLowerCase()}.
              </p>
              <Totals report={r} />
              <div className="report-actions">
                <ExportButton label="Export by period (CSV)" request={{ kind: 'report-periods', filters: shown }} />
                <ExportButton label="Export by course (CSV)" request={{ kind: 'report-items', filters: shown }} />
              </div>

              <section className="report-section" aria-labelledby="learning-heading">
                <h2 id="learning-heading">Enrolments and completions</h2>
                <PeriodChart
                  data={r.periods}
                  label="Enrolments, completions and certificates by period"
                  series={[
                    { key: 'enrolments', name: 'Enrolments' },
                    { key: 'completions', name: 'Completions' },
                    { key: 'certificates', name: 'Certificates' },
                  ]}
                />
                <FiguresTable caption="Enrolments, completions, certificates and MCLE units by period" first="Period" rows={periods} columns={learning} total={r.totals} />
              </section>

              {r.money && (
              <section className="report-section" aria-labelledby="revenue-heading">
                <h2 id="revenue-heading">Revenue</h2>
                <p className="muted">Paid transactions by the day they were paid: gross is the price with VAT; net is what was paid less the gateways' fees and the refunds made.</p>
                <PeriodChart
                  data={r.periods}
                  label="Paid, refunds and net by period"
                  format={peso}
                  series={[
                    { key: 'paid', name: 'Paid' },
                    { key: 'refunds', name: 'Refunds' },
                    { key: 'net', name: 'Net' },
                  ]}
                />
                <FiguresTable caption="Revenue by period" first="Period" rows={periods} columns={money} total={r.totals} />
              </section>
              )}

              <section className="report-section" aria-labelledby="courses-heading">
                <h2 id="courses-heading">By course</h2>
                {r.items.length === 0 ? (
                  <p className="empty-state">Nothing happened in this range.</p>
                ) : (
                  <FiguresTable
                    caption="Each course's and bundle's figures, the most enrolled first"
                    first="Course or bundle"
                    rows={r.items.map((i) => ({ label: i.kind === 'bundle' ? `${i.name} (bundle)` : i.name, figures: i }))}
                    columns={r.money ? [...learning, ...money.filter((c) => ['paid', 'refunds', 'net'].includes(c.key))] : learning}
                  />
                )}
              </section>

              <section className="report-section" aria-labelledby="units-heading">
                <h2 id="units-heading">MCLE units granted by subject area</h2>
                {r.areas.length === 0 ? (
                  <p className="empty-state">No certificate with MCLE units was issued in this range.</p>
                ) : (
                  <div className="staff-table-box" role="region" aria-label="MCLE units by subject area" tabIndex={0}>
                    <table className="staff-table">
                      <caption className="visually-hidden">MCLE units granted by subject area</caption>
                      <thead>
                        <tr>
                          <th scope="col">Subject area</th>
                          <th scope="col">Units</th>
                        </tr>
                      </thead>
                      <tbody>
                        {r.areas.map((a) => (
                          <tr key={a.key}>
                            <th scope="row">{a.label}</th>
                            <td>{a.units}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
            </>
          );
        }}
      </QueryState>
      <AttendanceFiles courses={courses} />
    </div>
  );
}
