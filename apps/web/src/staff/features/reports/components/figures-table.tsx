import type { ReportFigures } from '@school/shared/staff/reports';

export interface FigureColumn {
  key: keyof ReportFigures;
  header: string;
  format?: (n: number) => string;
}

/** A report's figures as a table: a row per period or course, a column per figure, the total last. */
export function FiguresTable({ caption, first, rows, columns, total }: { caption: string; first: string; rows: { label: string; figures: ReportFigures }[]; columns: FigureColumn[]; total?: ReportFigures }) {
  const cell = (c: FigureColumn, f: ReportFigures) => (c.format ? c.format(f[c.key]) : String(f[c.key]));
  return (
    <div className="staff-table-box" role="region" aria-label={caption} tabIndex={0}>
      <table className="staff-table report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              {columns.map((c) => (
                <td key={c.key}>{cell(c, r.figures)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {columns.map((c) => (
                <td key={c.key}>{cell(c, total)}</td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
